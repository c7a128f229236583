// The pt-BR catalogue's "mail" section (lib/i18n/messages.ts explains the catalogue).
export const mailMessages = {
  inviteSubject: "Convite para o Bloco",
  inviteGreeting: "Olá!",
  inviteBody: (organization: string) => `Você foi convidado(a) para usar o Bloco com ${organization}.`,
  inviteAction: "Para aceitar o convite, acesse o link abaixo (válido por 7 dias):",
  inviteAccept: "Aceitar convite",
  resetSubject: "Redefinição de senha",
  resetBody: "Recebemos um pedido para redefinir a senha da sua conta no Bloco.",
  resetAction: "Para escolher uma nova senha, acesse o link abaixo (válido por 1 hora):",
  resetButton: "Redefinir senha",
  resetIgnore: "Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.",
  signature: "Equipe Bloco",
} as const;
