// The pt-BR catalogue's "fiscalImport" section (lib/i18n/messages.ts explains the catalogue): 'Importar XML',
// the business route and the client detail's drawer (docs/decisions/0273-import-and-reading-screens.md).
const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("pt-BR")} ${count === 1 ? one : many}`;

export const fiscalImportMessages = {
  title: "Importar XML",
  intro:
    "Envie os XMLs de notas fiscais (NF-e, NFC-e, CT-e ou CF-e SAT), soltos ou num ZIP: cada nota vira um bloco " +
    "com a página do documento, a data e o valor lidos do arquivo.",
  introOffice: (client: string) => `Os XMLs viram blocos de ${client}, prontos para categorizar.`,
  dropTitle: "Arraste os arquivos XML ou ZIP para cá",
  dropHint: "ou escolha no seu computador",
  choose: "Escolher arquivos",
  onlyXmlZip: (names: string) => `Ignorados (só XML ou ZIP): ${names}`,
  progressLabel: "Progresso da importação",
  preparing: "Preparando os arquivos…",
  sending: (done: number, total: number) =>
    `Enviando ${done.toLocaleString("pt-BR")} de ${plural(total, "arquivo", "arquivos")}…`,
  reading: "Lendo as notas…",
  cancel: "Cancelar",
  cancelled: "Importação cancelada. Os arquivos já enviados foram importados.",
  again: "Importar mais arquivos",
  results: "Resultado da importação",
  status: { created: "Criado", duplicate: "Já importado", invalid: "Inválido" },
  statusHint: {
    created: "Bloco criado",
    duplicate: "Esta nota já está em outro bloco",
    invalid: "Não foi possível ler",
  },
  openBlock: (id: number) => `Ver bloco ${id}`,
  blockNumber: (id: number) => `Bloco ${id}`,
  key: "Chave",
  created: (count: number) => plural(count, "bloco criado", "blocos criados"),
  duplicates: (count: number) => plural(count, "nota já importada", "notas já importadas"),
  invalid: (count: number) => plural(count, "arquivo inválido", "arquivos inválidos"),
  nothing: "Nenhum arquivo importado.",
  failed: (count: number) => `${plural(count, "arquivo não enviado", "arquivos não enviados")}: `,
  filter: "Mostrar",
  filterAll: "Todos",
  filterProblems: "Só com problema",
  categorize: "Categorizar agora",
  seeSent: "Ver em Blocos enviados",
} as const;
