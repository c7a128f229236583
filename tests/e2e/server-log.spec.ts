import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/data";
import { SERVER_LOG } from "./support/e2e-server";
import { PASSWORD, apiLogin } from "./support/session";

// The server's log (playwright.config.ts starts the app with LOG_FILE: the start script's and the app
// server's output) holds no credential: this journey makes one of each kind through the screens and the
// API, then reads the log the run has written so far. Every request is logged (the link pages among
// them, with ":token" in place of their token), so a credential in a path, a query, a body or an error
// would be found here.

type OutboxMail = { to: string; text: string };

async function mailedPath(request: APIRequestContext, to: string, path: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(async () => {
      const { data } = (await (await request.get("/api/dev/outbox")).json()) as { data: OutboxMail[] };
      found = data.find((mail) => mail.to === to)?.text.match(path)?.[0] ?? "";
      return found;
    })
    .toBeTruthy();
  return found;
}

test("[server log] no access or refresh token, one-time link, invite or reset token, or password is logged", async ({
  page,
  request,
  people,
}) => {
  test.setTimeout(90_000);
  expect(existsSync(SERVER_LOG), `${SERVER_LOG}: the app must run with LOG_FILE (a reused server has none)`).toBe(true);
  const team = await people.officeWithClient();
  const secrets: string[] = [PASSWORD];

  // Tokens: a login, a refused login (its password), a refresh, an authenticated read.
  const login = await apiLogin(request, team.owner.email);
  const wrong = `senha-errada-${randomUUID()}`;
  expect((await request.post("/api/token/", { data: { username: team.owner.email, password: wrong } })).status()).toBe(
    401,
  );
  const refreshed = await request.post("/api/token/refresh/", { data: { refresh: login.refresh } });
  expect(refreshed.status()).toBe(200);
  const tokens = ((await refreshed.json()) as { data: { access: string; refresh: string } }).data;
  const bearer = { authorization: `Bearer ${tokens.access}` };
  expect((await request.get("/api/me/", { headers: bearer })).status()).toBe(200);
  secrets.push(login.access, login.refresh, tokens.access, tokens.refresh, wrong);

  // An invite link, opened in the browser (its page reads the invite).
  const invited = `convidado-${randomUUID()}@e2e.bloco`;
  expect((await request.post("/api/invited/add", { data: { email: invited }, headers: bearer })).status()).toBe(200);
  const invitePath = await mailedPath(request, invited, /\/convite\/[\w-]+/);
  const info = page.waitForResponse((r) => r.url().endsWith("/api/invite/info"));
  await page.goto(`${invitePath}?origem=email`);
  expect((await info).status()).toBe(200);
  secrets.push(invitePath.split("/").pop()!);

  // A password-reset link, opened and used with a new password.
  expect((await request.post("/api/password/forgot", { data: { email: team.operator.email } })).status()).toBe(200);
  const resetPath = await mailedPath(request, team.operator.email, /\/redefinir-senha\/[\w-]+/);
  const newPassword = `nova-${randomUUID()}`;
  await page.goto(resetPath);
  await page.getByLabel("Nova senha").fill(newPassword);
  await page.getByLabel("Confirmar senha").fill(newPassword);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByLabel("Nova senha")).toHaveCount(0);
  secrets.push(resetPath.split("/").pop()!, newPassword);

  // The phone's one-time QR link, opened (exchanged for a session), then opened again (refused).
  const linked = await request.post("/api/operator/contabilization/link", {
    data: { clientId: team.client.id },
    headers: bearer,
  });
  expect(linked.status()).toBe(200);
  const { link } = ((await linked.json()) as { data: { link: string } }).data;
  const exchanged = page.waitForResponse((r) => r.url().endsWith("/api/operator/contabilization/init"));
  await page.goto(`/home/client/contabilization/mobile/${link}`);
  const { session } = ((await (await exchanged).json()) as { data: { session: string } }).data;
  await page.goto(`/home/client/contabilization/mobile/${link}`);
  secrets.push(link, session);

  // The log has caught up with this journey once the marker request is in it.
  const marker = `/api/log-check-${randomUUID()}`;
  expect((await request.get(marker)).status()).toBe(404);
  let log = "";
  await expect
    .poll(() => {
      log = readFileSync(SERVER_LOG, "utf8");
      return log.includes(marker);
    })
    .toBe(true);

  // The journey's requests are there, the link pages with their token replaced.
  for (const path of ["/convite/:token", "/redefinir-senha/:token", "/home/client/contabilization/mobile/:token"])
    expect(log.includes(`"path":"${path}"`), `a request line for ${path}`).toBe(true);
  for (const secret of secrets) expect(log.includes(secret), `a secret of this run is in ${SERVER_LOG}`).toBe(false);
  // Nor any JWT (an access or refresh token of another test of the run), nor a link with its token.
  expect(log.match(/eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]+/g) ?? []).toEqual([]);
  expect(log.match(/\/(?:convite|redefinir-senha|mobile)\/[\w-]{20,}/g) ?? []).toEqual([]);
});
