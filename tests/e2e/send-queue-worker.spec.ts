import type { CDPSession } from "@playwright/test";
import { chooseFiles, company, db, stripImages, writePhotos } from "./support/create-block";
import { expect, test } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// The app worker's side of the send queue (docs/decisions/0325-offline-send-queue.md): the page kept a
// block offline; the worker's Background Sync does nothing while a window of the app is open, keeps the
// block when its own request fails, and sends it exactly once when no window is open. Chromium fires
// Background Sync only when it sees connectivity come back, which a test cannot arrange for a worker
// reliably: the sync is dispatched through the DevTools protocol (ServiceWorker.dispatchSyncEvent), from a
// blank page that is no window of the app. The worker's requests are told apart by
// request.serviceWorker(), and its network is taken away with a context route.

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 240_000 });

const TAG = "bloco-send-queue";

/** The app worker's registration id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

test("[send queue] with no window of the app open, the worker's sync sends a kept block exactly once", async ({
  page,
  context,
  request,
  factories,
  baseURL,
}, testInfo) => {
  const firm = await company(factories);
  const photos = await writePhotos(testInfo.outputPath("photos"), 1);
  await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await chooseFiles(page, "Escolher arquivos", photos);
  await expect(stripImages(page)).toHaveCount(1, { timeout: 120_000 });

  const fromWorker: number[] = [];
  context.on("requestfinished", async (finished) => {
    if (finished.url().endsWith("/api/block/create") && finished.serviceWorker())
      fromWorker.push((await finished.response())?.status() ?? 0);
  });
  context.on("requestfailed", (failed) => {
    if (failed.url().endsWith("/api/block/create") && failed.serviceWorker()) fromWorker.push(0);
  });

  // kept offline; the page's own sends are refused by the route from here on
  await context.setOffline(true);
  await page.getByRole("button", { name: "Enviar bloco" }).click();
  await expect(page.getByTestId("queued-block")).toHaveCount(1);
  let routeOpen = false;
  await context.route("**/api/block/create", (route) =>
    routeOpen ? route.continue() : route.abort("internetdisconnected"),
  );
  await context.setOffline(false);

  // a blank page, no window of the app, drives the protocol
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const origin = new URL(baseURL!).origin;
  const id = await registrationId(cdp, `${origin}/`);
  const sync = () =>
    cdp
      .send("ServiceWorker.dispatchSyncEvent", { origin, registrationId: id, tag: TAG, lastChance: false })
      .catch(() => undefined); // a sync whose blocks still wait fails on purpose

  // a window of the app is open: the worker leaves the queue to it
  await sync();
  expect(fromWorker).toEqual([]);

  // no window open, the worker's network taken away: it tries, the block stays
  await page.close();
  await sync();
  await expect.poll(() => fromWorker.length, { timeout: 60_000 }).toBe(1);
  expect(fromWorker).toEqual([0]);
  expect(await db().block.count({ where: { clientId: firm.clientId } })).toBe(0);

  // the network back: exactly one block, and a later sync has nothing left to send
  routeOpen = true;
  await sync();
  await expect.poll(() => db().block.count({ where: { clientId: firm.clientId } }), { timeout: 60_000 }).toBe(1);
  await expect.poll(() => fromWorker.length).toBe(2);
  await sync();
  expect(fromWorker).toEqual([0, 200]);
  const [sent] = await db().block.findMany({ where: { clientId: firm.clientId }, include: { documents: true } });
  expect(sent.sentById).toBe(firm.owner.operatorId);
  expect(sent.documents).toHaveLength(1);
});
