// The "business" section of the pt-BR catalogue, part "api": the API's errors of the business platform (server only).
// lib/i18n/sections/business.ts gathers the parts; a screen imports only the parts it shows.
import { pdfFileMessages } from "./pdfFiles";

export const businessApiMessages = {
  tooManyImages: "Um bloco pode ter no máximo 13 imagens.",
  documentNotFound: "Documento não encontrado.",
  documentInBlock: "Este documento pertence a um bloco e não pode ser excluído.",
  documentInPendingBlock: "Este documento pertence a um bloco com pendência e não pode ser excluído.",
  notDefaultLibrary: "Só é possível excluir documentos da sua própria galeria.",
  undoExpired: "O prazo de 15 minutos para desfazer este envio terminou.",
  undoCategorized: "Este bloco já foi categorizado pelo escritório e não pode mais ser desfeito.",
  undoNotOwn: "Só é possível desfazer blocos enviados por você.",
  pendencyNotFound: "Pendência não encontrada ou já resolvida.",
  noShownPendency: "Nenhuma pendência foi aberta para resolver. Abra a pendência antes de resolvê-la.",
  shownPendencySolved: "Esta pendência não está mais aberta: ela já foi resolvida ou o bloco saiu da fila.",
  emptyBlock: "O bloco ficaria sem documentos: adicione ao menos uma imagem.",
  clientOnly: "Esta ação é da plataforma da empresa.",
  galleryNotFound: "Operador não encontrado ou sem galeria compartilhada.",
  // The block writes.
  imageError: (position: number, message: string) => `Imagem ${position}: ${message}`,
  // A PDF sent beside the photos, named by its file name.
  pdf: pdfFileMessages,
  photoAlreadySent: "Esta imagem já foi enviada em outro bloco.",
  galleryDocumentNotFound: "Documento da galeria não encontrado: ele pode ter sido enviado ou excluído.",
  undoPendency: "O escritório já reportou uma pendência neste bloco: ele não pode mais ser desfeito.",
  removedNotInBlock: "O documento a retirar não pertence ao bloco desta pendência.",
} as const;
