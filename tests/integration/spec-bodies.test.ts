// The spec's own calls, sent exactly as product-spec §7 writes them: a client written from the spec
// alone works. The fields Bloco adds beside the spec's bodies are optional, with the fallback the spec
// implies.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { POST as solvePost } from "@/app/api/pendency/solve/route";
import { POST as toSolvePost } from "@/app/api/pendency/tosolve/route";
import type { PendencyToSolveAnswer } from "@/lib/contract/business";
import { getDb } from "@/server/db/client";
import { createBlock } from "../helpers/factories";
import { call } from "../helpers/http";
import { buildBusinessWorld, type BusinessPerson, type BusinessWorld } from "./business-writes-world";

process.env.DATA_DIR = path.join(tmpdir(), `bloco-spec-bodies-${randomBytes(4).toString("hex")}`);
afterAll(() => rm(process.env.DATA_DIR!, { recursive: true, force: true }));

let world: BusinessWorld;
let tokens: Record<BusinessPerson, string>;
beforeAll(async () => {
  ({ world, tokens } = await buildBusinessWorld());
});

const db = () => getDb();
const toSolve = (token: string, body: unknown) =>
  call<PendencyToSolveAnswer>(toSolvePost, { body, token, path: "/api/pendency/tosolve" });
const solve = (token: string, body: unknown) =>
  call<{ pendencyId: number; blockId: number }>(solvePost, { body, token, path: "/api/pendency/solve" });

/** A block of company beta with an open pendency: beta's queue is this file's alone. */
async function pendingOfBeta() {
  const block = await createBlock({ client: world.beta, sentBy: world.ownerBeta, state: "pendency", documents: 2 });
  return { block, pendencyId: block.pendencies[0].id };
}

describe("POST /api/pendency/solve with the spec's body (no pendencyId)", () => {
  test("before any /api/pendency/tosolve: 404, nothing written", async () => {
    const { pendencyId } = await pendingOfBeta();
    const res = await solve(tokens.ownerBeta, {});
    expect(res.status).toBe(404);
    expect(res.json.error?.message).toBe(
      "Nenhuma pendência foi aberta para resolver. Abra a pendência antes de resolvê-la.",
    );
    expect((await db().pendency.findUniqueOrThrow({ where: { id: pendencyId } })).solvedAt).toBeNull();
    await db().pendency.update({ where: { id: pendencyId }, data: { solvedAt: new Date() } });
  });

  test("solves the pendency of the caller's latest tosolve answer; solving it again is 409", async () => {
    const { pendencyId, block } = await pendingOfBeta();
    const shown = await toSolve(tokens.ownerBeta, { next: false });
    expect(shown.status).toBe(200);
    expect(shown.json.data!.pendency?.id).toBe(pendencyId);

    const res = await solve(tokens.ownerBeta, {});
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ pendencyId, blockId: block.id });
    expect((await db().pendency.findUniqueOrThrow({ where: { id: pendencyId } })).solvedById).toBe(world.ownerBeta.id);

    const again = await solve(tokens.ownerBeta, {});
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toBe(
      "Esta pendência não está mais aberta: ela já foi resolvida ou o bloco saiu da fila.",
    );
  });

  test("the shown pendency follows the latest answer: Proximo moves it to the next one", async () => {
    const first = await pendingOfBeta();
    const second = await pendingOfBeta();
    expect((await toSolve(tokens.ownerBeta, {})).json.data!.pendency?.id).toBe(first.pendencyId);
    expect((await toSolve(tokens.ownerBeta, { next: true })).json.data!.pendency?.id).toBe(second.pendencyId);

    const res = await solve(tokens.ownerBeta, {});
    expect(res.status).toBe(200);
    expect(res.json.data!.pendencyId).toBe(second.pendencyId);
    expect((await db().pendency.findUniqueOrThrow({ where: { id: first.pendencyId } })).solvedAt).toBeNull();
    await db().pendency.update({ where: { id: first.pendencyId }, data: { solvedAt: new Date() } });
  });

  test("an answer with no pendency clears the shown one: 404", async () => {
    const { pendencyId } = await pendingOfBeta();
    expect((await toSolve(tokens.ownerBeta, {})).json.data!.pendency?.id).toBe(pendencyId);
    await db().pendency.update({ where: { id: pendencyId }, data: { solvedAt: new Date() } });
    expect((await toSolve(tokens.ownerBeta, {})).json.data!.pendency).toBeNull();
    expect((await solve(tokens.ownerBeta, {})).status).toBe(404);
  });

  test("each operator has its own shown pendency; another company's caller never reaches it", async () => {
    const { pendencyId } = await pendingOfBeta();
    expect((await toSolve(tokens.ownerBeta, {})).json.data!.pendency?.id).toBe(pendencyId);
    // alpha's admin never asked: 404, and beta's pendency stays open.
    expect((await solve(tokens.adminAlpha, {})).status).toBe(404);
    // With an explicit id, another company's pendency is 404 as before.
    expect((await solve(tokens.adminAlpha, { pendencyId })).status).toBe(404);
    expect((await db().pendency.findUniqueOrThrow({ where: { id: pendencyId } })).solvedAt).toBeNull();
    await db().pendency.update({ where: { id: pendencyId }, data: { solvedAt: new Date() } });
  });
});
