// The prepared reads (the actor load of every call, and the reads that run beside it) have a pool of
// their own (server/db/client.ts), DATABASE_READ_POOL_SIZE connections per process, apart from Prisma's
// and the hot writes'. Few connections kept busy cost PostgreSQL less per statement than many that
// sleep between statements (docs/performance.md, "Few busy connections"). Set before any server module
// reads the configuration.
process.env.DATABASE_READ_POOL_SIZE = "2";

import { GET as clientsGet } from "@/app/api/clients/route";
import { GET as meGet } from "@/app/api/me/route";
import { call } from "../helpers/http";
import { login } from "./operators-support";
import { connectionsByPool } from "./pools-support";
import { buildClientWorld, type ClientWorld } from "./world";

let world: ClientWorld;
let token: string;

beforeAll(async () => {
  world = await buildClientWorld();
  token = await login(world.regularA.user.email);
});

test("twenty reads at once are all answered, on exactly two connections of the reads' pool and none of the writes'", async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? clientsGet : meGet, { token })));
  expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
  const cards = answers[1].json.data as { id: number }[];
  expect(cards.map((card) => card.id)).toEqual([world.alpha.id]);

  // The pool keeps its connections open (idle) after the burst: twenty calls waited for two.
  const pools = await connectionsByPool();
  expect(pools["bloco-read"]).toBe(2);
  expect(pools["bloco-write"]).toBeUndefined();
});
