// The pt-BR catalogue's "errorPage" section (lib/i18n/messages.ts explains the catalogue): the screen
// app/global-error.tsx shows when a page fails to render in the browser.
export const errorPageMessages = {
  title: "Não foi possível abrir esta página",
  text: "Algo falhou ao mostrar esta tela. Nada do que você já enviou ou salvou foi perdido.",
  retry: "Tentar novamente",
  home: "Ir para o início",
  code: (digest: string) => `Código do erro: ${digest}`,
} as const;
