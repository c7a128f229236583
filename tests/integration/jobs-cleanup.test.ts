// The clean-up jobs: stale presence rows and expired contabilization leases, links and
// sessions (every 5 minutes); ended login sessions, spent reset links, closed throttle windows and old
// outbox mail (hourly); and the orphan-blob sweep (daily). Each deletes only what no reader counts any more.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DAY_MS, MINUTE_MS } from "@/lib/constants";
import { getDb } from "@/server/db/client";
import {
  deleteExpiredRows,
  deleteExpiredTokens,
  EXPIRED_ROW_GRACE_MS,
  MAIL_OUTBOX_RETENTION_MS,
  PRESENCE_STALE_MS,
} from "@/server/jobs/expired-rows";
import { ORPHAN_GRACE_MS, sweepOrphanBlobs } from "@/server/jobs/orphan-blobs";
import { MAX_MAIL_ATTEMPTS } from "@/server/mail/deliver";
import type { BlobStore } from "@/server/storage";
import { createLocalBlobStore } from "@/server/storage/local-blob-store";
import { createClient, createDocument, createUser, markPresence } from "../helpers/factories";

const db = () => getDb();
const ago = (ms: number, from = Date.now()) => new Date(from - ms);
const hash = () => randomUUID().replace(/-/g, "");

describe("expired rows", () => {
  test("presence rows older than the stale limit go; fresh ones stay", async () => {
    const client = await createClient();
    const [fresh, stale] = [await createUser(), await createUser()];
    await markPresence({ client, user: fresh, seenAt: ago(PRESENCE_STALE_MS - MINUTE_MS / 2) });
    await markPresence({ client, user: stale, seenAt: ago(PRESENCE_STALE_MS + 1000) });
    const result = await deleteExpiredRows();
    expect(result.presences).toBeGreaterThanOrEqual(1);
    const left = await db().presence.findMany({ where: { clientId: client.id } });
    expect(left.map((p) => p.userId)).toEqual([fresh.id]);
  });

  test("an expired contabilization lease goes, a live one stays", async () => {
    const [live, expired] = [await createClient(), await createClient()];
    await db().contabilizationLease.create({
      data: { clientId: live.id, operatorId: live.responsibleOperatorId, expiresAt: new Date(Date.now() + MINUTE_MS) },
    });
    await db().contabilizationLease.create({
      data: { clientId: expired.id, operatorId: expired.responsibleOperatorId, expiresAt: ago(1000) },
    });
    await deleteExpiredRows();
    const left = await db().contabilizationLease.findMany({ where: { clientId: { in: [live.id, expired.id] } } });
    expect(left.map((l) => l.clientId)).toEqual([live.id]);
  });

  test("QR links and mobile sessions go a grace period after they expire; a link whose session lives stays", async () => {
    const client = await createClient();
    const operatorId = client.responsibleOperatorId;
    const link = (expiresAt: Date) =>
      db().contabilizationLink.create({ data: { tokenHash: hash(), operatorId, clientId: client.id, expiresAt } });
    const session = (linkId: number, expiresAt: Date) =>
      db().contabilizationSession.create({
        data: { linkId, tokenHash: hash(), operatorId, clientId: client.id, expiresAt },
      });
    const long = ago(EXPIRED_ROW_GRACE_MS + MINUTE_MS);
    const recent = await link(ago(MINUTE_MS)); // expired, within the grace: a late click is still told "expirado"
    await link(long); // expired long ago and never used: goes
    const usedLive = await link(long);
    await session(usedLive.id, new Date(Date.now() + MINUTE_MS));
    const usedDead = await link(long); // its session ended long ago too: both go
    await session(usedDead.id, long);

    const result = await deleteExpiredRows();
    expect(result.contabilizationSessions).toBeGreaterThanOrEqual(1);
    const links = await db().contabilizationLink.findMany({ where: { clientId: client.id }, orderBy: { id: "asc" } });
    expect(links.map((l) => l.id)).toEqual([recent.id, usedLive.id]);
    expect(await db().contabilizationSession.count({ where: { clientId: client.id } })).toBe(1);
  });

  test("login sessions past their absolute end, spent reset links and closed throttle windows go", async () => {
    const user = await createUser();
    const family = (familyExpiresAt: Date) =>
      db().refreshToken.create({
        data: {
          userId: user.id,
          familyId: randomUUID(),
          tokenHash: hash(),
          expiresAt: familyExpiresAt,
          familyExpiresAt,
        },
      });
    const live = await family(new Date(Date.now() + DAY_MS));
    const justEnded = await family(ago(MINUTE_MS));
    await family(ago(EXPIRED_ROW_GRACE_MS + MINUTE_MS));
    const reset = (expiresAt: Date) =>
      db().passwordResetToken.create({ data: { userId: user.id, tokenHash: hash(), expiresAt } });
    const usable = await reset(new Date(Date.now() + MINUTE_MS));
    await reset(ago(EXPIRED_ROW_GRACE_MS + MINUTE_MS));
    const key = (name: string) => `email:${name}-${hash()}@teste.bloco`;
    const [open, closed, locked] = [key("open"), key("closed"), key("locked")];
    await db().loginThrottle.createMany({
      data: [
        { key: open, failures: 3, windowStart: ago(MINUTE_MS) },
        { key: closed, failures: 3, windowStart: ago(2 * DAY_MS) },
        { key: locked, failures: 3, windowStart: ago(2 * DAY_MS), lockedUntil: new Date(Date.now() + DAY_MS) },
      ],
    });

    const result = await deleteExpiredTokens();
    expect(result).toMatchObject({ refreshTokens: expect.any(Number), passwordResetTokens: expect.any(Number) });
    const tokens = await db().refreshToken.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(tokens.map((t) => t.id)).toEqual([live.id, justEnded.id]);
    expect((await db().passwordResetToken.findMany({ where: { userId: user.id } })).map((t) => t.id)).toEqual([
      usable.id,
    ]);
    const throttles = await db().loginThrottle.findMany({ where: { key: { in: [open, closed, locked] } } });
    expect(throttles.map((t) => t.key).sort()).toEqual([locked, open].sort());
  });

  test("outbox mail that is done goes once the retention has passed, with the link it carried; unsent mail with attempts left stays", async () => {
    const mail = (createdAt: Date, data: { sentAt?: Date; attempts?: number; sendingUntil?: Date }) =>
      db().mailOutbox.create({
        data: {
          to: `caixa-${hash()}@teste.bloco`,
          subject: "Convite",
          text: "http://localhost:3000/convite/segredo",
          html: "<a>segredo</a>",
          kind: "invite",
          createdAt,
          ...data,
        },
      });
    const old = ago(MAIL_OUTBOX_RETENTION_MS + MINUTE_MS);
    const sentOld = await mail(old, { sentAt: new Date(old.getTime() + 1000), attempts: 1 });
    const sentRecent = await mail(ago(MAIL_OUTBOX_RETENTION_MS - MINUTE_MS), {
      sentAt: ago(MAIL_OUTBOX_RETENTION_MS - MINUTE_MS),
      attempts: 1,
    });
    const gaveUpOld = await mail(old, { attempts: MAX_MAIL_ATTEMPTS });
    const pendingOld = await mail(old, { attempts: MAX_MAIL_ATTEMPTS - 1 }); // the mail jobs still owe it a try
    // Its last attempt on its way (claimed by a runner): left to that runner, gone at the next run.
    const sendingOld = await mail(old, { attempts: MAX_MAIL_ATTEMPTS, sendingUntil: new Date(Date.now() + MINUTE_MS) });

    const result = await deleteExpiredTokens();
    expect(result.mailOutbox).toBeGreaterThanOrEqual(2);
    const ids = [sentOld, sentRecent, gaveUpOld, pendingOld, sendingOld].map((row) => row.id);
    const left = await db().mailOutbox.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(left.map((row) => row.id)).toEqual([sentRecent.id, pendingOld.id, sendingOld.id]);
  });
});

describe("orphan blob sweep", () => {
  let folder: string;
  let store: BlobStore;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "bloco-orphans-"));
    store = createLocalBlobStore(folder);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** Backdates a blob's file, as if it had been written `ms` ago. */
  const age = async (key: string, ms: number) => {
    const when = ago(ms);
    await utimes(path.join(folder, key), when, when);
  };
  const put = async (key: string, ms: number) => {
    await store.put(key, Buffer.from("x"), "image/webp");
    await age(key, ms);
  };

  test("an orphan older than the grace period goes; a fresh orphan and every referenced blob stay", async () => {
    const client = await createClient();
    const document = await createDocument({ client, store });
    const user = await createUser();
    const avatar = `users/${user.id}/picture/${randomUUID()}.webp`;
    await put(avatar, 2 * ORPHAN_GRACE_MS);
    await db().user.update({ where: { id: user.id }, data: { pictureKey: avatar } });
    const logo = `clients/${client.id}/logo/${randomUUID()}.webp`;
    await put(logo, 2 * ORPHAN_GRACE_MS);
    await db().client.update({ where: { id: client.id }, data: { pictureKey: logo } });
    for (const key of [document.displayKey!, document.thumbKey!]) await age(key, 2 * ORPHAN_GRACE_MS);

    const oldOrphan = `clients/${client.id}/documents/${randomUUID()}/display.webp`;
    await put(oldOrphan, ORPHAN_GRACE_MS + MINUTE_MS);
    const freshOrphan = `clients/${client.id}/documents/${randomUUID()}/display.webp`;
    await put(freshOrphan, ORPHAN_GRACE_MS - MINUTE_MS); // an upload whose transaction has not committed yet

    // A write cut off before its rename (the process killed mid-upload), long ago and just now.
    const oldTemp = path.join(folder, `${oldOrphan}.0a1b2c~tmp`);
    const freshTemp = path.join(folder, `${freshOrphan}.3d4e5f~tmp`);
    await writeFile(oldTemp, "partial");
    await utimes(oldTemp, ago(ORPHAN_GRACE_MS + MINUTE_MS), ago(ORPHAN_GRACE_MS + MINUTE_MS));
    await writeFile(freshTemp, "partial");

    const result = await sweepOrphanBlobs({ store });
    expect(result).toMatchObject({ listed: 6, checked: 5, deleted: 1, failed: 0, temporary: 1 });
    expect(existsSync(oldTemp)).toBe(false);
    expect(existsSync(freshTemp)).toBe(true);
    expect(await store.exists(oldOrphan)).toBe(false);
    for (const key of [freshOrphan, avatar, logo, document.displayKey!, document.thumbKey!])
      expect(await store.exists(key)).toBe(true);
  });

  test("a document's blobs become orphans when its row is gone, and are swept in batches", async () => {
    const documents = await Promise.all([1, 2, 3].map(() => createDocument({ store })));
    const keys = documents.flatMap((d) => [d.displayKey!, d.thumbKey!]);
    for (const key of keys) await age(key, 2 * ORPHAN_GRACE_MS);
    await db().document.deleteMany({ where: { id: { in: documents.map((d) => d.id) } } });
    const result = await sweepOrphanBlobs({ store, batchSize: 2 });
    expect(result.deleted).toBe(6);
    for (const key of keys) expect(await store.exists(key)).toBe(false);
  });
});
