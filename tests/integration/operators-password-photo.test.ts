// POST /api/operator/changePassword and /api/operator/update/photo through the real handlers.
import sharp from "sharp";
import { POST as passwordPost } from "@/app/api/operator/changePassword/route";
import { POST as photoPost } from "@/app/api/operator/update/photo/route";
import { POST as refreshPost } from "@/app/api/token/refresh/route";
import { POST as tokenPost } from "@/app/api/token/route";
import { getDb } from "@/server/db/client";
import { getBlobStore } from "@/server/storage";
import { createAccountingOperator, createClientOperator } from "../helpers/factories";
import { call } from "../helpers/http";
import { pngImage } from "../helpers/images";
import { login, me, type Pair } from "./operators-support";

const pairOf = async (email: string) =>
  (await call<Pair>(tokenPost, { body: { username: email, password: "demo1234" } })).json.data!;
const hashOf = async (userId: number) => (await getDb().user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;

describe("POST /api/operator/changePassword", () => {
  test("new password, every other session ends, this device gets a fresh pair", async () => {
    const op = await createAccountingOperator();
    const otherDevice = await pairOf(op.user.email);
    const thisDevice = await pairOf(op.user.email);
    const res = await call<{ access: string; refresh: string }>(passwordPost, {
      body: { currentPassword: "demo1234", newPassword: "nova-senha" },
      token: thisDevice.access,
    });
    expect(res.status).toBe(200);
    const fresh = res.json.data!;
    expect((await me(fresh.access)).status).toBe(200);
    expect((await call(refreshPost, { body: { refresh: fresh.refresh } })).status).toBe(200);
    for (const old of [otherDevice, thisDevice]) {
      expect((await me(old.access)).status).toBe(401);
      expect((await call(refreshPost, { body: { refresh: old.refresh } })).status).toBe(401);
    }
    expect((await call(tokenPost, { body: { username: op.user.email, password: "demo1234" } })).status).toBe(401);
    expect(await login(op.user.email, "nova-senha")).toEqual(expect.any(String));
    expect(await getDb().auditEvent.count({ where: { action: "operator.password", actorUserId: op.userId } })).toBe(1);
  });

  type Case = [string, number, Record<string, unknown>, string];
  const refused: Case[] = [
    ["wrong current password", 400, { currentPassword: "errada", newPassword: "nova-senha" }, "Senha atual incorreta."],
    [
      "new password too short",
      400,
      { currentPassword: "demo1234", newPassword: "12345" },
      "Dados inválidos. newPassword: A senha deve ter no mínimo 6 caracteres",
    ],
    [
      "new password missing",
      400,
      { currentPassword: "demo1234" },
      "Dados inválidos. newPassword: A senha deve ter no mínimo 6 caracteres",
    ],
  ];
  test.each(refused)("%s → %i", async (_name, status, body, message) => {
    const op = await createClientOperator();
    const pair = await pairOf(op.user.email);
    const before = await hashOf(op.userId);
    const res = await call(passwordPost, { body, token: pair.access });
    expect(res.status).toBe(status);
    expect(res.json.error?.message).toBe(message);
    expect(await hashOf(op.userId)).toBe(before);
    expect(await getDb().refreshToken.count({ where: { userId: op.userId, revokedAt: { not: null } } })).toBe(0);
    expect((await me(pair.access)).status).toBe(200);
  });

  test("anonymous → 401", async () => {
    expect(
      (await call(passwordPost, { body: { currentPassword: "demo1234", newPassword: "nova-senha" } })).status,
    ).toBe(401);
  });

  test("guesses of the current password count under the login throttle: 12 parallel → 10 checked, then 429", async () => {
    const op = await createAccountingOperator();
    const pair = await pairOf(op.user.email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(passwordPost, { body: { currentPassword: "errada", newPassword: "nova-senha" }, token: pair.access }),
      ),
    );
    const statuses = guesses.map((g) => g.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(10); // LOGIN_MAX_FAILURES
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const right = await call(passwordPost, {
      body: { currentPassword: "demo1234", newPassword: "nova-senha" },
      token: pair.access,
    });
    expect(right.status).toBe(429); // locked for the window, like the login
  });
});

const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const pictureKeyOf = async (userId: number) =>
  (await getDb().user.findUniqueOrThrow({ where: { id: userId } })).pictureKey;

describe("POST /api/operator/update/photo", () => {
  test("stores a WebP under users/<id>/picture/, answers a signed URL, deletes the previous picture", async () => {
    const op = await createAccountingOperator();
    const token = await login(op.user.email);
    const first = await call<{ pictureUrl: string }>(photoPost, {
      body: { type: "image/png", base64url: dataUrl(await pngImage(3000, 2400)) },
      token,
    });
    expect(first.status).toBe(200);
    const firstKey = (await pictureKeyOf(op.userId))!;
    expect(firstKey).toMatch(new RegExp(`^users/${op.userId}/picture/[0-9a-f-]{36}\\.webp$`));
    expect(first.json.data).toEqual({ pictureUrl: expect.stringContaining(`/api/files/${firstKey}?`) });
    const stored = (await getBlobStore().get(firstKey))!;
    const meta = await sharp(stored.body).metadata();
    expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(["webp", 2000]); // bounded and re-encoded

    const second = await call(photoPost, { body: { base64url: dataUrl(await pngImage(200, 200)) }, token });
    expect(second.status).toBe(200);
    const secondKey = (await pictureKeyOf(op.userId))!;
    expect(secondKey).not.toBe(firstKey);
    expect(await getBlobStore().exists(secondKey)).toBe(true);
    expect(await getBlobStore().exists(firstKey)).toBe(false);
    expect(await getDb().auditEvent.count({ where: { action: "operator.photo", actorUserId: op.userId } })).toBe(2);
    expect((await me(token)).json).toMatchObject({ data: { pictureUrl: expect.stringContaining(secondKey) } });
  });

  type Case = [string, number, string];
  const refused: Case[] = [
    [
      "not an image (bytes sniffed, declared type ignored)",
      415,
      dataUrl(Buffer.from("definitely not an image, just text"), "image/png"),
    ],
    ["not a data URL", 400, "https://example.com/foto.png"],
    ["a truncated PNG", 400, "TRUNCATED"],
  ];
  test.each(refused)("%s → %i", async (_name, status, base64url) => {
    const op = await createClientOperator();
    const payload = base64url === "TRUNCATED" ? dataUrl((await pngImage(400, 400)).subarray(0, 200)) : base64url;
    const res = await call(photoPost, { body: { base64url: payload }, token: await login(op.user.email) });
    expect(res.status).toBe(status);
    expect(await pictureKeyOf(op.userId)).toBeNull();
    expect(await getDb().auditEvent.count({ where: { action: "operator.photo", actorUserId: op.userId } })).toBe(0);
  });

  test("anonymous → 401", async () => {
    expect((await call(photoPost, { body: { base64url: "data:image/png;base64,AAAA" } })).status).toBe(401);
  });
});
