import { expect, test } from "@playwright/test";

// The development outbox page (issue 3): mail the app queued, with its links clickable.
test("[outbox] a password-reset e-mail shows up with its link", async ({ page, request }) => {
  const forgot = await request.post("/api/password/forgot", { data: { email: "admin@escritorio.demo" } });
  expect(forgot.status()).toBe(200);
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { name: "Caixa de saída" })).toBeVisible();
  const mail = page.getByRole("listitem").filter({ hasText: "admin@escritorio.demo" }).first();
  await expect(mail.getByRole("heading", { name: "Redefinição de senha" })).toBeVisible();
  await expect(mail.getByRole("link", { name: /\/redefinir-senha\// })).toBeVisible();
});
