// The pt-BR catalogue's messages about a PDF sent in a block, named by its file name (or its place when
// the device gave none): the API's refusals and the panel's own check of the size share them.
export const pdfFileMessages = {
  tooManyPages: (name: string, limit: number) => `O arquivo ${name} tem mais de ${limit} páginas.`,
  encrypted: (name: string) => `O arquivo ${name} está protegido por senha.`,
  corrupt: (name: string) => `O arquivo ${name} está corrompido ou não é um PDF.`,
  tooLarge: (name: string) => `O arquivo ${name} é grande demais.`,
  /** The reader's own reason (messages.fiscal.pdf: too slow, too heavy) after the name. */
  other: (name: string, reason: string) => `O arquivo ${name}: ${reason}`,
  unnamed: (position: number) => `nº ${position}`,
} as const;
