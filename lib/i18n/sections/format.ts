// The pt-BR catalogue's "format" section (lib/i18n/messages.ts explains the catalogue).
export const formatMessages = {
  modified: (date: string, time: string) => `Modificado em ${date} às ${time}`,
} as const;
