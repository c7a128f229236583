// The pt-BR catalogue's "pwa" section (lib/i18n/messages.ts explains the catalogue): the installable app.
export const pwaMessages = {
  install: "Instalar aplicativo",
  installHint: "Abra o Bloco direto da tela inicial, como um aplicativo.",
  /** The web manifest's description (app/manifest.ts). */
  manifestDescription: "Envie documentos ao seu escritório de contabilidade.",
} as const;
