// The pt-BR catalogue's "devOutbox" section (lib/i18n/messages.ts explains the catalogue).
export const devOutboxMessages = {
  title: "Caixa de saída",
  hint: "E-mails da aplicação nesta instalação (os mais recentes primeiro). Só existe fora de produção.",
  unavailable: "A caixa de saída só está disponível em desenvolvimento.",
  to: "Para",
  sent: "Enviado",
  pending: "Aguardando envio",
} as const;
