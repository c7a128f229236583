// Office sign-up: POST /api/register creates the office (trial), its owner without a usable
// password and the e-mailed link in one transaction; the link sets the password and logs in to the
// accounting platform with an empty client list. Validation (§5 messages), card fields refused, e-mail
// in use 409, throttle per e-mail 429.
import { POST as registerPost } from "@/app/api/register/route";
import { POST as infoPost } from "@/app/api/invite/info/route";
import { POST as acceptPost } from "@/app/api/invite/accept/route";
import { GET as outboxGet } from "@/app/api/dev/outbox/route";
import { GET as clientsGet } from "@/app/api/clients/route";
import { GET as meGet } from "@/app/api/me/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { currentYearMonth } from "@/lib/format/dates";
import { STARTER_CHART } from "@/server/accounts/starter-chart";
import { getDb } from "@/server/db/client";
import { createAccountingOperator, randomCnpj, randomCpf } from "../helpers/factories";
import { call } from "../helpers/http";

type Pair = { access: string; refresh: string; isAccouting: boolean; isBussiness: boolean };
let seq = 0;
const nextEmail = () => `escritorio-${++seq}@contabil.com.br`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Mariana",
  lastName: "Albuquerque",
  cpf: randomCpf(),
  phone: "(11) 9 8765-4321",
  companyName: "Albuquerque Contabilidade",
  cnpj: randomCnpj(),
  email: nextEmail(),
  companyPhone: "(11) 3 1234-5678",
  cep: "01310-100",
  street: "Av. Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  ...overrides,
});

async function linkFor(email: string): Promise<string> {
  const outbox = await call<{ to: string; subject: string; text: string }[]>(outboxGet);
  const mail = outbox.json.data!.find((m) => m.to === email)!;
  expect(mail.subject).toBe("Ative o seu escritório no Bloco");
  return /\/convite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

test("sign-up → office on trial, owner without password, e-mail → the link sets the password → logged in, empty client list", async () => {
  const body = valid({ email: "Dona@Contabil-Nova.com.br" });
  const res = await call<{ email: string }>(registerPost, { body });
  expect(res.status).toBe(200);
  expect(res.json.data).toEqual({ email: "dona@contabil-nova.com.br" });

  const user = await getDb().user.findUniqueOrThrow({
    where: { email: "dona@contabil-nova.com.br" },
    include: { accountingOperator: { include: { office: true } } },
  });
  expect(user).toMatchObject({ name: "Mariana Albuquerque", code: body.cpf, phone: "11987654321" });
  const office = user.accountingOperator!.office;
  expect(user.accountingOperator).toMatchObject({ type: 0, blocked: false, hasPaymentAccess: true });
  expect(office).toMatchObject({
    name: "Albuquerque Contabilidade",
    code: body.cnpj,
    email: "dona@contabil-nova.com.br",
    phone: "11312345678",
    cep: "01310100",
    street: "Av. Paulista",
    number: "1000",
    neighboor: "Bela Vista",
    city: "São Paulo",
    state: "SP",
  });
  const trialDays = (office.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
  expect(trialDays).toBeGreaterThan(29.9);
  expect(trialDays).toBeLessThan(30.1);
  expect(await getDb().auditEvent.count({ where: { officeId: office.id, action: "office.signup" } })).toBe(1);

  // No usable password before the link: a login with anything fails like a wrong password.
  expect(
    (await call(tokenPost, { body: { username: "dona@contabil-nova.com.br", password: "!pending-signup" } })).status,
  ).toBe(401);

  const token = await linkFor("dona@contabil-nova.com.br");
  const info = await call(infoPost, { body: { token } });
  expect(info.json.data).toEqual({
    email: "dona@contabil-nova.com.br",
    kind: "accountingOperator",
    organizationName: "Albuquerque Contabilidade",
    userExists: false,
    signup: true,
  });

  const short = await call(acceptPost, { body: { token, password: "123" } });
  expect(short.status).toBe(400);
  expect(short.json.error!.fields).toContainEqual({
    path: "password",
    message: "A senha deve ter no mínimo 6 caracteres",
  });

  const accepted = await call<Pair>(acceptPost, { body: { token, password: "minhasenha" } });
  expect(accepted.status).toBe(200);
  expect(accepted.json.data).toMatchObject({ isAccouting: true, isBussiness: false });
  const me = await call<{ name: string; accounting: { type: number; officeId: number } }>(meGet, {
    token: accepted.json.data!.access,
  });
  expect(me.json.data).toMatchObject({ name: "Mariana Albuquerque", accounting: { type: 0, officeId: office.id } });
  const clients = await call<unknown[]>(clientsGet, { token: accepted.json.data!.access });
  expect(clients.status).toBe(200);
  expect(clients.json.data).toEqual([]);
  // Still one operator: the link set the password, it added no membership.
  expect(await getDb().accountingOperator.count({ where: { officeId: office.id } })).toBe(1);

  expect(
    (await call(tokenPost, { body: { username: "dona@contabil-nova.com.br", password: "minhasenha" } })).status,
  ).toBe(200);
  expect((await call(acceptPost, { body: { token, password: "outrasenha" } })).status).toBe(404);
});

test.each([
  ["cpf", "111.111.111-11", "CPF inválido"],
  ["cpf", "123.456.789-09", "CPF inválido"],
  ["cnpj", "11.222.333/0001-00", "CNPJ inválido"],
  ["cep", "1310-100", "CEP inválido"],
  ["phone", "(11) 8765-4321", "Telefone inválido"],
  ["companyPhone", "11 98765", "Telefone inválido"],
  ["email", "dona@", "Este e-mail não é válido"],
  ["firstName", "  ", "Este campo não pode ficar vazio"],
  ["lastName", "", "Este campo não pode ficar vazio"],
  ["companyName", "", "Este campo não pode ficar vazio"],
  ["street", "", "Este campo não pode ficar vazio"],
  ["number", "", "Este campo não pode ficar vazio"],
  ["neighborhood", "", "Este campo não pode ficar vazio"],
  ["city", "", "Este campo não pode ficar vazio"],
  ["state", "", "Este campo não pode ficar vazio"],
  ["city", "São\u0000Paulo", "Este campo contém caracteres inválidos"],
])("%s = %j → 400 '%s' beside the field; nothing created, nothing sent", async (field, value, message) => {
  const body = valid({ [field]: value });
  const res = await call(registerPost, { body });
  expect(res.status).toBe(400);
  expect(res.json.error!.fields).toContainEqual({ path: field, message });
  expect(await getDb().user.findUnique({ where: { email: body.email } })).toBeNull();
  expect(await getDb().mailOutbox.count({ where: { to: body.email } })).toBe(0);
});

test("card fields are never accepted: a body carrying them → 400, nothing created", async () => {
  const body = valid({ cardNumber: "4111 1111 1111 1111", cvv: "123" });
  const res = await call(registerPost, { body });
  expect(res.status).toBe(400);
  expect(await getDb().user.findUnique({ where: { email: body.email } })).toBeNull();
});

test("an e-mail already in use (a login, or a pending sign-up) → 409 with a clear message; no second office, no mail", async () => {
  const operator = await createAccountingOperator();
  const offices = await getDb().accountingOffice.count();
  const taken = await call(registerPost, { body: valid({ email: operator.user.email }) });
  expect(taken.status).toBe(409);
  expect(taken.json.error!.message).toBe(
    "Este e-mail já está em uso no Bloco. Entre com o seu login ou use 'Esqueceu a senha?'.",
  );
  expect(await getDb().mailOutbox.count({ where: { to: operator.user.email } })).toBe(0);

  const email = nextEmail();
  expect((await call(registerPost, { body: valid({ email }) })).status).toBe(200);
  expect((await call(registerPost, { body: valid({ email }) })).status).toBe(409);
  expect(await getDb().accountingOffice.count()).toBe(offices + 1);
  expect(await getDb().mailOutbox.count({ where: { to: email } })).toBe(1);
});

test("two parallel sign-ups of one e-mail: exactly one office", async () => {
  const email = nextEmail();
  const results = await Promise.all([
    call(registerPost, { body: valid({ email }) }),
    call(registerPost, { body: valid({ email }) }),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  expect(await getDb().user.count({ where: { email } })).toBe(1);
  expect(await getDb().mailOutbox.count({ where: { to: email } })).toBe(1);
});

test("sign-ups per e-mail are throttled (every try counts, not only failures): past the limit 429 with Retry-After", async () => {
  const email = nextEmail();
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await call(registerPost, { body: valid({ email }) })).status);
  expect(statuses).toEqual([200, ...Array(9).fill(409)]);
  const limited = await call(registerPost, { body: valid({ email }) });
  expect(limited.status).toBe(429);
  expect(limited.json.error!.message).toBe("Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.");
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await getDb().mailOutbox.count({ where: { to: email } })).toBe(1);
  // Another e-mail is not held back by it, and the login of that address is not throttled by sign-ups.
  expect((await call(registerPost, { body: valid() })).status).toBe(200);
});

test("failed logins as 'register:<e-mail>' do not count on that e-mail's sign-up (the keys of each use are apart)", async () => {
  const email = nextEmail();
  for (let i = 0; i < 11; i++) {
    const refused = await call(tokenPost, { body: { username: `register:${email}`, password: "errada" } });
    expect([401, 429]).toContain(refused.status);
  }
  expect((await call(registerPost, { body: valid({ email }) })).status).toBe(200);
});

test("an office name with $ patterns is written as typed in the sign-up mail (no replacement pattern read in it)", async () => {
  const email = nextEmail();
  const companyName = "Contábil $' $` $& Ltda";
  expect((await call(registerPost, { body: valid({ email, companyName }) })).status).toBe(200);
  const mail = await getDb().mailOutbox.findFirstOrThrow({ where: { to: email } });
  expect(mail.text).toContain(companyName);
  expect(mail.html).toContain("<p>O escritório Contábil $' $` $&amp; Ltda foi cadastrado no Bloco.</p>"); // escaped for HTML, the $ patterns as typed
});

test("an expired sign-up link → 404; the owner can still get in through 'Esqueceu a senha?' (the account exists)", async () => {
  const email = nextEmail();
  expect((await call(registerPost, { body: valid({ email }) })).status).toBe(200);
  const token = await linkFor(email);
  await getDb().invite.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
  expect((await call(infoPost, { body: { token } })).status).toBe(404);
  expect((await call(acceptPost, { body: { token, password: "minhasenha" } })).status).toBe(404);
  expect(await getDb().user.count({ where: { email } })).toBe(1);
});

test("starterChart: the starter chart for this year and the previous one (São Paulo), in the sign-up's transaction; without it, no chart", async () => {
  const year = currentYearMonth().year;
  const withChart = valid({ starterChart: true });
  expect((await call(registerPost, { body: withChart })).status).toBe(200);
  const office = await getDb().accountingOffice.findFirstOrThrow({ where: { email: withChart.email as string } });
  const byYear = await getDb().account.groupBy({
    by: ["yearOfExercise"],
    where: { officeId: office.id },
    _count: true,
    orderBy: { yearOfExercise: "asc" },
  });
  expect(byYear.map((row) => [row.yearOfExercise, row._count])).toEqual([
    [year - 1, STARTER_CHART.length],
    [year, STARTER_CHART.length],
  ]);
  const audit = await getDb().auditEvent.findFirstOrThrow({ where: { officeId: office.id, action: "office.signup" } });
  expect(audit.data).toMatchObject({ starterChartYears: [year, year - 1] });

  for (const starterChart of [false, undefined]) {
    const body = valid({ starterChart });
    expect((await call(registerPost, { body })).status).toBe(200);
    const plain = await getDb().accountingOffice.findFirstOrThrow({ where: { email: body.email as string } });
    expect(await getDb().account.count({ where: { officeId: plain.id } })).toBe(0);
  }
  const wrong = valid({ starterChart: "sim" });
  const res = await call(registerPost, { body: wrong });
  expect([res.status, res.json.error?.fields?.[0]?.path]).toEqual([400, "starterChart"]);
  expect(await getDb().accountingOffice.count({ where: { email: wrong.email as string } })).toBe(0);
});
