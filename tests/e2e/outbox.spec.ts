import { expect, test } from "./support/data";

// The development outbox page: mail the app queued, with its links clickable. The reset is
// asked for a person of the test's own (at most 3 mails per account per hour).
test("[outbox] a password-reset e-mail shows up with its link", async ({ page, request, people }) => {
  const { email } = await people.operator();
  const forgot = await request.post("/api/password/forgot", { data: { email } });
  expect(forgot.status()).toBe(200);
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { name: "Caixa de saída" })).toBeVisible();
  const mail = page.getByRole("listitem").filter({ hasText: email }).first();
  await expect(mail.getByRole("heading", { name: "Redefinição de senha" })).toBeVisible();
  await expect(mail.getByRole("link", { name: /\/redefinir-senha\// })).toBeVisible();
});
