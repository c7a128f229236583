// The pt-BR catalogue's "office" section (lib/i18n/messages.ts explains the catalogue).
export const officeMessages = {
  notFound: "Cliente não encontrado.",
  noOffice: "Sua conta não pertence a um escritório.",
  noClient: "Sua conta não pertence a uma empresa cliente.",
  codeInUse: "Este CPF/CNPJ já pertence a outro cliente do escritório.",
  pictureNotCurrent: "Esta imagem não é o logo atual. Para trocar o logo, envie uma nova imagem.",
} as const;
