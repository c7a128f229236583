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

type AddressRow = [street: string, number: string, neighboor: string, city: string, state: string, cep: string];

const address = ([street, number, neighboor, city, state, cep]: AddressRow): DemoAddress => ({
  street,
  number,
  neighboor,
  city,
  state,
  cep,
});

export const DEMO_OFFICE: DemoOfficeData = {
  name: DEMO_OFFICE_NAME,
  email: "contato@escritorio.demo",
  phone: "11932514000",
  ...address(["Avenida Paulista", "1578", "Bela Vista", "São Paulo", "SP", "01310200"]),
};

export const OTHER_OFFICE: DemoOfficeData = {
  name: "Contabilidade Outro",
  email: "contato@outro.demo",
  phone: "31934567890",
  ...address(["Avenida Afonso Pena", "1500", "Centro", "Belo Horizonte", "MG", "30130009"]),
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

/**
 * One client a row: the company (key, type, name, e-mail, phone), its address, its owner's login (null:
 * the client itself, as an individual logs in) with the blocks it sends a month and over how many months,
 * then what only some have (responsible and shared operators, a transfer, more members, `empty`).
 */
type ClientRow = [
  company: [key: string, type: ClientType, name: string, email: string, phone: string],
  address: AddressRow,
  sends: [owner: [email: string, name: string] | null, blocksPerMonth: [number, number], months: number],
  office?: Pick<DemoClient, "responsible" | "sharedWith" | "transferredFrom" | "members" | "empty">,
];

const clients = (rows: readonly ClientRow[]): DemoClient[] =>
  rows.map(([[key, type, name, email, phone], where, [owner, blocksPerMonth, months], place]) => ({
    key,
    type,
    name,
    email,
    phone,
    address: address(where),
    ...place,
    owner: owner ? { email: owner[0], name: owner[1] } : { email, name },
    blocksPerMonth,
    months,
  }));

export const SHOWCASE_CLIENT = "padaria";

// A client sends 4 to 12 blocks a month; the showcase, 3 to 5: its month is the one the reads are
// measured on (docs/performance.md), kept at the size their figures were taken with. The showcase sends
// over the current month and the twelve before it, so its previous year has blocks in December too.
export const DEMO_CLIENTS: readonly DemoClient[] = clients([
  [
    [SHOWCASE_CLIENT, "juridicPerson", "Padaria Pão Quente Ltda", "financeiro@paoquente.demo", "11987651234"],
    ["Rua Augusta", "1508", "Consolação", "São Paulo", "SP", "01304001"],
    [["cliente@empresa.demo", "Roberto Carlos Nunes"], [3, 5], 13],
    {
      responsible: "dono",
      sharedWith: ["admin"],
      members: [[{ email: "caixa@empresa.demo", name: "Larissa Mendes Prado" }, 2, false]],
    },
  ],
  [
    ["mercadinho", "juridicPerson", "Mercadinho Bom Preço Ltda", "contato@bompreco.demo", "11976543210"],
    ["Avenida Sapopemba", "3200", "Vila Diva", "São Paulo", "SP", "03345000"],
    [["sebastiao@bompreco.demo", "Sebastião Ferreira Lima"], [4, 12], 12],
    { responsible: "admin", sharedWith: ["socio"] },
  ],
  [
    ["oficina", "juridicPerson", "Oficina Mecânica Dois Irmãos Ltda", "contato@doisirmaos.demo", "11965432109"],
    ["Rua Voluntários da Pátria", "2450", "Santana", "São Paulo", "SP", "02401000"],
    [["jose@doisirmaos.demo", "José Carlos da Silva"], [4, 8], 12],
    { responsible: "operador" },
  ],
  [
    ["clinica", "juridicPerson", "Clínica Odontológica Sorriso Ltda", "contato@clinicasorriso.demo", "19991234567"],
    ["Rua Barão de Jaguara", "1100", "Centro", "Campinas", "SP", "13015002"],
    [["camila@clinicasorriso.demo", "Camila Rodrigues Barbosa"], [4, 12], 12],
    { responsible: "dono", sharedWith: ["admin", "operador"] },
  ],
  [
    ["restaurante", "juridicPerson", "Restaurante Sabor Caseiro Ltda", "contato@saborcaseiro.demo", "11954321098"],
    ["Rua Cardeal Arcoverde", "820", "Pinheiros", "São Paulo", "SP", "05407001"],
    [["antonio@saborcaseiro.demo", "Antônio Pereira Gomes"], [4, 12], 12],
    { responsible: "admin", sharedWith: ["dono"] },
  ],
  [
    ["transportadora", "juridicPerson", "Transportadora Rota Sul Ltda", "contato@rotasul.demo", "51998765432"],
    ["Avenida Farrapos", "3500", "Navegantes", "Porto Alegre", "RS", "90220005"],
    [["eduardo@rotasul.demo", "Eduardo Machado Kraemer"], [4, 8], 12],
    { responsible: "dono" },
  ],
  [
    ["ana", "individual", "Ana Beatriz Carvalho", "ana.carvalho@cliente.demo", "21987654321"],
    ["Rua das Laranjeiras", "215", "Laranjeiras", "Rio de Janeiro", "RJ", "22240003"],
    [null, [4, 8], 12],
    { responsible: "operador", sharedWith: ["dono"] },
  ],
  [
    ["joao", "individual", "João Pedro Martins", "joao.martins@cliente.demo", "51991234567"],
    ["Rua Padre Chagas", "410", "Moinhos de Vento", "Porto Alegre", "RS", "90570080"],
    [null, [4, 8], 12],
    { responsible: "operador", transferredFrom: "dono" },
  ],
  [
    ["luciana", "individual", "Luciana Ferreira Rocha", "luciana.rocha@cliente.demo", "81998765432"],
    ["Avenida Boa Viagem", "2200", "Boa Viagem", "Recife", "PE", "51020000"],
    [null, [4, 8], 12],
    { responsible: "admin" },
  ],
  [
    ["floricultura", "juridicPerson", "Floricultura Jardim Novo Ltda", "contato@jardimnovo.demo", "11943218765"],
    ["Rua Teodoro Sampaio", "1020", "Pinheiros", "São Paulo", "SP", "05406050"],
    [["marina@jardimnovo.demo", "Marina Tavares Lopes"], [0, 0], 0],
    { responsible: "operador", empty: true },
  ],
]);

export const OTHER_CLIENTS: readonly DemoClient[] = clients([
  [
    ["farmacia", "juridicPerson", "Farmácia Saúde & Vida Ltda", "contato@saudevida.demo", "31987651234"],
    ["Avenida do Contorno", "6061", "Funcionários", "Belo Horizonte", "MG", "30110929"],
    [["helena@saudevida.demo", "Helena Duarte Campos"], [4, 8], 6],
  ],
  [
    ["ricardo", "individual", "Ricardo Alves Moreira", "ricardo.moreira@cliente.demo", "31976543210"],
    ["Rua da Bahia", "1148", "Centro", "Belo Horizonte", "MG", "30160011"],
    [null, [4, 8], 6],
  ],
]);

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
