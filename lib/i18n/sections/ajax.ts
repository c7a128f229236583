// The pt-BR catalogue's "ajax" section (lib/i18n/messages.ts explains the catalogue).
export const ajaxMessages = {
  error: (status: number) => `ajax error ${status}`,
  timeout: "ajax timeout",
} as const;
