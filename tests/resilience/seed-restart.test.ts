// A renamed demo office and a restart: `npm start` seeds the demo on its first start only, and finds it
// again on the next one by its logins, not by the office's name, which its owner may edit (before, the
// next start seeded again into a unique violation and the app did not come up).
import { getDb, disconnectDb } from "@/server/db/client";
import { DATABASE_URL, startApp, type RunningApp } from "./support/app";

let app: RunningApp | undefined;

afterAll(async () => {
  await app?.stop();
});

test("the demo office renamed, the app restarts on the same data: up, the demo found, nothing seeded again", async () => {
  app = await startApp({ SEED: "1" });
  expect(app.output()).toContain("Demo data created");
  process.env.DATABASE_URL = DATABASE_URL;
  const db = getDb();
  const office = await db.accountingOffice.findFirstOrThrow({ where: { name: "Escritório Demo" } });
  await db.accountingOffice.update({ where: { id: office.id }, data: { name: "Mendes Contabilidade" } });
  const users = await db.user.count();
  await disconnectDb();
  await app.stop();

  app = await startApp({ SEED: "1" }, { keepData: true });
  expect(app.output()).toContain("Demo data already present");
  const after = getDb();
  expect(await after.user.count()).toBe(users);
  expect(await after.accountingOffice.count({ where: { name: "Escritório Demo" } })).toBe(0);
  await disconnectDb();
}, 900_000);
