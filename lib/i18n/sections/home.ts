// The pt-BR catalogue's "home" section (lib/i18n/messages.ts explains the catalogue).
export const homeMessages = {
  clientsTitle: "Clientes",
  accountingBadge: "Contabilidade",
  businessBadge: "Empresa",
  greeting: (name: string) => `Olá, ${name}`,
  placeholder: "Esta área está sendo preparada. Em breve você verá aqui o seu painel completo.",
  retry: "Tentar novamente",
} as const;
