import type { APIRequestContext, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expectNoAxeViolations, shots } from "./support/axe";
import { chooseFiles, company, db, stripImages, writePhotos } from "./support/create-block";
import { expect, test, type Factories } from "./support/data";
import { apiLogin, openLoggedIn } from "./support/session";

// The send queue of Criar bloco (docs/decisions/0325-offline-send-queue.md): a block prepared without a
// connection is kept on the device ('Aguardando conexão', counted in the menu), survives a reload, and
// arrives exactly once when the connection returns; a send refused for good shows the server's reason
// with 'Tentar de novo' and 'Descartar'; another login on the same browser sees none of it. The page's
// own sending is tested with service workers blocked, as the suite's config has them (the worker's sync: send-queue-worker.spec.ts).

test.describe.configure({ timeout: 240_000 });

/** Photos are downscaled one by one in the browser: a loaded machine needs its time. */
const PREPARED = { timeout: 120_000 };

type QueuedRow = {
  key: string;
  state: string;
  reason: string | null;
  body: Array<{ id: string | number; base64url?: string }>;
};

/** What the device keeps (IndexedDB 'bloco-send-queue', read as the page would). */
function queuedRows(page: Page): Promise<QueuedRow[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedRow[]>((resolve, reject) => {
        const open = indexedDB.open("bloco-send-queue");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("blocks")) return resolve([]);
          const all = db.transaction("blocks").objectStore("blocks").getAll();
          all.onsuccess = () => {
            resolve(all.result as QueuedRow[]);
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Every answer of POST /api/block/create the browser context received (status), failures as 0. */
function createAnswers(context: BrowserContext): number[] {
  const answers: number[] = [];
  context.on("requestfinished", async (request) => {
    if (!request.url().endsWith("/api/block/create")) return;
    answers.push((await request.response())?.status() ?? 0);
  });
  context.on("requestfailed", (request) => {
    if (request.url().endsWith("/api/block/create")) answers.push(0);
  });
  return answers;
}

const queuedSection = (page: Page) => page.getByTestId("queued-blocks");
const queuedItems = (page: Page) => page.getByTestId("queued-block");
/** The menu's entry 'Criar bloco' (side bar from 640 px, bottom bar below). */
const createEntry = (page: Page) =>
  (page.viewportSize()?.width ?? 0) >= 640 ? page.getByTestId("nav-create") : page.getByTestId("bottom-nav-create");

async function prepareBlock(page: Page, photos: string[]) {
  const phone = (page.viewportSize()?.width ?? 0) < 640;
  await chooseFiles(page, phone ? "Escolher arquivos" : "Adicionar imagens", photos);
  await expect(stripImages(page)).toHaveCount(photos.length, PREPARED);
}

/** A company of the test's own whose owner prepares a block of one photo offline: kept on the device. */
async function queueOneBlock(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  factories: Factories,
  testInfo: TestInfo,
) {
  const firm = await company(factories);
  const photos = await writePhotos(testInfo.outputPath("photos"), 1);
  await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
  await prepareBlock(page, photos);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Enviar bloco" }).click();
  await expect(queuedItems(page)).toHaveCount(1);
  return firm;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test("[send queue] a block prepared offline waits on the device through a reload and arrives exactly once when the connection returns", async ({
      page,
      context,
      request,
      factories,
    }, testInfo) => {
      const firm = await company(factories);
      const photos = await writePhotos(testInfo.outputPath("photos"), 2);
      await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
      await prepareBlock(page, photos);
      const answers = createAnswers(context);

      await context.setOffline(true);
      await page.getByRole("button", { name: "Enviar bloco" }).click();
      await expect(
        page.getByText("Sem conexão: o bloco foi guardado neste aparelho e será enviado quando a internet voltar."),
      ).toBeVisible();
      await expect(stripImages(page)).toHaveCount(0);
      await expect(queuedSection(page).getByRole("heading", { name: "Aguardando conexão (1)" })).toBeVisible();
      await expect(queuedItems(page)).toHaveCount(1);
      await expect(queuedItems(page).getByRole("heading", { name: "Bloco com 2 imagens" })).toBeVisible();
      await expect(queuedItems(page).getByRole("status")).toHaveText("Aguardando conexão");
      await expect(createEntry(page).getByText("1 bloco aguardando conexão")).toBeAttached();
      await expect(createEntry(page)).toContainText("1");
      if (viewport.width === 390) await expectNoAxeViolations(page, "Criar bloco, a block waiting, phone");
      await shots(page, "send-queue-waiting");
      const [kept] = await queuedRows(page);
      expect(kept.state).toBe("waiting");
      expect(kept.body).toHaveLength(2);
      expect(answers).toEqual([]);

      // a reload: the page tries on load, the network still fails (the route refuses it), the block stays
      await context.route("**/api/block/create", (route) => route.abort("internetdisconnected"));
      await context.setOffline(false);
      await expect.poll(() => answers.length).toBe(1); // the `online` event tried
      await page.reload();
      await expect(queuedItems(page)).toHaveCount(1);
      await expect.poll(() => answers.length).toBe(2); // and the load
      expect(answers).toEqual([0, 0]);
      await expect(queuedItems(page)).toHaveAttribute("data-state", "waiting");
      await expect(createEntry(page).getByText("1 bloco aguardando conexão")).toBeAttached();
      expect(await db().block.count({ where: { clientId: firm.clientId } })).toBe(0);

      // the connection returns: the `online` event sends it
      await context.unroute("**/api/block/create");
      await context.setOffline(true);
      await context.setOffline(false);
      await expect(page.getByText("1 bloco guardado foi enviado.")).toBeVisible({ timeout: 60_000 });
      await expect(queuedSection(page)).toHaveCount(0);
      await expect(createEntry(page).getByText(/aguardando conexão/)).toHaveCount(0);
      expect(await queuedRows(page)).toEqual([]);
      expect(answers.filter((status) => status === 200)).toHaveLength(1);

      const blocks = await db().block.findMany({
        where: { clientId: firm.clientId },
        include: { documents: { orderBy: { id: "asc" } } },
      });
      expect(blocks).toHaveLength(1);
      expect(blocks[0].sentById).toBe(firm.owner.operatorId);
      expect(blocks[0].documents.map((document) => document.clientRef).sort()).toEqual(
        kept.body.map((entry) => String(entry.id)).sort(),
      );
    });

    test("[send queue] a queued send refused for good shows the server's reason; 'Tentar de novo' tries again, 'Descartar' asks and removes it", async ({
      page,
      context,
      request,
      factories,
    }, testInfo) => {
      const firm = await queueOneBlock(page, context, request, factories, testInfo);

      // meanwhile a colleague sends the same photo (same client id) from another device: the server
      // refuses the kept block for good (409)
      const [kept] = await queuedRows(page);
      const colleague = await apiLogin(request, firm.colleague.email);
      const theirs = await request.post("/api/block/create", {
        headers: { authorization: `Bearer ${colleague.access}` },
        data: kept.body,
      });
      expect(theirs.status()).toBe(200);
      await context.setOffline(false);
      const item = queuedItems(page);
      await expect(item).toHaveAttribute("data-state", "refused", { timeout: 60_000 });
      await expect(item.getByRole("alert")).toContainText("O envio foi recusado");
      await expect(item.getByRole("alert")).toContainText("Esta imagem já foi enviada em outro bloco.");
      await expect(createEntry(page).getByText("1 bloco aguardando conexão")).toBeAttached();
      if (viewport.width === 390) await expectNoAxeViolations(page, "Criar bloco, a refused block, phone");
      await shots(page, "send-queue-refused");

      // 'Tentar de novo' sends it again: still refused, still kept
      const answers = createAnswers(context);
      await item.getByRole("button", { name: "Tentar de novo" }).click();
      await expect.poll(() => answers.length).toBe(1);
      await expect(item).toHaveAttribute("data-state", "refused");
      expect(answers).toEqual([409]);

      // 'Descartar' asks first: Cancelar keeps it, the confirmation removes it
      await item.getByRole("button", { name: "Descartar" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Descartar bloco" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("serão apagadas");
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await expect(dialog).toBeHidden();
      await expect(queuedItems(page)).toHaveCount(1);
      await item.getByRole("button", { name: "Descartar" }).click();
      await page
        .getByRole("alertdialog", { name: "Descartar bloco" })
        .getByRole("button", { name: "Continuar" })
        .click();
      await expect(queuedSection(page)).toHaveCount(0);
      expect(await queuedRows(page)).toEqual([]);
      expect(await db().block.count({ where: { clientId: firm.clientId } })).toBe(1); // the colleague's
    });
  });
}

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("[send queue] another login on the same browser neither sees nor sends the queued blocks", async ({
    page,
    context,
    request,
    factories,
  }, testInfo) => {
    const firm = await queueOneBlock(page, context, request, factories, testInfo);

    // the connection returns with the create call still failing: the owner's page tries and keeps it
    const tries = createAnswers(context);
    await context.route("**/api/block/create", (route) => route.abort("internetdisconnected"));
    await context.setOffline(false);
    await expect.poll(() => tries.length).toBe(1);
    await context.unroute("**/api/block/create");

    // the colleague logs in on this browser: nothing shown, nothing sent
    const answers = createAnswers(context);
    await openLoggedIn(page, await apiLogin(request, firm.colleague.email), "bussiness", "/createblock");
    await expect(page.getByRole("heading", { level: 1, name: "Criar bloco" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Escolher arquivos" })).toBeVisible();
    await expect(queuedSection(page)).toHaveCount(0);
    await expect(createEntry(page).getByText(/aguardando conexão/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("button", { name: "Escolher arquivos" })).toBeVisible();
    await expect(queuedSection(page)).toHaveCount(0);
    expect(answers).toEqual([]);
    expect(await queuedRows(page)).toHaveLength(1);
    expect(await db().block.count({ where: { clientId: firm.clientId } })).toBe(0);

    // the owner again: the block is there and goes
    await openLoggedIn(page, await apiLogin(request, firm.owner.email), "bussiness", "/createblock");
    await expect(page.getByText("1 bloco guardado foi enviado.")).toBeVisible({ timeout: 60_000 });
    expect(await db().block.count({ where: { clientId: firm.clientId } })).toBe(1);
  });
});
