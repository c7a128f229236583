// The pt-BR catalogue's "privacy" section (lib/i18n/messages.ts explains the catalogue): the office's
// 'Política de retenção', a client's 'Suspender exclusão', 'Baixar meus dados', 'Excluir minha conta',
// the /privacidade page and the API's messages about them.
export const privacyMessages = {
  retentionTitle: "Política de retenção",
  retentionText: (years: number) =>
    `Os arquivos de um documento do ano X ficam guardados até pelo menos 1º de janeiro de X + ${years} + 2. ` +
    "Depois disso, as fotos e arquivos são apagados; os lançamentos e o histórico continuam.",
  retentionYears: "Anos de guarda",
  retentionYearsHint: "Mínimo de 5 anos (prazo fiscal).",
  retentionSave: "Salvar política",
  retentionSaved: "Política de retenção salva.",
  retentionYearsInvalid: (min: number, max: number) => `Informe um número inteiro de ${min} a ${max} anos.`,
  holdTitle: "Retenção de documentos",
  holdLabel: "Suspender exclusão",
  holdHint: "Enquanto ligado (uma fiscalização, um processo), nenhum arquivo deste cliente é apagado.",
  holdSince: (date: string) => `Exclusão suspensa desde ${date}.`,
  holdSaved: "Alteração salva.",
  holdInvalid: "Informe se a exclusão fica suspensa (true) ou não (false).",

  personalTitle: "Meus dados",
  personalText:
    "Você pode receber por e-mail um arquivo ZIP com os seus dados pessoais guardados no Bloco, " +
    "ou excluir a sua conta.",
  downloadData: "Baixar meus dados",
  downloadRequested: (email: string) => `Pedido recebido. Enviaremos o link para ${email} em instantes.`,
  downloadTooSoon: "Você já pediu seus dados há pouco. Aguarde alguns minutos e tente de novo.",
  linkInvalid: "Este link não é válido ou já foi usado. Peça os seus dados de novo no seu perfil.",
  linkNotReady: "O arquivo ainda está sendo preparado. Tente de novo em instantes.",
  mailSubject: "Seus dados no Bloco",
  mailText: (name: string, url: string, hours: number) =>
    `Olá, ${name}.\n\nO arquivo com os seus dados no Bloco está pronto. Baixe pelo link abaixo ` +
    `(vale por ${hours} horas e funciona uma única vez):\n\n${url}\n\n` +
    "Se você não pediu este arquivo, troque sua senha.",
  deleteAccount: "Excluir minha conta",
  deleteAccountText:
    "Seu nome, e-mail, telefone, CPF e foto serão apagados para sempre, também dos e-mails e convites. " +
    "Os lançamentos que você fez continuam nos livros, como 'Usuário removido'. Não é possível desfazer.",
  deleteAccountConfirm: "Tem certeza que deseja excluir sua conta? Esta ação não pode ser desfeita.",
  deleteAccountPassword: "Confirme com sua senha",
  deleteAccountButton: "Excluir conta",
  cancel: "Cancelar",
  eraseOperator: "Apagar dados pessoais",
  eraseOperatorConfirm: (name: string) =>
    `Apagar para sempre os dados pessoais de ${name}? Os lançamentos ficam, como 'Usuário removido'.`,
  lastOwner: "Você é o único proprietário. Transfira a propriedade antes de excluir a conta.",
  stillResponsible: "Transfira os clientes pelos quais você é responsável antes de excluir a conta.",
  operatorStillResponsible: "Transfira os clientes deste operador antes de apagar os dados dele.",
  operatorNotGone: "Remova ou bloqueie o operador antes de apagar os dados dele.",
  alreadyErased: "Os dados desta pessoa já foram apagados.",
  operatorHasCompany: "Esta pessoa também usa o Bloco por uma empresa cliente; só ela pode excluir a própria conta.",
  operatorIsSelf: "Para excluir a sua própria conta, use 'Excluir minha conta' no seu perfil.",
  operatorNotFound: "Operador não encontrado.",
  wrongPassword: "Senha incorreta.",
  removedUser: "Usuário removido",

  pageTitle: "Privacidade",
  pageLink: "Privacidade",
};
