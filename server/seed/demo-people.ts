import type { ClientType } from "@/server/db/client";

// Who is in the demo (README and the start script print these logins; every password is demo1234).
export type DemoAddress = {
  cep: string;
  street: string;
  number: string;
  neighboor: string;
  city: string;
  state: string;
};
export type DemoPerson = { email: string; name: string };
export type DemoOfficeData = DemoAddress & { name: string; email: string; phone: string };

export const DEMO_OFFICE_NAME = "Escritório Demo";

export const DEMO_OFFICE: DemoOfficeData = {
  name: DEMO_OFFICE_NAME,
  email: "contato@escritorio.demo",
  phone: "11932514000",
  cep: "01310200",
  street: "Avenida Paulista",
  number: "1578",
  neighboor: "Bela Vista",
  city: "São Paulo",
  state: "SP",
};

export const OTHER_OFFICE: DemoOfficeData = {
  name: "Contabilidade Outro",
  email: "contato@outro.demo",
  phone: "31934567890",
  cep: "30130009",
  street: "Avenida Afonso Pena",
  number: "1500",
  neighboor: "Centro",
  city: "Belo Horizonte",
  state: "MG",
};

export type DemoOperatorKey = "dono" | "admin" | "operador" | "bloqueado" | "socio";
export type DemoOperator = DemoPerson & { type: number; blocked?: boolean };

export const DEMO_OPERATORS: Record<DemoOperatorKey, DemoOperator> = {
  dono: { email: "dono@escritorio.demo", name: "Carlos Eduardo Mendes", type: 0 },
  admin: { email: "admin@escritorio.demo", name: "Fernanda Lima Ribeiro", type: 1 },
  operador: { email: "operador@escritorio.demo", name: "Rafael Souza Santos", type: 2 },
  bloqueado: { email: "bloqueado@escritorio.demo", name: "Juliana Costa Ferreira", type: 2, blocked: true },
  // Also a client operator (type 1) of the Padaria: the login that has to choose a platform.
  socio: { email: "socio@empresa.demo", name: "Marcos Antônio Oliveira", type: 2 },
};

export const OTHER_OWNER: DemoOperator = { email: "dono@outro.demo", name: "Patrícia Gomes Almeida", type: 0 };

export type DemoClient = {
  key: string;
  type: ClientType;
  name: string;
  email: string;
  phone: string;
  address: DemoAddress;
  /** undefined: the other office's owner. */
  responsible?: DemoOperatorKey;
  sharedWith?: DemoOperatorKey[];
  /** Created under this operator, then handed to `responsible`. */
  transferredFrom?: DemoOperatorKey;
  owner: DemoPerson;
  /** Further business operators: [person, type, shares gallery]. */
  members?: [DemoPerson, number, boolean][];
  blocksPerMonth: [number, number];
  months: number;
  /** Just joined: no accounts in its plan, no blocks, no pictures (the empty states). */
  empty?: boolean;
};

const address = (
  street: string,
  number: string,
  neighboor: string,
  city: string,
  state: string,
  cep: string,
): DemoAddress => ({
  street,
  number,
  neighboor,
  city,
  state,
  cep,
});

export const SHOWCASE_CLIENT = "padaria";

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    key: SHOWCASE_CLIENT,
    type: "juridicPerson",
    name: "Padaria Pão Quente Ltda",
    email: "financeiro@paoquente.demo",
    phone: "11987651234",
    address: address("Rua Augusta", "1508", "Consolação", "São Paulo", "SP", "01304001"),
    responsible: "dono",
    sharedWith: ["admin"],
    owner: { email: "cliente@empresa.demo", name: "Roberto Carlos Nunes" },
    members: [[{ email: "caixa@empresa.demo", name: "Larissa Mendes Prado" }, 2, false]],
    blocksPerMonth: [3, 5],
    months: 12,
  },
  {
    key: "mercadinho",
    type: "juridicPerson",
    name: "Mercadinho Bom Preço Ltda",
    email: "contato@bompreco.demo",
    phone: "11976543210",
    address: address("Avenida Sapopemba", "3200", "Vila Diva", "São Paulo", "SP", "03345000"),
    responsible: "admin",
    sharedWith: ["socio"],
    owner: { email: "sebastiao@bompreco.demo", name: "Sebastião Ferreira Lima" },
    blocksPerMonth: [1, 3],
    months: 12,
  },
  {
    key: "oficina",
    type: "juridicPerson",
    name: "Oficina Mecânica Dois Irmãos Ltda",
    email: "contato@doisirmaos.demo",
    phone: "11965432109",
    address: address("Rua Voluntários da Pátria", "2450", "Santana", "São Paulo", "SP", "02401000"),
    responsible: "operador",
    owner: { email: "jose@doisirmaos.demo", name: "José Carlos da Silva" },
    blocksPerMonth: [1, 2],
    months: 12,
  },
  {
    key: "clinica",
    type: "juridicPerson",
    name: "Clínica Odontológica Sorriso Ltda",
    email: "contato@clinicasorriso.demo",
    phone: "19991234567",
    address: address("Rua Barão de Jaguara", "1100", "Centro", "Campinas", "SP", "13015002"),
    responsible: "dono",
    sharedWith: ["admin", "operador"],
    owner: { email: "camila@clinicasorriso.demo", name: "Camila Rodrigues Barbosa" },
    blocksPerMonth: [1, 3],
    months: 12,
  },
  {
    key: "restaurante",
    type: "juridicPerson",
    name: "Restaurante Sabor Caseiro Ltda",
    email: "contato@saborcaseiro.demo",
    phone: "11954321098",
    address: address("Rua Cardeal Arcoverde", "820", "Pinheiros", "São Paulo", "SP", "05407001"),
    responsible: "admin",
    sharedWith: ["dono"],
    owner: { email: "antonio@saborcaseiro.demo", name: "Antônio Pereira Gomes" },
    blocksPerMonth: [1, 3],
    months: 12,
  },
  {
    key: "transportadora",
    type: "juridicPerson",
    name: "Transportadora Rota Sul Ltda",
    email: "contato@rotasul.demo",
    phone: "51998765432",
    address: address("Avenida Farrapos", "3500", "Navegantes", "Porto Alegre", "RS", "90220005"),
    responsible: "dono",
    owner: { email: "eduardo@rotasul.demo", name: "Eduardo Machado Kraemer" },
    blocksPerMonth: [1, 2],
    months: 12,
  },
  {
    key: "ana",
    type: "individual",
    name: "Ana Beatriz Carvalho",
    email: "ana.carvalho@cliente.demo",
    phone: "21987654321",
    address: address("Rua das Laranjeiras", "215", "Laranjeiras", "Rio de Janeiro", "RJ", "22240003"),
    responsible: "operador",
    sharedWith: ["dono"],
    owner: { email: "ana.carvalho@cliente.demo", name: "Ana Beatriz Carvalho" },
    blocksPerMonth: [1, 2],
    months: 12,
  },
  {
    key: "joao",
    type: "individual",
    name: "João Pedro Martins",
    email: "joao.martins@cliente.demo",
    phone: "51991234567",
    address: address("Rua Padre Chagas", "410", "Moinhos de Vento", "Porto Alegre", "RS", "90570080"),
    responsible: "operador",
    transferredFrom: "dono",
    owner: { email: "joao.martins@cliente.demo", name: "João Pedro Martins" },
    blocksPerMonth: [1, 2],
    months: 12,
  },
  {
    key: "luciana",
    type: "individual",
    name: "Luciana Ferreira Rocha",
    email: "luciana.rocha@cliente.demo",
    phone: "81998765432",
    address: address("Avenida Boa Viagem", "2200", "Boa Viagem", "Recife", "PE", "51020000"),
    responsible: "admin",
    owner: { email: "luciana.rocha@cliente.demo", name: "Luciana Ferreira Rocha" },
    blocksPerMonth: [1, 2],
    months: 12,
  },
  {
    key: "floricultura",
    type: "juridicPerson",
    name: "Floricultura Jardim Novo Ltda",
    email: "contato@jardimnovo.demo",
    phone: "11943218765",
    address: address("Rua Teodoro Sampaio", "1020", "Pinheiros", "São Paulo", "SP", "05406050"),
    responsible: "operador",
    owner: { email: "marina@jardimnovo.demo", name: "Marina Tavares Lopes" },
    blocksPerMonth: [0, 0],
    months: 0,
    empty: true,
  },
];

export const OTHER_CLIENTS: readonly DemoClient[] = [
  {
    key: "farmacia",
    type: "juridicPerson",
    name: "Farmácia Saúde & Vida Ltda",
    email: "contato@saudevida.demo",
    phone: "31987651234",
    address: address("Avenida do Contorno", "6061", "Funcionários", "Belo Horizonte", "MG", "30110929"),
    owner: { email: "helena@saudevida.demo", name: "Helena Duarte Campos" },
    blocksPerMonth: [1, 2],
    months: 6,
  },
  {
    key: "ricardo",
    type: "individual",
    name: "Ricardo Alves Moreira",
    email: "ricardo.moreira@cliente.demo",
    phone: "31976543210",
    address: address("Rua da Bahia", "1148", "Centro", "Belo Horizonte", "MG", "30160011"),
    owner: { email: "ricardo.moreira@cliente.demo", name: "Ricardo Alves Moreira" },
    blocksPerMonth: [1, 2],
    months: 6,
  },
];

export const DEMO_INVITES = {
  accountingOperator: ["novo.operador@escritorio.demo", "estagiario@escritorio.demo"],
  client: ["contato@novocliente.demo"],
  clientOperator: ["financeiro@empresa.demo"],
  otherOffice: ["assistente@outro.demo"],
} as const;

/**
 * Every login the demo creates. Their e-mails are unique in users, so the demo is present when any of
 * them exists, whatever the office has been renamed to since (prisma/seed.ts).
 */
export function demoUserEmails(): string[] {
  const people = [
    ...Object.values(DEMO_OPERATORS),
    OTHER_OWNER,
    ...[...DEMO_CLIENTS, ...OTHER_CLIENTS].flatMap((client) => [
      client.owner,
      ...(client.members ?? []).map(([person]) => person),
    ]),
  ];
  return [...new Set(people.map((person) => person.email.toLowerCase()))];
}
