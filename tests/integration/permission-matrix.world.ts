// The permission matrix's world and requests (not a test file itself: jest matches *.test.ts).
//
// - routeEndpoints() reads app/api/**/route.ts and lists "VERB /api/path" for every verb a file serves
//   (the verbs of its otherMethods(...) call; every exported verb when it has none, as the catch-all).
// - buildMatrixWorld() builds the people of business-writes-world.ts (office A around client alpha, its
//   company users, office B and its company beta) plus a blocked office operator, a second client of the
//   responsible operator (gamma, for a phone session of another client), tokens of every kind the matrix
//   tries (expired, a refresh token used as access, a phone session) and the rows the requests name.
// - requests: for every endpoint of the table, a builder of a request that is VALID for the route (so
//   the answer reflects who asks, not what was sent). A route that changes what it touches gets a fresh
//   target per call (a new block, document, invite, operator, client...), so one actor's success never
//   changes the next actor's answer; leases, presences and claims are cleared after every call (reset()).
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { SignJWT, decodeJwt } from "jose";
import { POST as linkPost } from "@/app/api/operator/contabilization/link/route";
import { POST as initPost } from "@/app/api/operator/contabilization/init/route";
import { POST as invitedAddPost } from "@/app/api/invited/add/route";
import { POST as forgotPost } from "@/app/api/password/forgot/route";
import { GET as outboxGet } from "@/app/api/dev/outbox/route";
import { currentYearMonth } from "@/lib/format/dates";
import { issueTokenPair } from "@/server/auth/sessions";
import { hashToken } from "@/server/auth/tokens";
import { getBlobStore } from "@/server/storage";
import { signDocumentUrl } from "@/server/documents/signed-url";
import { unsubscribeToken } from "@/server/notifications/unsubscribe-token";
import { getDb, type Account, type Client } from "@/server/db/client";
import {
  createAccount,
  createAccountingOperator,
  createBlock,
  createClient,
  createClientOperator,
  createDocument,
  createInvite,
  createPendency,
  createUser,
  randomCnpj,
  randomCpf,
  randomPhone,
  shareClient,
  uniqueEmail,
  type OperatorWithUser,
} from "../helpers/factories";
import { buildNfe } from "../../scripts/lib/fiscal-xml";
import { call } from "../helpers/http";
import { receiptDataUrl, ref, type BusinessWorld } from "./business-writes-world";
import { buildClientWorld } from "./world";
import { ACTORS, table, type ActorName, type Row } from "./permission-matrix.table";

export const VERBS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const apiRoot = join(__dirname, "../../app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === "route.ts" ? [path] : [];
  });
}

/** "VERB /api/path" of every verb every route file serves, sorted. */
export function routeEndpoints(): string[] {
  return routeFiles(apiRoot)
    .flatMap((file) => {
      const path = `/api/${relative(apiRoot, file).replace(/\/?route\.ts$/, "")}`;
      const source = readFileSync(file, "utf8");
      const others = /otherMethods\(([^)]*)\)/.exec(source);
      const served = others
        ? [...others[1]!.matchAll(/"([A-Z]+)"/g)].map((m) => m[1]!)
        : VERBS.filter((verb) => new RegExp(`export (const|async function) ${verb}\\b`).test(source));
      return served.map((verb) => `${verb} ${path}`);
    })
    .sort();
}

/** The endpoint of a table key: "POST /api/client {clientId}" → "POST /api/client". */
export const endpointOf = (key: string) => key.split(" ").slice(0, 2).join(" ");

const current = currentYearMonth();
const firstOfMonth = `${current.year}-${String(current.month).padStart(2, "0")}-01`;
/** A year of exercise no chart of the world has yet (the starter, rollover and import cells load one each). */
let lastEmptyYear = 2030;
const emptyYear = () => (lastEmptyYear += 1);

export type MatrixWorld = BusinessWorld & {
  blockedA: OperatorWithUser; // office A, type 2, alpha shared with it, blocked after its login
  gamma: Client; // another client of office A, responsible regularA
  account: Account; // office A's chart, current year
  categorized: { id: number; version: number }; // alpha, categorised in account, this month
  uncategorized: { id: number }; // alpha, uncategorised
  document: { key: string }; // a stored picture of alpha
};

export type Matrix = {
  w: MatrixWorld;
  /** The bearer each actor sends (undefined: none). */
  bearer: Record<ActorName, string | undefined>;
  /** The phone sessions: alpha's and gamma's, both issued by regularA. */
  session: { alpha: string; gamma: string };
};

/**
 * A session of the user as the login issues it (server/auth/sessions.ts), without the password check:
 * the matrix needs about twenty sessions per file and scrypt is the slowest thing a test can do.
 */
export async function sessionOf(userId: number): Promise<{ access: string; refresh: string }> {
  return getDb().$transaction((tx) => issueTokenPair(tx, userId));
}

/** business-writes-world.ts's people (office A around alpha, its company users, beta), logged in. */
async function businessWorld(): Promise<{ world: BusinessWorld; tokens: Record<string, string> }> {
  const base = await buildClientWorld();
  const alpha = base.alpha;
  const world: BusinessWorld = {
    ...base,
    ownerAlpha: await createClientOperator({ client: alpha, type: 0 }),
    adminAlpha: await createClientOperator({ client: alpha, type: 1 }),
    regularAlpha: await createClientOperator({ client: alpha, type: 2 }),
    sharerAlpha: await createClientOperator({ client: alpha, type: 2, sharedGallery: true }),
    blockedAlpha: await createClientOperator({ client: alpha, type: 2 }),
    dualAlpha: await createClientOperator({
      client: alpha,
      type: 2,
      user: (await createAccountingOperator({ office: base.officeA, type: 2 })).user,
    }),
    beta: await createClient({ office: { id: base.ownerB.officeId }, responsible: base.ownerB }),
    ownerBeta: undefined as never,
  };
  world.ownerBeta = await createClientOperator({ client: world.beta, type: 0 });
  const tokens: Record<string, string> = {};
  const people = [
    "ownerA",
    "adminA",
    "regularA",
    "sharedA",
    "outsiderA",
    "ownerB",
    "ownerAlpha",
    "adminAlpha",
    "regularAlpha",
    "blockedAlpha",
    "ownerBeta",
  ] as const;
  for (const who of people) tokens[who] = (await sessionOf(world[who].userId)).access;
  await getDb().clientOperator.update({ where: { id: world.blockedAlpha.id }, data: { blocked: true } });
  return { world, tokens };
}

export async function buildMatrixWorld(): Promise<Matrix> {
  const { world, tokens } = await businessWorld();
  const db = getDb();
  const blockedA = await createAccountingOperator({ office: world.officeA, type: 2 });
  await shareClient({ client: world.alpha, operator: blockedA });
  const blockedAToken = (await sessionOf(blockedA.userId)).access;
  await db.accountingOperator.update({ where: { id: blockedA.id }, data: { blocked: true } });
  const gamma = await createClient({ office: world.officeA, responsible: world.regularA });
  const account = await createAccount({ office: world.officeA, code: "3.1.01.001", yearOfExercise: current.year });
  const categorized = await createBlock({
    client: world.alpha,
    state: "categorized",
    account,
    paymentDate: new Date(`${firstOfMonth}T00:00:00Z`),
    valueCents: 12_34,
  });
  const uncategorized = await createBlock({ client: world.alpha });
  const document = await createDocument({ client: world.alpha });
  const w: MatrixWorld = {
    ...world,
    blockedA,
    gamma,
    account,
    categorized,
    uncategorized,
    document: { key: document.displayKey! },
  };

  // A second session of the responsible operator: its refresh token, presented as an access token.
  const pair = await sessionOf(w.regularA.userId);
  // The same access token, signed with our key, expired a minute ago.
  const claims = decodeJwt(pair.access);
  const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(process.env.JWT_SECRET!));

  const session = {
    alpha: await phoneSession(tokens.regularA, w.alpha.id),
    gamma: await phoneSession(tokens.regularA, w.gamma.id),
  };
  await reset();
  const bearer: Record<ActorName, string | undefined> = {
    anonymous: undefined,
    expired,
    refreshAsAccess: pair.refresh,
    mobile: session.alpha,
    link: session.alpha,
    linkOther: session.gamma,
    blockedA: blockedAToken,
    blockedAlpha: tokens.blockedAlpha,
    ownerA: tokens.ownerA,
    adminA: tokens.adminA,
    responsible: tokens.regularA,
    shared: tokens.sharedA,
    outsider: tokens.outsiderA,
    otherOffice: tokens.ownerB,
    ownerAlpha: tokens.ownerAlpha,
    adminAlpha: tokens.adminAlpha,
    regularAlpha: tokens.regularAlpha,
    otherCompany: tokens.ownerBeta,
  };
  return { w, bearer, session };
}

/** A one-time QR link of `clientId` issued by the bearer (takes the lease: reset() clears it). */
async function oneTimeLink(token: string, clientId: number): Promise<string> {
  const res = await call<{ link: string }>(linkPost, { token, body: { clientId } });
  if (res.status !== 200) throw new Error(`link: ${JSON.stringify(res.json)}`);
  return res.json.data!.link;
}

/** A phone session of `clientId` issued by the bearer: the link exchanged by /init. */
async function phoneSession(token: string, clientId: number): Promise<string> {
  const link = await oneTimeLink(token, clientId);
  await reset();
  const res = await call<{ session: string }>(initPost, { body: { link } });
  if (res.status !== 200) throw new Error(`init: ${JSON.stringify(res.json)}`);
  return res.json.data!.session;
}

/** What one call may leave that changes the next call's answer: leases, presences, claims. */
export async function reset(): Promise<void> {
  const db = getDb();
  await db.contabilizationLease.deleteMany({});
  await db.presence.deleteMany({});
  await db.block.updateMany({ where: { claimedById: { not: null } }, data: { claimedById: null, claimedUntil: null } });
}

/** The token of the last mail to `email` whose link matches `pattern`, from GET /api/dev/outbox. */
async function mailedToken(email: string, pattern: RegExp): Promise<string> {
  const outbox = await call<{ to: string; text: string }[]>(outboxGet);
  const mail = outbox.json.data!.find((m) => m.to === email);
  const token = mail && pattern.exec(mail.text)?.[1];
  if (!token) throw new Error(`no mail with a link to ${email}`);
  return token;
}

export type MatrixRequest = {
  body?: unknown;
  path?: string;
  params?: Record<string, string | string[]>;
  rawBody?: string;
  headers?: Record<string, string>;
};
export type RequestSpec = {
  /** A linkRoute: the phone actors send their session in the body's `link`, not as a bearer. */
  link?: boolean;
  build: (m: Matrix, who: ActorName) => MatrixRequest | Promise<MatrixRequest>;
  /** The cells are independent (a public route, a fresh target each): the actors are asked at once. */
  parallel?: boolean;
  /** Run after the call with its answer (e.g. the new token pair of changePassword). */
  after?: (m: Matrix, who: ActorName, answer: { status: number; json: { data?: unknown } }) => void;
};

/** A request with this body: a value, or made from the world for each call. */
const body = (value: ((m: Matrix, who: ActorName) => unknown) | Record<string, unknown>): RequestSpec => ({
  build: (m, who) => ({ body: typeof value === "function" ? value(m, who) : value }),
});
const none: RequestSpec = { build: () => ({}) };

/** alpha's export settings, so its export is not refused for want of a counterpart. */
const exportSettingsOf = (clientId: number) =>
  getDb().clientExportSettings.upsert({
    where: { clientId },
    create: { clientId, counterpartAccount: "2.1.01", complement: "" },
    update: {},
  });
/** The phone actors' `link`: their session; everyone else null (the desk: bearer token). */
const linkOf = (m: Matrix, who: ActorName) =>
  who === "link" ? m.session.alpha : who === "linkOther" ? m.session.gamma : null;
/** On the phone-only routes (a `link` is required) the desk actors present a well-formed unknown one. */
const phoneLinkOf = (m: Matrix, who: ActorName) => linkOf(m, who) ?? "sessao-desconhecida";

const freshUncategorized = (m: Matrix) => createBlock({ client: m.w.alpha });
/** A new office-A client like alpha: responsible regularA, shared with sharedA. */
async function freshAlphaLike(m: Matrix): Promise<Client> {
  const client = await createClient({ office: m.w.officeA, responsible: m.w.regularA });
  await shareClient({ client, operator: m.w.sharedA });
  return client;
}
const tinyPhoto = async () => ({ id: ref(), base64url: await receiptDataUrl() });
const officeTargetOf = async (m: Matrix) => (await createAccountingOperator({ office: m.w.officeA, type: 2 })).id;
const companyTargetOf = async (m: Matrix) => (await createClientOperator({ client: m.w.alpha, type: 2 })).id;
const address = {
  cep: "01001000",
  street: "Praça da Sé",
  number: "100",
  neighboor: "Sé",
  city: "São Paulo",
  state: "SP",
};

/** The user each actor logs in as (null for the token-less and phone actors). */
function userOf(m: Matrix, who: ActorName) {
  const people: Partial<
    Record<ActorName, { user: { id: number; email: string; name: string; code: string | null; phone: string | null } }>
  > = {
    blockedA: m.w.blockedA,
    blockedAlpha: m.w.blockedAlpha,
    ownerA: m.w.ownerA,
    adminA: m.w.adminA,
    responsible: m.w.regularA,
    shared: m.w.sharedA,
    outsider: m.w.outsiderA,
    otherOffice: m.w.ownerB,
    ownerAlpha: m.w.ownerAlpha,
    adminAlpha: m.w.adminAlpha,
    regularAlpha: m.w.regularAlpha,
    otherCompany: m.w.ownerBeta,
  };
  return people[who]?.user ?? null;
}

export const requests: Record<string, RequestSpec> = {
  "GET /api/[...path]": none,
  "POST /api/[...path]": body({}),
  "PUT /api/[...path]": body({}),
  "PATCH /api/[...path]": body({}),
  "DELETE /api/[...path]": body({}),

  "GET /api/account/all": none,
  "POST /api/account/all": body({ year: current.year }),
  "POST /api/account/change": {
    build: async (m) => ({
      body: {
        clientId: m.w.alpha.id,
        accountId: (await createAccount({ office: m.w.officeA, yearOfExercise: current.year })).id,
      },
    }),
  },
  "POST /api/account/client": body((m) => ({ clientId: m.w.alpha.id, ...current })),
  "POST /api/account/import": body(() => ({
    year: emptyYear(),
    format: "csv",
    base64url: `data:text/csv;base64,${Buffer.from("codigo;descricao\n1.1.01.001;Caixa\n").toString("base64")}`,
  })),
  "POST /api/account/starter": body(() => ({ year: emptyYear() })),
  "POST /api/account/rollover": {
    build: async (m) => {
      const fromYear = emptyYear();
      for (const office of [m.w.officeA, { id: m.w.ownerB.officeId }])
        await createAccount({ office, yearOfExercise: fromYear });
      return { body: { fromYear, toYear: emptyYear() } };
    },
  },
  "POST /api/account/create": body(() => ({
    year: current.year,
    code: `9.8.${(lastEmptyYear += 1)}`,
    description: "Conta nova",
  })),
  "POST /api/account/update": {
    build: async (m) => ({
      body: { accountId: (await createAccount({ office: m.w.officeA })).id, description: "Conta renomeada" },
    }),
  },
  "POST /api/account/activate": {
    build: async (m) => ({
      body: {
        clientId: m.w.alpha.id,
        accountIds: [(await createAccount({ office: m.w.officeA, yearOfExercise: current.year })).id],
      },
    }),
  },
  "GET /api/accounting/contact": none,
  "POST /api/accounting/contact": body((m) => ({ clientId: m.w.alpha.id })),
  "GET /api/accounting/info": none,
  "POST /api/accounting/info": body(() => ({
    accounting: {
      name: "Escritório Matriz",
      code: randomCnpj(),
      email: uniqueEmail("escritorio"),
      phone: randomPhone(),
      address,
    },
  })),
  "POST /api/accounting/logo": { build: async () => ({ body: { base64url: await receiptDataUrl() } }) },
  "POST /api/accounting/retention": body({ years: 6 }),

  "POST /api/block/contabilize": {
    link: true,
    build: (m, who) => ({ body: { blockId: m.w.categorized.id, link: linkOf(m, who) } }),
  },
  "POST /api/block/create": { build: async () => ({ body: [await tinyPhoto()] }) },
  "POST /api/block/devolve": { build: async (m) => ({ body: { blockId: (await freshUncategorized(m)).id } }) },
  "POST /api/block/duplicate/dismiss": body((m) => ({
    blockId: m.w.uncategorized.id,
    otherBlockId: m.w.categorized.id,
  })),
  "POST /api/block/import": body((m) => ({
    clientId: m.w.alpha.id,
    files: [{ name: "nota.xml", base64url: `data:application/xml;base64,${buildNfe().bytes.toString("base64")}` }],
  })),
  "POST /api/block/list": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/block/save": {
    build: async (m) => {
      const block = await freshUncategorized(m);
      return {
        body: {
          block: { id: block.id, date: firstOfMonth, value: "10.50", accountId: m.w.account.id },
          version: block.version,
        },
      };
    },
  },
  "POST /api/block/sent": body((m) => ({ operatorId: m.w.sharerAlpha.id })),
  "POST /api/block/sent/undo": {
    build: async (m) => ({
      body: { blockId: (await createBlock({ client: m.w.alpha, sentBy: m.w.regularAlpha, sentAt: new Date() })).id },
    }),
  },
  "POST /api/block/tocategorize": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/block/viewed": body((m) => ({ blockId: m.w.uncategorized.id })),

  "POST /api/client/busy": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/client/export/settings": body((m) => ({
    clientId: m.w.alpha.id,
    counterpartAccount: "2.1.01",
    historyCode: "1",
  })),
  "POST /api/client/retention": body((m) => ({ clientId: m.w.alpha.id })),
  // A month with no block of alpha's: the export is a header line, once alpha's counterpart is set.
  "POST /api/client/export/check": body((m) => ({ clientId: m.w.alpha.id, year: 2001, month: 1 })),
  "POST /api/client/export": {
    build: async (m) => {
      await exportSettingsOf(m.w.alpha.id);
      return { body: { clientId: m.w.alpha.id, year: 2001, month: 1, format: "dominio" } };
    },
  },
  "POST /api/accounting/export": body({ year: 2001, month: 1, format: "csv" }),
  "POST /api/client/logo": { build: async () => ({ body: { base64url: await receiptDataUrl() } }) },
  "POST /api/client/remove": { build: async (m) => ({ body: { clientId: (await freshAlphaLike(m)).id } }) },
  "GET /api/client": none,
  "POST /api/client {clientId}": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/client {client}": {
    // The caller's own company, sent back as stored (a business owner saving its data unchanged).
    build: async (m, who) => {
      const membership = await getDb().clientOperator.findFirst({
        where: { userId: userOf(m, who)?.id ?? -1 },
        include: { client: true },
      });
      const c = membership?.client ?? m.w.alpha;
      return {
        body: {
          client: {
            name: c.name,
            code: c.code,
            email: c.email,
            phone: c.phone,
            address: {
              cep: c.cep,
              street: c.street,
              number: c.number,
              neighboor: c.neighboor,
              city: c.city,
              state: c.state,
            },
          },
        },
      };
    },
  },
  "GET /api/account/client": none,
  "GET /api/block/list": none,
  "GET /api/pendency/list": none,
  "GET /api/pendency/tosolve": none,
  "GET /api/clients": none,
  "POST /api/clients": body((m) => ({ clientId: m.w.alpha.id })),

  "GET /api/dev/outbox": none,
  "POST /api/document/block": body((m) => ({ blockId: m.w.uncategorized.id })),
  "POST /api/block/history": body((m) => ({ blockId: m.w.uncategorized.id })),
  "POST /api/client/history": body((m) => ({ clientId: m.w.alpha.id })),
  "GET /api/document/devolved": none,
  "POST /api/document/devolved/restore": {
    build: async (m) => ({
      body: {
        documentId: (await createDocument({ client: m.w.alpha, uploadedBy: m.w.regularAlpha, devolvedAt: new Date() }))
          .id,
      },
    }),
  },
  "POST /api/document/remove": {
    build: async (m) => ({
      body: { documentId: (await createDocument({ client: m.w.alpha, uploadedBy: m.w.regularAlpha })).id },
    }),
  },
  "GET /api/files/[...key]": {
    build: (m) => {
      const url = signDocumentUrl(m.w.document.key);
      return { path: url, params: { key: m.w.document.key.split("/") } };
    },
  },
  "GET /api/health": none,
  "GET /api/health/live": none,

  "POST /api/invite/accept": {
    parallel: true,
    build: async (m) => {
      const email = uniqueEmail("convidado");
      await call(invitedAddPost, { token: m.bearer.ownerA, body: { email } });
      return {
        body: {
          token: await mailedToken(email, /\/convite\/([A-Za-z0-9_-]+)/),
          name: "Pessoa Convidada",
          password: "segredo1",
        },
      };
    },
  },
  "POST /api/invite/info": {
    parallel: true,
    build: async (m) => {
      const email = uniqueEmail("convidado");
      await call(invitedAddPost, { token: m.bearer.ownerA, body: { email } });
      return { body: { token: await mailedToken(email, /\/convite\/([A-Za-z0-9_-]+)/) } };
    },
  },
  "POST /api/invited/add": body(() => ({ email: uniqueEmail("convite") })),
  "GET /api/invited/list": none,
  "POST /api/invited/list": body({}),
  "POST /api/invited/remove": {
    build: async (m) => ({
      body: {
        inviteId: (await createInvite({ kind: "accountingOperator", office: m.w.officeA, invitedBy: m.w.ownerA.user }))
          .id,
      },
    }),
  },

  "GET /api/library/all": none,
  "POST /api/library/documents": body((m) => ({ operatorId: m.w.sharerAlpha.id })),
  "GET /api/me": none,

  "POST /api/operator/block/change accounting": {
    build: async (m) => ({ body: { operatorId: await officeTargetOf(m), platform: "accounting" } }),
  },
  "POST /api/operator/block/change bussiness": {
    build: async (m) => ({ body: { operatorId: await companyTargetOf(m), platform: "bussiness" } }),
  },
  "POST /api/operator/change/admin accounting": {
    build: async (m) => ({ body: { operatorId: await officeTargetOf(m), platform: "accounting" } }),
  },
  "POST /api/operator/change/admin bussiness": {
    build: async (m) => ({ body: { operatorId: await companyTargetOf(m), platform: "bussiness" } }),
  },
  "POST /api/operator/change/sharedto": { build: async (m) => ({ body: { operatorId: await companyTargetOf(m) } }) },
  "POST /api/operator/changePassword": {
    build: () => ({ body: { currentPassword: "demo1234", newPassword: "demo1234" } }),
    // The call ends the caller's earlier tokens: the matrix goes on with the pair it answered.
    after: (m, who, answer) => {
      const access = (answer.json.data as { access?: string } | undefined)?.access;
      if (answer.status === 200 && access) m.bearer[who] = access;
    },
  },
  "POST /api/operator/contabilization/end": {
    link: true,
    // The phone actors end a session of their own made for this call (the matrix's sessions live on).
    build: async (m, who) => {
      if (who === "link") return { body: { link: await phoneSession(m.bearer.responsible!, m.w.alpha.id) } };
      if (who === "linkOther") return { body: { link: await phoneSession(m.bearer.responsible!, m.w.gamma.id) } };
      return { body: { link: "sessao-desconhecida" } };
    },
  },
  "POST /api/operator/contabilization/history": {
    link: true,
    build: (m, who) => ({
      body: { clientId: m.w.alpha.id, link: linkOf(m, who), ...current, accountId: m.w.account.id },
    }),
  },
  "POST /api/operator/contabilization/init": {
    build: async (m) => {
      const link = await oneTimeLink(m.bearer.responsible!, m.w.alpha.id);
      await reset();
      return { body: { link } };
    },
  },
  "POST /api/operator/contabilization/link": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/operator/contabilization/mobile": {
    link: true,
    build: (m, who) => ({ body: { link: phoneLinkOf(m, who) } }),
  },
  "GET /api/operator/list/accounting": none,
  "GET /api/operator/list/client": none,
  "GET /api/operator/profile": none,
  "POST /api/operator/profile": {
    build: (m, who) => {
      const user = userOf(m, who);
      return {
        body: {
          name: user?.name ?? "Ninguém",
          code: user?.code ?? randomCpf(),
          email: user?.email ?? uniqueEmail("ninguem"),
          phone: user?.phone ?? randomPhone(),
        },
      };
    },
  },
  "POST /api/operator/remove/accounting": { build: async (m) => ({ body: { operatorId: await officeTargetOf(m) } }) },
  "POST /api/operator/remove/client": { build: async (m) => ({ body: { operatorId: await companyTargetOf(m) } }) },
  "GET /api/operator/sent/get": none,
  "POST /api/operator/shared": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/operator/shared/change": {
    build: async (m) => ({ body: { clientId: (await freshAlphaLike(m)).id, accountingOperatorId: m.w.outsiderA.id } }),
  },
  "POST /api/operator/sync/block": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/operator/sync/contabilize": body((m) => ({ clientId: m.w.alpha.id })),
  "GET /api/operator/sync/pendency": none,
  "POST /api/operator/sync/pendency": none,
  "POST /api/operator/transfer": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/operator/transfer/change": {
    build: async (m) => ({ body: { clientId: (await freshAlphaLike(m)).id, accountingOperatorId: m.w.outsiderA.id } }),
  },
  "GET /api/operator/unsync/block": none,
  "POST /api/operator/unsync/block": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/operator/unsync/contabilize": body((m) => ({ clientId: m.w.alpha.id })),
  "GET /api/operator/unsync/pendency": none,
  "POST /api/operator/unsync/pendency": none,
  "GET /api/operator/notifications": none,
  "POST /api/operator/notifications": body({ kind: "digest", enabled: false }),
  "POST /api/operator/update/photo": { build: async () => ({ body: { base64url: await receiptDataUrl() } }) },

  "POST /api/notifications/unsubscribe": {
    parallel: true,
    build: async () => ({ body: { token: unsubscribeToken((await createUser()).id, "pendency") } }),
  },
  "POST /api/notifications/unsubscribe/one-click": {
    parallel: true,
    build: async () => ({
      path: `/api/notifications/unsubscribe/one-click?token=${unsubscribeToken((await createUser()).id, "returned")}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },

  "POST /api/password/forgot": body(() => ({ email: uniqueEmail("esqueci") })),
  "POST /api/password/reset": {
    parallel: true,
    build: async () => {
      const user = await createUser();
      await call(forgotPost, { body: { email: user.email } });
      return {
        body: { token: await mailedToken(user.email, /\/redefinir-senha\/([A-Za-z0-9_-]+)/), password: "nova-senha" },
      };
    },
  },
  "POST /api/password/reset/check": {
    parallel: true,
    build: async () => {
      const user = await createUser();
      await call(forgotPost, { body: { email: user.email } });
      return { body: { token: await mailedToken(user.email, /\/redefinir-senha\/([A-Za-z0-9_-]+)/) } };
    },
  },
  "POST /api/pendency/create": {
    build: async (m) => ({ body: { blockId: (await freshUncategorized(m)).id, issue: 0 } }),
  },
  "POST /api/pendency/list": body((m) => ({ clientId: m.w.alpha.id })),
  "POST /api/pendency/solve": {
    build: async (m) => {
      const block = await createBlock({ client: m.w.alpha });
      const pendency = await createPendency({ block });
      return { body: { pendencyId: pendency.id, documents: [], removedDocuments: [] } };
    },
  },
  "POST /api/pendency/tosolve": body({}),
  "POST /api/register": body(() => ({
    firstName: "Maria",
    lastName: "Matriz",
    cpf: randomCpf(),
    phone: randomPhone(),
    companyName: "Contabilidade Matriz",
    cnpj: randomCnpj(),
    email: uniqueEmail("cadastro"),
    companyPhone: randomPhone(),
    cep: "01001000",
    street: "Praça da Sé",
    number: "100",
    neighborhood: "Sé",
    city: "São Paulo",
    state: "SP",
  })),
  "POST /api/token": {
    parallel: true,
    build: async () => ({ body: { username: (await createAccountingOperator()).user.email, password: "demo1234" } }),
  },
  "POST /api/token/logout": { parallel: true, build: async () => ({ body: { refresh: await freshRefresh() } }) },
  "POST /api/token/refresh": { parallel: true, build: async () => ({ body: { refresh: await freshRefresh() } }) },
  "PATCH /api/user/platform": none,
  "POST /api/user/platform": none,
  // Each actor asks once (a second request within 10 minutes is 429).
  "POST /api/user/data": body({}),
  "POST /api/user/data/download": { parallel: true, build: async () => ({ body: { token: await readyDataExport() } }) },
  "POST /api/user/erase": body({ password: "nao-e-a-senha" }),
  "POST /api/operator/erase": {
    build: async (m) => ({
      body: { id: (await createAccountingOperator({ office: m.w.officeA, type: 2, blocked: true })).id },
    }),
  },
};

/** The one-time link of a person's ZIP, made ready (a new person's, its file stored). */
async function readyDataExport(): Promise<string> {
  const user = await createUser();
  const token = randomBytes(32).toString("base64url");
  const key = `personal-data/${user.id}/${randomBytes(8).toString("hex")}.zip`;
  await getBlobStore().put(key, Buffer.from("PK\x05\x06" + "\0".repeat(18), "binary"), "application/zip");
  await getDb().personalDataExport.create({
    data: {
      userId: user.id,
      tokenHash: hashToken(token),
      blobKey: key,
      size: 22,
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return token;
}

/** A new session of a new office operator (issued directly: a login per cell would hash a password). */
async function freshRefresh(): Promise<string> {
  return (await sessionOf((await createAccountingOperator()).userId)).refresh;
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type Answer = {
  status: number;
  headers: Headers;
  text: string;
  json: { data?: unknown; error?: { code: string; message: string; fields?: { path: string; message: string }[] } };
};

/** The route module of an endpoint ("POST /api/block/list" → app/api/block/list/route.ts). */
export async function routeModule(key: string): Promise<Record<string, Handler>> {
  const path = key.split(" ")[1]!;
  return (await import(join(apiRoot, path.replace(/^\/api\/?/, ""), "route.ts"))) as Record<string, Handler>;
}

/**
 * Calls the endpoint's handler as `who` with `request` (a body, or `rawBody` sent as it is, with extra
 * headers) and reads the answer; JSON only when the answer says it is JSON.
 */
export async function send(
  m: Matrix,
  key: string,
  who: ActorName,
  request: MatrixRequest & { rawBody?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const [verb, path] = key.split(" ") as [string, string];
  const spec = requests[key];
  const mod = await routeModule(key);
  const phoneInBody = spec?.link && (who === "link" || who === "linkOther");
  const token = phoneInBody ? undefined : m.bearer[who];
  const raw = request.rawBody ?? (request.body !== undefined ? JSON.stringify(request.body) : undefined);
  const req = new Request(`http://localhost${request.path ?? path}`, {
    method: verb,
    headers: {
      ...(raw !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...request.headers,
    },
    body: raw,
  });
  const res = await mod[verb]!(req, { params: Promise.resolve(request.params ?? { path: path.split("/").slice(2) }) });
  const text = await res.text();
  const json = res.headers.get("content-type")?.includes("application/json") && text ? JSON.parse(text) : {};
  const answer = { status: res.status, headers: res.headers, text, json };
  spec?.after?.(m, who, answer);
  return answer;
}

/** One cell of the matrix: the endpoint called as `who` with the request its builder made. */
export async function runCell(m: Matrix, key: string, who: ActorName): Promise<Answer> {
  const spec = requests[key];
  if (!spec) throw new Error(`no request builder for ${key}`);
  const answer = await send(m, key, who, await spec.build(m, who));
  await reset();
  return answer;
}

/**
 * The tests of one part of the matrix (the table's keys in order, every `parts`-th from `part`), so the
 * matrix runs as a few test files in parallel, each on its own database. Part 0 also checks that the
 * table and the route tree name the same endpoints.
 */
export function describeMatrixPart(part: number, parts: number): void {
  let m: Matrix;
  beforeAll(async () => {
    m = await buildMatrixWorld();
  }, 120_000);

  if (part === 0) {
    test("every endpoint of the route tree has a row, and every row names an endpoint of the tree", () => {
      const tree = routeEndpoints();
      expect(tree.length).toBeGreaterThan(80);
      expect([...new Set(Object.keys(table).map(endpointOf))].sort()).toEqual(tree);
      expect(Object.keys(requests).sort()).toEqual(Object.keys(table).sort());
    });
  }

  // changePassword ends the caller's earlier sessions (the phone's too): it runs last in its part.
  // The slow rows (password hashing per cell) dealt first, so each part gets its share of them.
  const slow = (key: string) => Boolean(requests[key]?.parallel) || /changePassword|contabilization\/init/.test(key);
  const keys = Object.keys(table)
    .sort((a, b) => Number(slow(b)) - Number(slow(a)) || a.localeCompare(b))
    .filter((_, index) => index % parts === part)
    .sort((a, b) => Number(a.includes("changePassword")) - Number(b.includes("changePassword")));

  for (const key of keys) {
    test(
      key,
      async () => {
        const answers = {} as Row;
        const refusals: string[] = [];
        // Independent cells three at a time (the password hashing they do is what takes the time).
        const lanes = requests[key]?.parallel ? 3 : 1;
        const cells: (readonly [ActorName, Answer])[] = [];
        const queue = [...ACTORS];
        await Promise.all(
          Array.from({ length: lanes }, async () => {
            for (let who = queue.shift(); who; who = queue.shift())
              cells.push([who, await runCell(m, key, who)] as const);
          }),
        );
        for (const [who, answer] of cells) {
          answers[who] = answer.status;
          // The envelope of an unexpected refusal, to tell a permission from a request the builder got wrong.
          if (answer.status !== table[key]![who])
            refusals.push(`${who}: ${answer.status} ${JSON.stringify(answer.json.error ?? null)}`);
        }
        expect({ answers, unexpected: refusals }).toEqual({ answers: table[key], unexpected: [] });
      },
      180_000,
    );
  }
}
