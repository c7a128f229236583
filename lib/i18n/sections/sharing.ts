// The pt-BR catalogue's "sharing" section (lib/i18n/messages.ts explains the catalogue).
export const sharingMessages = {
  responsibleHasAccess: "O operador responsável já tem acesso a este cliente.",
  operatorNotFound: "Operador não encontrado neste escritório.",
  operatorBlocked: "Não é possível transferir o cliente para um operador bloqueado.",
  alreadyResponsible: "Este operador já é o responsável pelo cliente.",
  changedMeanwhile: "O responsável por este cliente mudou. Recarregue e tente novamente.",
} as const;
