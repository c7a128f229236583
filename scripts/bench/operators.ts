// Item 3: `operators` accounting operators at once, each on its own client (one lease each), through
// the bench's HTTP server. The floor: the static route with the same number of concurrent loops for
// `seconds` before and after the operators' loops. Categorisation, the loop every operator's screen runs: POST /api/block/tocategorize,
// then per block POST /api/block/save followed by POST /api/block/tocategorize (the refill of the
// prefetch) — "save-and-next" is that pair. Then contabilization at the desk on the same blocks: POST
// /api/operator/sync/contabilize (takes the client's lease), then POST /api/block/contabilize of the
// `next` block the previous answer named, until none is left. Each operator's first save-and-next and
// first post are a warm-up, not counted. The CPU time the app and PostgreSQL spent in each phase (from
// /proc, as the scaling run reads it) is divided by the phase's calls: what one call costs, whatever
// the machine's speed at that moment.
import { data, load, summarize, timed, type Summary } from "./load";
import { staticRoute } from "./reads";
import { cpuDuring } from "./server";
import { post, type CategorizationWorld } from "./world";

/** CPU milliseconds per unit of work (a call, or a save-and-next pair) of the app and of PostgreSQL. */
export type CpuPer = { appMs: number; pgMs: number };

type Answer = { block: { id: number; version: number } | null };
type Month = { accounts: { next: { id: number } | null }[] };

export type OperatorsResult = {
  floor: Summary;
  saveAndNext: Summary;
  save: Summary;
  next: Summary;
  contabilize: Summary;
  categorizeSeconds: number;
  contabilizeSeconds: number;
  /** Per static call, per save-and-next pair (its refill included) and per posting (the lease's sync call included). */
  cpu: { floor: CpuPer; pair: CpuPer; contabilize: CpuPer };
};

export async function measureOperators(
  port: number,
  world: CategorizationWorld,
  seconds: number,
  log: (message: string) => void,
  pids: number[],
): Promise<OperatorsResult> {
  const concurrency = world.operators.length;
  // `run`'s result and the CPU it cost per unit of work (`units` of that result).
  const cpuOf = async <T>(run: () => Promise<T>, units: (result: T) => number): Promise<{ result: T; cpu: CpuPer }> => {
    const { result, seconds } = await cpuDuring(pids, run);
    const per = (s: number) => Number(((s * 1000) / Math.max(1, units(result))).toFixed(3));
    return { result, cpu: { appMs: per(seconds.app), pgMs: per(seconds.pg) } };
  };
  // The floor: the static route at the same concurrency for `seconds` before and again after the loops
  // (both runs' samples together, so a machine that gets busier or quieter meanwhile moves it too).
  const floorSamples: number[] = [];
  const floorRun = () => load({ concurrency, seconds, next: () => staticRoute(port), samples: floorSamples });
  const { result: floorBefore, cpu: floorCpu } = await cpuOf(floorRun, (summary) => summary.n);

  const pairs: number[] = [];
  const saves: number[] = [];
  const nexts: number[] = [];
  let started = performance.now();
  let allPairs = 0;
  const { cpu: pairCpu } = await cpuOf(
    () =>
      Promise.all(
        world.operators.map(async ({ token, clientId }) => {
          let answer = await data<Answer>(post(port, "/api/block/tocategorize", token, { clientId }));
          // Each operator's first save-and-next is a warm-up, not counted (the first calls of a route in a
          // fresh server compile and prepare what the others reuse).
          for (let i = 0; answer.block; i += 1) {
            const { id, version } = answer.block;
            const [pair, save, next] = i === 0 ? [[], [], []] : [pairs, saves, nexts];
            answer = await timed(pair, async () => {
              await timed(save, () =>
                data(
                  post(port, "/api/block/save", token, {
                    block: { id, date: world.date, value: "123.45", accountId: world.accountId },
                    version,
                  }),
                ),
              );
              return timed(next, () => data<Answer>(post(port, "/api/block/tocategorize", token, { clientId })));
            });
            allPairs += 1;
          }
        }),
      ),
    () => allPairs,
  );
  const categorizeSeconds = (performance.now() - started) / 1000;
  log(`operators: ${pairs.length} save-and-next in ${categorizeSeconds.toFixed(1)} s; contabilizing`);

  const posts: number[] = [];
  started = performance.now();
  let allPosts = 0;
  const { cpu: postCpu } = await cpuOf(
    () =>
      Promise.all(
        world.operators.map(async ({ token, clientId }) => {
          let month = await data<Month>(post(port, "/api/operator/sync/contabilize", token, { clientId }));
          for (let i = 0; ; i += 1) {
            const next = month.accounts.find((account) => account.next)?.next;
            if (!next) break;
            const answer = await timed(i === 0 ? [] : posts, () =>
              data<{ contabilization: Month }>(
                post(port, "/api/block/contabilize", token, { blockId: next.id, link: null }),
              ),
            );
            month = answer.contabilization;
            allPosts += 1;
          }
        }),
      ),
    () => allPosts,
  );
  const contabilizeSeconds = (performance.now() - started) / 1000;
  const floorAfter = await floorRun();
  const floor = summarize(floorSamples, 2 * seconds, floorBefore.errors + floorAfter.errors);
  if (pairs.length === 0 || posts.length === 0)
    throw new Error(`operators: ${pairs.length} saves and ${posts.length} posts: the world has no blocks to work on`);
  return {
    floor,
    saveAndNext: summarize(pairs, categorizeSeconds),
    save: summarize(saves, categorizeSeconds),
    next: summarize(nexts, categorizeSeconds),
    contabilize: summarize(posts, contabilizeSeconds),
    categorizeSeconds,
    contabilizeSeconds,
    cpu: { floor: floorCpu, pair: pairCpu, contabilize: postCpu },
  };
}
