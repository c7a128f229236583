// The pt-BR catalogue's "accounts" section (lib/i18n/messages.ts explains the catalogue).
export const accountsMessages = {
  notFound: "Conta não encontrada neste escritório.",
  clientRequired: "Informe o cliente.",
  yearAndMonth: "Informe o ano e o mês juntos.",
  invalidCode: "Código inválido: use números separados por pontos (ex.: 1.1.01.001).",
  sameYear: "O ano de destino deve ser diferente do ano de origem.",
  noAccounts: "Selecione ao menos uma conta.",
  repeatedAccounts: "Há contas repetidas na lista.",
  formatNotSupported: "Formato ainda não suportado",
  yearHasAccounts: (year: number) => `O plano de contas de ${year} já tem contas.`,
  yearWithoutAccounts: (year: number) => `O plano de contas de ${year} não tem contas para copiar.`,
  duplicateCode: (year: number) => `Já existe uma conta com este código no plano de contas de ${year}.`,
  notActivatable: "Conta inativa ou sintética: não pode ser ativada para o cliente.",
  // Reading a chart-of-accounts file (server/accounts/chart-file.ts).
  chartFile: {
    invalidDataUrl: "O arquivo enviado não é um data URL em base64 válido (data:<tipo>;base64,<conteúdo>).",
    empty: "O arquivo está vazio.",
    noAccounts: "O arquivo não tem contas: só o cabeçalho.",
    noColumns:
      "O cabeçalho não tem coluna de código nem de descrição (nomes aceitos: Código, Classificação ou " +
      "Conta; Descrição ou Nome).",
    noCodeColumn: "O cabeçalho não tem coluna de código (Código, Classificação ou Conta).",
    noDescriptionColumn: "O cabeçalho não tem coluna de descrição (Descrição ou Nome).",
    oneColumn: "O arquivo tem uma coluna só: separe as colunas com ponto e vírgula (;) ou vírgula (,).",
    invalidColumns: "Colunas inválidas: informe posições diferentes, a partir de 0, para o código e a descrição.",
    columnOutOfRange: (column: number, count: number) =>
      `A coluna ${column} não existe no arquivo: ` +
      `a primeira linha tem ${count} coluna${count === 1 ? "" : "s"} (contadas a partir de 0).`,
    unclosedQuote: (line: number) => `Aspas abertas na linha ${line} e não fechadas até o fim do arquivo.`,
    missingCells: "Linha com menos colunas que a primeira do arquivo: falta o código ou a descrição.",
    emptyCode: "Código vazio.",
    invalidCode: (code: string) => `Código inválido: "${code}". Use números separados por pontos, como 1.1.01.001.`,
    emptyDescription: "Descrição vazia.",
    duplicateCode: (code: string, line: number) => `Código ${code} repetido: vale o da linha ${line}.`,
    codeTooLong: (max: number) => `Código com mais de ${max} caracteres.`,
    descriptionTooLong: (max: number) => `Descrição com mais de ${max} caracteres.`,
    reducedCodeTooLong: (max: number) => `Código no sistema contábil com mais de ${max} caracteres.`,
    invalidCharacters:
      "A descrição ou o código no sistema contábil contém caracteres inválidos (caracteres de controle).",
  },
} as const;
