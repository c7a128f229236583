// The "business" section of the pt-BR catalogue, part "nav": the business side and bottom bars (every business page).
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.
export const businessNavMessages = {
  home: "Inicio",
  createBlock: "Criar bloco",
  importXml: "Importar XML",
  pendencies: "Pendencias",
  sentBlocks: "Blocos enviados",
  devolveds: "Devolvidos",
  label: "Menu da empresa",
  expand: "Expandir menu",
  collapse: "Recolher menu",
  pendingCount: (count: number) => (count === 1 ? "1 pendência" : `${count} pendências`),
} as const;
