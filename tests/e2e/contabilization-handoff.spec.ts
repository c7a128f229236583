import { messages } from "@/lib/i18n/messages";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// The QR hand-off end to end : the desk shows the QR, a phone (a 390 px context of
// its own, no login) opens the address the QR encodes, posts blocks, and the desk sees them as they
// happen; the same address opened again is refused with the scan-again page.
test.describe.configure({ timeout: 120_000 });

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const m = messages.contabilizationMobile;

test("[handoff] the desk's QR opens on a phone, the phone posts an account's blocks, the desk sees them; the link works once", async ({
  page,
  browser,
  request,
  people,
}) => {
  const data = await people.contabilizationClient();
  const tokens = await apiLogin(request, data.operator.email);
  await openLoggedIn(page, tokens, "accounting", "/register");
  await page.evaluate((client) => sessionStorage.setItem("bloco.client", JSON.stringify(client)), data.client);
  await page.goto("/home/client/contabilization");
  await expect(page.getByRole("heading", { level: 1, name: data.client.name })).toBeVisible();

  const first = page.getByRole("button", { name: new RegExp(`^${data.accounts.first.code.replace(/\./g, "\\.")} - `) });
  await expect(first).toContainText("2 blocos a contabilizar");
  const lastList = page.getByRole("region", { name: "Últimos contabilizados do mês" });
  for (const id of data.blocks.first) await expect(lastList.locator(`li[data-block-id="${id}"]`)).toHaveCount(0);

  // the QR's address: the page address plus /mobile/ and the one-time link
  await page.getByRole("button", { name: "Contabilizar pelo celular" }).click();
  const qr = page.getByRole("img", { name: "QR code para contabilizar pelo celular" });
  await expect(qr).toHaveAttribute("data-url", /\/home\/client\/contabilization\/mobile\/[A-Za-z0-9_-]{43}$/);
  const address = (await qr.getAttribute("data-url"))!;
  const onServer = new URL(address);

  // the phone: its own context, no login, no shared storage
  const phoneContext = await browser.newContext(PHONE);
  const phone = await phoneContext.newPage();
  await phone.goto(onServer.pathname);
  await expect(phone.getByTestId("mobile-operator")).toHaveText(`${m.operator}: ${data.operator.name}`);
  await expect(phone).toHaveURL(/\/home\/client\/contabilization\/mobile$/);
  await phone.getByRole("link", { name: new RegExp(m.chooseAccount) }).click();
  await phone
    .getByRole("list", { name: m.accounts })
    .getByRole("button", { name: new RegExp(data.accounts.first.code.replace(/\./g, "\\.")) })
    .click();
  const phoneNext = phone.getByTestId("mobile-next-block");
  for (let i = 0; i < data.blocks.first.length; i += 1) {
    const id = await phoneNext.getAttribute("data-block-id");
    await phone.getByRole("button", { name: m.next, exact: true }).click();
    await expect(phone.locator(`[data-testid=mobile-next-block][data-block-id="${id}"]`)).toHaveCount(0);
  }
  await expect(phone.getByRole("button", { name: m.noBlocks, exact: true })).toBeDisabled();

  // the desk sees the phone's work on its next poll: the count and the last contabilised blocks
  await expect(first).toContainText("Nenhum bloco a contabilizar", { timeout: 20_000 });
  for (const id of data.blocks.first) await expect(lastList.locator(`li[data-block-id="${id}"]`)).toHaveCount(1);
  // and, the link being used, it shows a new QR
  await expect(qr).not.toHaveAttribute("data-url", address, { timeout: 20_000 });

  // the used address, opened again (another phone): the scan-again page
  const againContext = await browser.newContext(PHONE);
  const again = await againContext.newPage();
  await again.goto(onServer.pathname);
  await expect(again.getByRole("heading", { level: 1, name: m.scanAgainTitle })).toBeVisible();
  await againContext.close();
  await phoneContext.close();
});
