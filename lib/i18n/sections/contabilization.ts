// The pt-BR catalogue's "contabilization" section (lib/i18n/messages.ts explains the catalogue).
// Contabilization and the QR link: the server's answers.
export const contabilizationMessages = {
  invalidLink: "Link inválido.",
  held: (name: string) =>
    `${name} está contabilizando este cliente no momento. Aguarde até que termine para contabilizar.`,
  notCategorized: "Este bloco ainda não foi categorizado: categorize-o antes de contabilizar.",
  pendencyOpen: "Este bloco tem uma pendência aberta: aguarde a resposta do cliente para contabilizá-lo.",
  linkUnknown: "Este link não é válido. Escaneie novamente o QR code na tela de contabilização do computador.",
  linkUsed:
    "Este link já foi usado ou expirou. Por segurança, cada QR code funciona uma única vez: escaneie " +
    "novamente o QR code na tela de contabilização do computador.",
  sessionEnded:
    "Sua sessão no celular terminou. Escaneie novamente o QR code na tela de contabilização do " + "computador.",
  tooManyLinks: "Muitas tentativas de abrir links de contabilização. Aguarde alguns minutos e tente novamente.",
} as const;
