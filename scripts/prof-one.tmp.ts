import { data, load } from "./bench/load";
import { startServer, stopServer, waitFor } from "./bench/server";
import { get, login, post } from "./bench/world";
import { currentYearMonth } from "../lib/format/dates";
const port = 3250;
async function main() {
  const s = startServer(port, "/work/main/.data/prof", { BLOCO_RESET_DATA: "1", EMBEDDED_PG_PORT: "24380", APP_NODE_ARGS: process.env.APP_NODE_ARGS ?? "--cpu-prof --cpu-prof-dir=/tmp/prof1" });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 900_000, s);
    const office = await login(port, "dono@escritorio.demo");
    const clients = await data<{ id: number; name: string }[]>(get(port, "/api/clients", office));
    const { year, month } = currentYearMonth();
    const showcase = clients.find((c) => c.name.startsWith("Padaria")) ?? clients[0];
    const targets: Record<string, () => any> = {
      static: () => get(port, "/api/health/live"),
      me: () => get(port, "/api/me/", office),
      clients: () => get(port, "/api/clients", office),
      month: () => post(port, "/api/block/list", office, { clientId: showcase.id, year, month }),
      card: () => post(port, "/api/clients", office, { clientId: showcase.id }),
    };
    const order = (process.env.TARGETS ?? "static,month").split(",");
    for (const t of order) await load({ concurrency: 32, seconds: 3, next: targets[t] });
    for (const t of order) {
      await new Promise((r) => setTimeout(r, 3000));
      const r = await load({ concurrency: 32, seconds: 8, next: targets[t] });
      console.log(t, r.n, r.reqPerSec, r.errors);
    }
  } finally {
    await stopServer(s);
  }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
