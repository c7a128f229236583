// The pt-BR catalogue's "validation" section (lib/i18n/messages.ts explains the catalogue).
export const validationMessages = {
  login: "Usuário ou senha incorretos",
  blocked: "Seu acesso foi bloqueado",
  /** A client company's user after the office removed the company (not a block: the office's decision). */
  clientRemoved: "O escritório removeu sua empresa do Bloco. Fale com o escritório para voltar a ter acesso.",
  connection: "Erro de conexão",
  password: "A senha deve ter no mínimo 6 caracteres",
  email: "Este e-mail não é válido",
  empty: "Este campo não pode ficar vazio",
  cpf: "CPF inválido",
  cnpj: "CNPJ inválido",
  cep: "CEP inválido",
  phone: "Telefone inválido",
  inviteDuplicate: "E-mail já convidado",
  invalidCharacters: "Este campo contém caracteres inválidos",
  invalidId: "Identificador inválido",
} as const;
