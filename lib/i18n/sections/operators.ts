// The pt-BR catalogue's "operators" section (lib/i18n/messages.ts explains the catalogue).
export const operatorsMessages = {
  emailInUse: "Este e-mail já está em uso.",
  wrongPassword: "Senha atual incorreta.",
  currentPasswordRequired: "Informe a senha atual para alterar o e-mail.",
  transferClients: "Transfira os clientes deste operador antes de removê-lo.",
  notItself: "Você não pode realizar esta ação em si mesmo.",
  lastOwner: "Não é possível deixar o escritório ou a empresa sem um dono ativo.",
  ownerType: "O tipo de um dono não pode ser alterado.",
  noPlatform: "Sua conta não tem acesso a esta plataforma.",
  singlePlatform: "Sua conta tem acesso a apenas uma plataforma.",
} as const;
