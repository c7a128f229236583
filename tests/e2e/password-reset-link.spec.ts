import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/data";

// A reset link that cannot be used (already used, or malformed) says so when the page opens, before any
// password is typed; a usable one shows the form, and checking it consumes nothing.

type OutboxMail = { to: string; text: string };

test("[password reset] a used or malformed link says so when the page opens; a usable one still resets", async ({
  page,
  request,
  people,
}) => {
  test.fixme(
    (await request.get("/api/dev/outbox")).status() === 404,
    "GET /api/dev/outbox is not available on this server",
  );
  const team = await people.officeWithClient();
  expect((await request.post("/api/password/forgot", { data: { email: team.operator.email } })).status()).toBe(200);
  let path = "";
  await expect
    .poll(async () => {
      const { data } = (await (await request.get("/api/dev/outbox")).json()) as { data: OutboxMail[] };
      path = data.find((mail) => mail.to === team.operator.email)?.text.match(/(\/redefinir-senha\/[\w-]+)/)?.[1] ?? "";
      return path;
    })
    .toBeTruthy();

  // Usable: the form (opening the page twice consumes nothing).
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Redefinir senha" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Nova senha")).toBeVisible();
  await page.getByLabel("Nova senha").fill("nova-senha-1");
  await page.getByLabel("Confirmar senha").fill("nova-senha-1");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByLabel("Nova senha")).toHaveCount(0);

  // Used: said at once, no password asked.
  await page.goto(path);
  await expect(page.getByText("Link inválido ou expirado.")).toBeVisible();
  await expect(page.getByLabel("Nova senha")).toHaveCount(0);
  await expectNoAxeViolations(page, "/redefinir-senha/<used token>");

  // Malformed: the same.
  await page.goto(`/redefinir-senha/${"x".repeat(300)}`);
  await expect(page.getByText("Link inválido ou expirado.")).toBeVisible();
  await expect(page.getByLabel("Nova senha")).toHaveCount(0);
});
