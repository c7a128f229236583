// The pt-BR catalogue's "api" section (lib/i18n/messages.ts explains the catalogue).
import { IMAGE_DATA_URL_MAX } from "@/lib/constants";

export const apiMessages = {
  clientClosed: "A conexão foi encerrada antes do fim da requisição.",
  invalidJson: "O corpo da requisição não é um JSON válido.",
  invalidInput: "Dados inválidos.",
  required: "Campo obrigatório.",
  unauthenticated: "Sessão expirada ou inválida. Entre novamente.",
  refreshInvalid: "Sessão expirada. Entre novamente.",
  forbidden: "Você não tem permissão para esta ação.",
  notFound: "Não encontrado.",
  methodNotAllowed: "Método não permitido.",
  tooLarge: "O envio excede o tamanho máximo permitido.",
  tooManyLogins: "Muitas tentativas de login. Aguarde alguns minutos e tente novamente.",
  tooManyUploads: "Muitos envios em andamento. Tente novamente em instantes.",
  internal: "Erro interno. Tente novamente mais tarde.",
  unavailable: "Serviço indisponível no momento.",
  databaseUnavailable: "O banco de dados está indisponível no momento. Tente novamente em instantes.",
  busy: "O servidor está ocupado. Tente novamente em instantes.",
  invalidData: "Os dados enviados contêm valores que não podem ser gravados.",
  conflict: "Este registro foi alterado por outra pessoa. Recarregue e tente novamente.",
  image: {
    invalidDataUrl: "A imagem enviada não é um data URL válido.",
    unsupportedType: "Formato de imagem não suportado. Envie JPEG, PNG, WebP ou AVIF.",
    corrupt: "A imagem está corrompida ou incompleta.",
    tooManyPixels: "A imagem tem dimensões grandes demais.",
    tooLong: `A imagem excede o tamanho máximo de ${IMAGE_DATA_URL_MAX} caracteres.`,
    heicUnsupported: "Fotos HEIC não são aceitas por este servidor. Envie a foto em JPEG, PNG ou WebP.",
  },
  file: {
    invalidLink: "Link de documento inválido ou expirado.",
  },
  // Answered by the app server (server/serve/client-error.ts) to requests refused before Next: what
  // Node's HTTP parser cannot take, and methods no route of the app serves.
  refused: {
    headers: "Os cabeçalhos da requisição são grandes demais.",
    chunkExtensions: "O envio excede o tamanho máximo permitido.",
    timeout: "A requisição demorou demais para chegar.",
    malformed: "Requisição malformada.",
    method: "Este método não é suportado pelo servidor.",
  },
} as const;
