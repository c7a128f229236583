// The whole-history block list is a heavy read (server/http/heavy-reads.ts): under overload it is shed
// with 503 'O servidor está ocupado' and Retry-After, as a request that finds no database connection,
// instead of queueing on the connections for up to 20 s. A month's list is not held back by it.
import { POST as listPost } from "@/app/api/block/list/route";
import { getConfig } from "@/server/config";
import { heavyReads } from "@/server/http/heavy-reads";
import { createAccountingOperator, createBlock, createClient } from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";

test("with every heavy-read slot and its queue taken, the whole history answers 503 at once; a month's list still 200; then 200 again", async () => {
  const owner = await createAccountingOperator({ type: 0 });
  const client = await createClient({ office: { id: owner.officeId }, responsible: owner });
  const block = await createBlock({ client });
  const token = await login(owner.user.email);
  expect((await call(listPost, { token, body: { clientId: client.id } })).status).toBe(200);

  // Occupy the slots and the queue (what 200 connections asking for whole histories do).
  const size = Math.max(1, Math.floor(getConfig().DATABASE_POOL_SIZE / 5));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holders = Array.from({ length: size + 4 * size }, () => heavyReads.run(() => released));
  expect(heavyReads.stats()).toMatchObject({ running: size, waiting: 4 * size });

  const shed = await call(listPost, { token, body: { clientId: client.id } });
  expect(shed.status).toBe(503);
  expect(shed.json.error).toEqual({
    code: "unavailable",
    message: "O servidor está ocupado. Tente novamente em instantes.",
  });
  expect(shed.headers.get("retry-after")).toBe("2");
  const paymentDate = block.paymentDate ?? new Date();
  const month = await call(listPost, {
    token,
    body: { clientId: client.id, year: paymentDate.getUTCFullYear(), month: paymentDate.getUTCMonth() + 1 },
  });
  expect(month.status).toBe(200);

  release();
  await Promise.all(holders);
  expect((await call(listPost, { token, body: { clientId: client.id } })).status).toBe(200);
});
