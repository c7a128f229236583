// The hot writes (a statement that writes beside the actor load: save, the categorization claim, the
// desk's posting) run on a pool of their own (server/db/client.ts), so at most DATABASE_WRITE_POOL_SIZE
// of them are in PostgreSQL at once per process, whatever the reads' pool allows. Set before any
// server module reads the configuration.
process.env.DATABASE_WRITE_POOL_SIZE = "2";

import { POST as contabilizePost } from "@/app/api/block/contabilize/route";
import { GET as clientsGet } from "@/app/api/clients/route";
import { currentYearMonth } from "@/lib/format/dates";
import { getDb } from "@/server/db/client";
import { createAccount, createBlock } from "../helpers/factories";
import { call } from "../helpers/http";
import { login } from "./operators-support";
import { connectionsByPool } from "./pools-support";
import { buildClientWorld, type ClientWorld } from "./world";

const current = currentYearMonth();

let world: ClientWorld;
let token: string;

beforeAll(async () => {
  world = await buildClientWorld();
  token = await login(world.regularA.user.email);
});

test("twelve postings at once all land, on at most two connections of the writes' pool; reads never use it", async () => {
  const account = await createAccount({ office: world.officeA, code: "2.1.01.002", yearOfExercise: current.year });
  const day = new Date(Date.UTC(current.year, current.month - 1, 5));
  const blocks = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      createBlock({
        client: world.alpha,
        operator: world.regularA,
        state: "categorized",
        account,
        paymentDate: day,
        valueCents: 100 + i,
      }),
    ),
  );

  const reads = await Promise.all(Array.from({ length: 6 }, () => call(clientsGet, { token })));
  expect(reads.map((res) => res.status)).toEqual(Array(6).fill(200));
  expect((await connectionsByPool())["bloco-write"]).toBeUndefined();

  const answers = await Promise.all(
    blocks.map((block) => call(contabilizePost, { token, body: { blockId: block.id, link: null } })),
  );
  expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
  const posted = await getDb().block.count({
    where: { id: { in: blocks.map((block) => block.id) }, contabilizedAt: { not: null } },
  });
  expect(posted).toBe(12);

  // The pool keeps its connections open (idle) after the burst: twelve waited for two.
  const pools = await connectionsByPool();
  expect(pools["bloco-write"]).toBe(2);
  expect(pools["bloco"]).toBeGreaterThanOrEqual(1);
});
