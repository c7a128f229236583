// The users of a client company the office removed (POST /api/client/remove) are told so: login, refresh
// and every later call answer 'O escritório removeu sua empresa do Bloco…' with details.reason
// 'client_removed', in the spec's statuses (login 400, a session's calls 401), not 'Seu acesso foi
// bloqueado'. A blocked user keeps the blocked answer; a user with another platform still enters it.
import { POST as tokenPost } from "@/app/api/token/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { GET as meGet } from "@/app/api/me/route";
import { POST as removePost } from "@/app/api/client/remove/route";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, createClient, createClientOperator, createOffice } from "../helpers/factories";
import { call } from "../helpers/http";

type Pair = { access: string; refresh: string; isAccouting: boolean; isBussiness: boolean };
type Failure = { code: string; message: string; details?: Record<string, unknown> };

const REMOVED = "O escritório removeu sua empresa do Bloco. Fale com o escritório para voltar a ter acesso.";
let address = 0;
const login = (username: string) =>
  call<Pair>(tokenPost, {
    body: { username, password: "demo1234" },
    headers: { "x-forwarded-for": `10.9.0.${++address}` },
  });
const errorOf = (res: { json: { error?: unknown } }) => res.json.error as Failure;

async function removedCompany() {
  const office = await createOffice();
  const responsible = await createAccountingOperator({ office, type: 2 });
  const client = await createClient({ office, responsible });
  const member = await createClientOperator({ client });
  const pair = (await login(member.user.email)).json.data!;
  const operatorToken = (await login(responsible.user.email)).json.data!.access;
  expect((await call(removePost, { token: operatorToken, body: { clientId: client.id } })).status).toBe(200);
  return { client, member, pair };
}

test("a session's next call answers 401 with the removal message and reason", async () => {
  const { pair } = await removedCompany();
  const res = await call(meGet, { token: pair.access });
  expect(res.status).toBe(401);
  expect(errorOf(res)).toEqual({ code: "unauthenticated", message: REMOVED, details: { reason: "client_removed" } });
});

test("the refresh answers 401 with the removal message, and ends the session", async () => {
  const { pair, member } = await removedCompany();
  const res = await call(refreshPost, { body: { refresh: pair.refresh } });
  expect(res.status).toBe(401);
  expect(errorOf(res)).toEqual({ code: "unauthenticated", message: REMOVED, details: { reason: "client_removed" } });
  expect(await getDb().refreshToken.count({ where: { userId: member.userId, revokedAt: null } })).toBe(0);
});

test("the login answers 400 with the removal message and reason, and opens no session", async () => {
  const { member } = await removedCompany();
  const before = await getDb().refreshToken.count({ where: { userId: member.userId } });
  const res = await login(member.user.email);
  expect(res.status).toBe(400);
  expect(errorOf(res)).toEqual({ code: "blocked", message: REMOVED, details: { reason: "client_removed" } });
  expect(await getDb().refreshToken.count({ where: { userId: member.userId } })).toBe(before);
});

test("a blocked user of a company still there keeps 'Seu acesso foi bloqueado'", async () => {
  const member = await createClientOperator({ blocked: true });
  const res = await login(member.user.email);
  expect(res.status).toBe(400);
  expect(errorOf(res)).toEqual({ code: "blocked", message: "Seu acesso foi bloqueado" });
});

test("an operator whose own client company was removed still enters the office", async () => {
  const office = await createOffice();
  const responsible = await createAccountingOperator({ office, type: 2 });
  const client = await createClient({ office, responsible });
  await createClientOperator({ client, user: responsible.user });
  const token = (await login(responsible.user.email)).json.data!.access;
  expect((await call(removePost, { token, body: { clientId: client.id } })).status).toBe(200);
  const res = await login(responsible.user.email);
  expect(res.status).toBe(200);
  expect(res.json.data).toMatchObject({ isAccouting: true, isBussiness: false });
  expect((await call(meGet, { token: res.json.data!.access })).status).toBe(200);
});
