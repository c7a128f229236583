// The "business" section of the pt-BR catalogue, part "panel": Criar bloco and Blocos com pendencia.
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.
import { businessNavMessages } from "./businessNav";
import { pdfFileMessages } from "./pdfFiles";

export const businessPanelMessages = {
  createTitle: "Criar bloco",
  pendencyTitle: "Blocos com pendencia",
  myGallery: "Minha galeria",
  library: "Galeria",
  rescued: "Documentos resgatados",
  select: "Selecionar",
  deselect: "Remover da seleção",
  remove: "Excluir",
  send: "Enviar bloco",
  add: "Adicionar imagens",
  camera: "Tirar foto",
  files: "Escolher arquivos",
  preview: "Pré-visualização",
  noPreview: "Selecione ou adicione uma imagem",
  selected: (count: number, max: number) => `${count} de ${max} imagens`,
  limitReached: (max: number) => `Limite de ${max} imagens por bloco atingido.`,
  sending: "Enviando bloco…",
  sent: "Bloco enviado!",
  retry: "Tentar novamente",
  issue: "O que aconteceu?",
  observation: "Observacao",
  noObservation: "Nenhuma observacao",
  pendencyCreated: (date: string, time: string) => `Pendencia criada em ${date} as ${time}`,
  next: "Proximo",
  solve: "Enviar solução",
  pendingCount: businessNavMessages.pendingCount,
  noPendencies: "Voce nao tem pendencias.",
  solved: "Pendência resolvida!",
  dontShowAgain: "Nao mostrar novamente",
  strip: "Imagens selecionadas",
  image: (position: number, total: number) => `Imagem ${position} de ${total}`,
  document: (date: string, time: string) => `Documento de ${date} às ${time}`,
  removeDocument: (date: string, time: string) => `Excluir documento de ${date} às ${time}`,
  rescuedMark: "Resgatado",
  preparing: "Preparando imagem…",
  notAdded: (count: number) =>
    count === 1 ? "1 imagem não foi adicionada." : `${count} imagens não foram adicionadas.`,
  unreadable: (count: number) =>
    count === 1
      ? "Não foi possível ler 1 imagem: envie uma foto JPEG ou PNG."
      : `Não foi possível ler ${count} imagens: envie fotos JPEG ou PNG.`,
  uploading: (percent: number) => `Enviando… ${percent}%`,
  processing: "Processando imagens…",
  waiting: "Muitos envios agora: aguardando para tentar de novo…",
  offline: "Sem conexão: o envio continua quando a internet voltar",
  openPendencies: "Pendências abertas",
  pendencyWhen: (date: string, time: string) => `${date} às ${time}`,
  sendFailed: "O envio não foi concluído. As imagens continuam selecionadas.",
  galleryError: "Não foi possível carregar a galeria.",
  pendencyError: "Não foi possível carregar a pendência.",
  onScreen: "Na tela agora",
  dismiss: "Fechar",
  // A PDF in the selection: one entry whatever its pages, drawn by the server when the block is sent.
  pdf: (name: string) => `PDF ${name}`,
  pdfPreview: "As páginas do PDF aparecem no bloco depois do envio.",
  pdfTooLarge: pdfFileMessages.tooLarge,
  pdfUnnamed: "sem nome",
  // A PDF in the gallery (its pages are one entry): its badge, and its tile's and delete button's names.
  pdfPages: (pages: number) => (pages === 1 ? "PDF · 1 página" : `PDF · ${pages} páginas`),
  pdfEntry: (name: string | null | undefined, pages: number) =>
    `${name ? `PDF ${name}` : "PDF"}, ${pages === 1 ? "1 página" : `${pages} páginas`}`,
  pdfDocument: (name: string | null, pages: number, date: string, time: string) =>
    `${name ? `PDF ${name}` : "PDF"}, ${pages === 1 ? "1 página" : `${pages} páginas`}, de ${date} às ${time}`,
  removePdf: (name: string | null, date: string, time: string) =>
    `Excluir ${name ? `PDF ${name}` : "PDF"} de ${date} às ${time}`,
  pdfGalleryPreview: (pages: number) =>
    pages === 1 ? "PDF de 1 página: ela vai para o bloco." : `PDF de ${pages} páginas: todas vão para o bloco.`,
  dropHere: "Solte aqui as imagens ou PDFs",
  // The photo check (lib/images/quality.ts): a warning on the photo's thumbnail; nothing is blocked.
  quality: {
    blurred: "Foto desfocada",
    dark: "Foto escura",
    bright: "Foto muito clara",
    small: "Foto muito pequena",
  },
  retake: "Tirar outra",
  retakeLabel: (position: number, total: number) => `Tirar outra: imagem ${position} de ${total}`,
  flaggedAnnouncement: (position: number, total: number, reasons: string) =>
    `Imagem ${position} de ${total}: ${reasons}. Você pode tirar outra ou enviar assim mesmo.`,
} as const;
