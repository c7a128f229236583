// The pt-BR catalogue's "invites" section (lib/i18n/messages.ts explains the catalogue).
export const invitesMessages = {
  alreadyInvited: "E-mail já convidado",
  alreadyMember: "Este e-mail já pertence a um operador.",
  otherOrganization: "Este e-mail já pertence a outro escritório ou empresa.",
  invalid: "Convite inválido ou expirado.",
  wrongPassword: "Senha incorreta para este e-mail.",
  notFound: "Convite não encontrado.",
  tooMany: "Muitos convites enviados em pouco tempo. Tente novamente mais tarde.",
  // Client-company invites and their registration
  alreadyClient: "Este e-mail já pertence a um usuário de uma empresa cliente.",
  clientActive: "Esta empresa (CPF/CNPJ) já é cliente ativo deste escritório.",
  companyRequired: "Preencha os dados da empresa.",
} as const;
