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
  greeting: (name: string) => `Olá, ${name}!`,
  pendencySubject: (client: string) => `Pendência em um bloco de ${client}`,
  pendencyBody: (office: string, client: string, sentOn: string) =>
    `${office} registrou uma pendência em um bloco de ${client} enviado em ${sentOn}.`,
  pendencyIssue: (issue: string) => `O que aconteceu: ${issue}`,
  pendencyObservation: (text: string) => `Observação: ${text}`,
  pendencyAction: "Para resolver, abra o bloco em Blocos com pendencia:",
  pendencyButton: "Abrir a pendência",
  returnedSubject: (client: string) => `Bloco devolvido pelo escritório: ${client}`,
  returnedBody: (office: string, client: string, sentOn: string) =>
    `${office} devolveu um bloco de ${client} enviado em ${sentOn}.`,
  returnedReason: (reason: string) => `Motivo: ${reason}`,
  returnedDeadline: (deadline: string) =>
    `Os documentos ficam em Devolvidos por 7 dias: são excluídos à 0h de ${deadline} (horário de Brasília). ` +
    "Até lá, você pode usá-los em um novo bloco.",
  returnedAction: "Para ver os documentos, acesse Devolvidos:",
  returnedButton: "Ver devolvidos",
  digestSubject: (blocks: number) =>
    blocks === 1 ? "Resumo diário: 1 bloco novo" : `Resumo diário: ${blocks} blocos novos`,
  digestBody: (day: string) => `Blocos novos dos clientes pelos quais você é responsável, enviados em ${day}:`,
  digestLine: (client: string, blocks: number) => `${client}: ${blocks === 1 ? "1 bloco" : `${blocks} blocos`}`,
  digestAction: "Para categorizar, acesse o Bloco:",
  digestButton: "Abrir o Bloco",
  unsubscribeWhy: (kind: string) =>
    `Você recebe este e-mail porque o aviso "${kind}" está ligado no seu perfil do Bloco.`,
  unsubscribeAction: "Para não receber mais estes e-mails:",
  unsubscribeLink: "Cancelar o recebimento",
} as const;
