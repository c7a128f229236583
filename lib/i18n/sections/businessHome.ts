// The "business" section of the pt-BR catalogue, part "home": the business home's block preview.
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.
export const businessHomeMessages = {
  sentAt: "Enviado em",
  notContabilized: "Não contabilizado",
  notCategorized: "Aguardando categorização",
} as const;
