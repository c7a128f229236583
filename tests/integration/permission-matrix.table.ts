// The permission matrix's expectations, written by hand from docs/api.md and the spec (§6, §7) — never
// derived from what the code answers. One row per endpoint the route tree serves ("VERB /api/path",
// plus a word after it when one route takes two kinds of body), one status per actor. The request each
// cell sends is valid for the route (permission-matrix.world.ts), so the status is about who asks.
//
// The world (tests/integration/business-writes-world.ts and permission-matrix.world.ts): office A with
// its owner (type 0), an admin (1) and regular operators (2) around client alpha — `responsible` is
// alpha's responsible operator, `shared` has alpha shared with it, `outsider` neither; `otherOffice` is
// office B's owner; alpha's company users by level; `otherCompany` the owner of beta (a company of
// office B). `link` is a phone contabilization session of alpha (issued by the responsible operator) and
// `linkOther` one of gamma, another client of the same operator: on the link routes they send it as the
// body's `link`; everywhere else, and for `mobile` always, it goes as a bearer token.
//
// To add a route: add its row here and its request builder in permission-matrix.world.ts; the test
// fails until both exist (and when a row names a route that no longer exists).

export const ACTORS = [
  "anonymous",
  "expired", // an access token of ours, signed with our key, past its exp
  "refreshAsAccess", // a real refresh token sent as the bearer
  "mobile", // the phone session of alpha sent as the bearer
  "link", // the phone session of alpha in the body's `link` (link routes)
  "linkOther", // the phone session of gamma in the body's `link` (link routes)
  "blockedA", // office A, type 2, alpha shared with it, blocked after logging in
  "blockedAlpha", // alpha's company, type 2, blocked after logging in
  "ownerA", // office A, type 0
  "adminA", // office A, type 1, neither responsible for alpha nor shared
  "responsible", // office A, type 2, alpha's responsible operator
  "shared", // office A, type 2, alpha shared with it
  "outsider", // office A, type 2, neither responsible nor shared
  "otherOffice", // office B, type 0
  "ownerAlpha", // alpha's company, type 0
  "adminAlpha", // alpha's company, type 1
  "regularAlpha", // alpha's company, type 2
  "otherCompany", // beta's company (office B), type 0
] as const;
export type ActorName = (typeof ACTORS)[number];
export type Row = Record<ActorName, number>;

/** Every actor the same answer: public routes. */
const everyone = (status: number): Row => Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Row;

/** Nobody without a live session of ours gets past a bearer route. */
const noSession = { anonymous: 401, expired: 401, refreshAsAccess: 401, mobile: 401, link: 401, linkOther: 401, blockedA: 401, blockedAlpha: 401 } as const;
/** The company users on an office-only route: 'Esta ação é da plataforma…' / no accounting membership. */
const companies403 = { ownerAlpha: 403, adminAlpha: 403, regularAlpha: 403, otherCompany: 403 } as const;
/**
 * The company users on an office route about one of alpha's blocks or alpha itself: alpha's own users
 * find it and are refused (right `client.work`); another company's user does not find it (404).
 */
const alphaUsers403 = { ownerAlpha: 403, adminAlpha: 403, regularAlpha: 403 } as const;
/** The office operators on a company-only route. */
const offices403 = { ownerA: 403, adminA: 403, responsible: 403, shared: 403, outsider: 403, otherOffice: 403 } as const;

export const table: Record<string, Row> = {
  // The catch-all: any /api path no route claims is the envelope's 404, whoever asks.
  "GET /api/[...path]": everyone(404),
  "POST /api/[...path]": everyone(404),
  "PUT /api/[...path]": everyone(404),
  "PATCH /api/[...path]": everyone(404),
  "DELETE /api/[...path]": everyone(404),

  // Accounts: the office's chart (any office operator, its own office); a client's plan (who sees it).
  "GET /api/account/all": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },
  "POST /api/account/all": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },
  "POST /api/account/change": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ownerAlpha: 403, adminAlpha: 403, regularAlpha: 403, otherCompany: 404 },
  "POST /api/account/client": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 404 },
  // The chart itself (right chart.edit): the owner and administrators of each office, its own chart; a
  // regular operator 403 (the import before its file is read); another office's account 404.
  "POST /api/account/import": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ...companies403 },
  "POST /api/account/starter": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ...companies403 },
  "POST /api/account/rollover": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ...companies403 },
  "POST /api/account/create": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ...companies403 },
  "POST /api/account/update": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  // Many accounts for one client: account/change's right.
  "POST /api/account/activate": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ownerAlpha: 403, adminAlpha: 403, regularAlpha: 403, otherCompany: 404 },

  // Office data and contact card.
  "GET /api/accounting/contact": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/accounting/contact": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...companies403 },
  "GET /api/accounting/info": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },
  "POST /api/accounting/info": { ...noSession, ownerA: 200, adminA: 403, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ...companies403 },
  "POST /api/accounting/logo": { ...noSession, ownerA: 200, adminA: 403, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ...companies403 },

  // Blocks, office side (client.work: the owner, the responsible and shared operators).
  "POST /api/block/contabilize": { ...noSession, link: 200, linkOther: 404, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/block/devolve": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/block/list": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 404 },
  "POST /api/block/save": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/block/tocategorize": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/block/viewed": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/document/block": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/pendency/create": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/pendency/list": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },

  // Blocks, company side: any user of the company (sharerAlpha shares its gallery and sent blocks).
  "POST /api/block/create": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/block/sent": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 404 },
  // A block regularAlpha sent: only the sender may undo it; a colleague 403, another company 404.
  "POST /api/block/sent/undo": { ...noSession, ...offices403, ownerAlpha: 403, adminAlpha: 403, regularAlpha: 200, otherCompany: 404 },

  // Client company: the office side reads a visible client; the company side its own.
  "POST /api/client/busy": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...companies403 },
  "POST /api/client/logo": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 403, regularAlpha: 403, otherCompany: 200 },
  // Share, transfer, remove: the responsible operator only (the owner too is refused); another office 404.
  "POST /api/client/remove": { ...noSession, ownerA: 403, adminA: 403, responsible: 200, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  "GET /api/client": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/client {clientId}": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...companies403 },
  "POST /api/client {client}": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 403, regularAlpha: 403, otherCompany: 200 },
  "GET /api/clients": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },
  "POST /api/clients": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...companies403 },

  "GET /api/dev/outbox": everyone(200),

  // Documents, company side.
  "GET /api/document/devolved": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/document/devolved/restore": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 404 },
  // regularAlpha's own gallery document: a colleague 403, another company 404.
  "POST /api/document/remove": { ...noSession, ...offices403, ownerAlpha: 403, adminAlpha: 403, regularAlpha: 200, otherCompany: 404 },
  // The signature is the permission: a valid link serves whoever holds it, with or without a token.
  "GET /api/files/[...key]": everyone(200),

  "GET /api/health": everyone(200),
  "GET /api/health/live": everyone(200),

  // Invites: the links are public; managing invites needs type ≤ 1 on the platform.
  "POST /api/invite/accept": everyone(200),
  "POST /api/invite/info": everyone(200),
  "POST /api/invited/add": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 403, otherCompany: 200 },
  "GET /api/invited/list": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 403, otherCompany: 200 },
  "POST /api/invited/list": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 403, otherCompany: 200 },
  // An operator invite of office A (sent by its owner): inside but not a type 2's to manage 403; outside 404.
  "POST /api/invited/remove": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 404, ownerAlpha: 404, adminAlpha: 404, regularAlpha: 404, otherCompany: 404 },

  // Galleries.
  "GET /api/library/all": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/library/documents": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 404 },

  "GET /api/me": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },

  // Operator management: type ≤ 1 over equal or lower privilege; a platform the caller lacks 403; a
  // target of another office or company 404. Targets: a new type 2 of office A / of alpha's company.
  "POST /api/operator/block/change accounting": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  "POST /api/operator/block/change bussiness": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 403, otherCompany: 404 },
  "POST /api/operator/change/admin accounting": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  "POST /api/operator/change/admin bussiness": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 403, otherCompany: 404 },
  "POST /api/operator/change/sharedto": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 403, otherCompany: 404 },
  "POST /api/operator/remove/accounting": { ...noSession, ownerA: 200, adminA: 200, responsible: 403, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  "POST /api/operator/remove/client": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 403, otherCompany: 404 },
  "GET /api/operator/list/accounting": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },
  "GET /api/operator/list/client": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },

  // The caller's own profile, password and picture: anyone logged in.
  "GET /api/operator/profile": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/operator/profile": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/operator/update/photo": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/operator/changePassword": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },

  // Contabilization and the QR link. The phone-only routes need a session in `link`: the desk actors
  // present a well-formed unknown one (401); a session reaches its own client only.
  "POST /api/operator/contabilization/end": { ...noSession, link: 200, linkOther: 200, ownerA: 401, adminA: 401, responsible: 401, shared: 401, outsider: 401, otherOffice: 401, ownerAlpha: 401, adminAlpha: 401, regularAlpha: 401, otherCompany: 401 },
  // A session reads its own client's history whatever `clientId` the body names (gamma's for linkOther).
  "POST /api/operator/contabilization/history": { ...noSession, link: 200, linkOther: 200, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "POST /api/operator/contabilization/init": everyone(200),
  "POST /api/operator/contabilization/link": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  // The session's own client's month (alpha's for `link`, gamma's for `linkOther`): the body names no client.
  "POST /api/operator/contabilization/mobile": { ...noSession, link: 200, linkOther: 200, ownerA: 401, adminA: 401, responsible: 401, shared: 401, outsider: 401, otherOffice: 401, ownerAlpha: 401, adminAlpha: 401, regularAlpha: 401, otherCompany: 401 },
  "POST /api/operator/sync/contabilize": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  // unsync touches only the caller's own rows: nothing is looked up, any office operator gets {}.
  "POST /api/operator/unsync/contabilize": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },

  // Categorization presence.
  "POST /api/operator/sync/block": { ...noSession, ownerA: 200, adminA: 404, responsible: 200, shared: 200, outsider: 404, otherOffice: 404, ...alphaUsers403, otherCompany: 404 },
  "GET /api/operator/unsync/block": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },
  "POST /api/operator/unsync/block": { ...noSession, ownerA: 200, adminA: 200, responsible: 200, shared: 200, outsider: 200, otherOffice: 200, ...companies403 },

  // Pendency screen presence and queue (company side).
  "GET /api/operator/sync/pendency": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/operator/sync/pendency": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "GET /api/operator/unsync/pendency": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/operator/unsync/pendency": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  "POST /api/pendency/tosolve": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },
  // A pendency of alpha's company: any of its users; another company 404.
  "POST /api/pendency/solve": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 404 },
  "GET /api/operator/sent/get": { ...noSession, ...offices403, ownerAlpha: 200, adminAlpha: 200, regularAlpha: 200, otherCompany: 200 },

  // Share and transfer (responsible only; the owner only for a blocked responsible's client).
  "POST /api/operator/shared": { ...noSession, ownerA: 403, adminA: 403, responsible: 200, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  "POST /api/operator/shared/change": { ...noSession, ownerA: 403, adminA: 403, responsible: 200, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  "POST /api/operator/transfer": { ...noSession, ownerA: 403, adminA: 403, responsible: 200, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },
  "POST /api/operator/transfer/change": { ...noSession, ownerA: 403, adminA: 403, responsible: 200, shared: 403, outsider: 403, otherOffice: 404, ...companies403 },

  // Public: the links and forms of people who are not logged in.
  "POST /api/password/forgot": everyone(200),
  "POST /api/password/reset": everyone(200),
  "POST /api/password/reset/check": everyone(200),
  "POST /api/register": everyone(200),
  "POST /api/token": everyone(200),
  "POST /api/token/logout": everyone(200),
  "POST /api/token/refresh": everyone(200),

  // The platform switch needs a membership on both platforms: none of these actors has two.
  "PATCH /api/user/platform": { ...noSession, ...offices403, ownerAlpha: 403, adminAlpha: 403, regularAlpha: 403, otherCompany: 403 },
  "POST /api/user/platform": { ...noSession, ...offices403, ownerAlpha: 403, adminAlpha: 403, regularAlpha: 403, otherCompany: 403 },
};
