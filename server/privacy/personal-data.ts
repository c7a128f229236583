import "server-only";
import { randomBytes } from "node:crypto";
import { strToU8, zipSync, type Zippable } from "fflate";
import type { PersonalDataRequestAnswer } from "@/lib/contract/privacy";
import { messages } from "@/lib/i18n/messages";
import { writeAuditEvent } from "@/server/audit/write-audit-event";
import { hashToken } from "@/server/auth/tokens";
import { getConfig } from "@/server/config";
import { getDb, type Db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { FileDownload } from "@/server/file-download";
import { enqueueMail } from "@/server/mail/outbox";
import { escapeHtml, html } from "@/server/mail/templates";
import type { Actor } from "@/server/policy/actor";
import { QUEUES } from "@/server/queue/queues";
import { getJobSender } from "@/server/queue/sender";
import { getBlobStore, type BlobStore } from "@/server/storage";
import { scopedLogger } from "@/server/log";

// 'Baixar meus dados' (docs/decisions/0311-personal-data.md): a request, a job that builds the ZIP of
// the caller's personal data and mails a one-time link, and the download that spends the link.

const m = messages.privacy;
const log = scopedLogger("privacy");
/** How long the e-mailed link works. */
export const PERSONAL_DATA_LINK_HOURS = 48;
/** One request per person in this window (a repeated click, a second tab). */
export const PERSONAL_DATA_REQUEST_GAP_MS = 10 * 60 * 1000;

/**
 * POST /api/user/data: records the request and queues its job (after the commit). 429 when the caller
 * asked within the last 10 minutes. Answers the address the link goes to.
 */
export async function requestPersonalData({ actor }: { actor: Actor }): Promise<PersonalDataRequestAnswer> {
  const db = getDb();
  const created = await db.$transaction(async (tx) => {
    // The user's row serialises two requests at once: the second sees the first.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${actor.userId} FOR UPDATE`;
    const recent = await tx.personalDataExport.count({
      where: { userId: actor.userId, createdAt: { gt: new Date(Date.now() - PERSONAL_DATA_REQUEST_GAP_MS) } },
    });
    if (recent > 0) throw new AppError("rate_limited", m.downloadTooSoon);
    const row = await tx.personalDataExport.create({
      data: {
        userId: actor.userId,
        // Replaced by the job with the hash of the link it mails; until then nothing can match it.
        tokenHash: hashToken(randomBytes(32).toString("base64url")),
        expiresAt: new Date(Date.now() + PERSONAL_DATA_LINK_HOURS * 3_600_000),
      },
      select: { id: true },
    });
    await writeAuditEvent(
      { actorUserId: actor.userId, action: "user.data_request", targetType: "user", targetId: actor.userId },
      tx,
    );
    return row;
  });
  void getJobSender()
    .then((boss) => boss?.send(QUEUES.personalData, { exportId: created.id }))
    .catch((error: unknown) => log.error({ err: error }, "could not queue a personal data export"));
  return { email: actor.email };
}

export type PersonalDataResult = { mailed: boolean; bytes: number };

/**
 * The personal-data-export job: builds the ZIP (personalDataZip), stores it, and in one transaction
 * marks the row ready with the hash of a fresh token and writes the mail with the link. A row already
 * ready (a retried job) or of an erased person does nothing.
 */
export async function buildPersonalDataExport(
  exportId: number,
  { db = getDb(), store = getBlobStore(), now = new Date() }: { db?: Db; store?: BlobStore; now?: Date } = {},
): Promise<PersonalDataResult> {
  const row = await db.personalDataExport.findUnique({
    where: { id: exportId },
    select: { userId: true, readyAt: true, user: { select: { email: true, name: true, erasedAt: true } } },
  });
  if (!row || row.readyAt || row.user.erasedAt) return { mailed: false, bytes: 0 };
  const zip = await personalDataZip(db, store, row.userId, now);
  const key = `personal-data/${row.userId}/${randomBytes(12).toString("hex")}.zip`;
  await store.put(key, Buffer.from(zip), "application/zip");
  const token = randomBytes(32).toString("base64url");
  const link = `${getConfig().APP_URL}/meus-dados/${token}`;
  const mailed = await db.$transaction(async (tx) => {
    const updated = await tx.personalDataExport.updateMany({
      where: { id: exportId, readyAt: null },
      data: { readyAt: now, tokenHash: hashToken(token), blobKey: key, size: zip.length },
    });
    if (updated.count === 0) return false;
    const lines = [m.mailText(row.user.name, link, PERSONAL_DATA_LINK_HOURS)];
    await enqueueMail(tx, row.user.email, {
      kind: "personal_data",
      subject: m.mailSubject,
      text: lines[0]!,
      html: html(lines[0]!.split("\n\n").slice(0, 2), { href: link, label: m.downloadData }).replace(
        `<p>${escapeHtml(link)}</p>`,
        "",
      ),
    });
    return true;
  });
  if (!mailed) await store.delete(key).catch(() => undefined);
  return { mailed, bytes: zip.length };
}

/**
 * POST /api/user/data/download {token}: the ZIP, once. The token is the key (no login: the link is
 * opened from the mail). Spent atomically; the ZIP's blob is deleted once read. 404 for an unknown,
 * spent or expired link, 409 while the job has not made it yet (cannot happen from a mailed link).
 */
export async function downloadPersonalData({ token }: { token: string }): Promise<FileDownload> {
  const db = getDb();
  const [row] = await db.$queryRaw<{ id: number; blob_key: string | null }[]>`
    UPDATE personal_data_exports SET used_at = now()
     WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now() AND blob_key IS NOT NULL
    RETURNING id, blob_key`;
  if (!row) throw new AppError("not_found", m.linkInvalid);
  const store = getBlobStore();
  const file = await store.get(row.blob_key!);
  if (!file) throw new AppError("not_found", m.linkInvalid);
  await db.personalDataExport.update({ where: { id: row.id }, data: { blobKey: null } });
  await store.delete(row.blob_key!).catch(() => undefined);
  return new FileDownload(file.body, "application/zip", "meus-dados-bloco.zip");
}

const TYPE_NAMES = ["proprietário", "administrador", "operador"];
const typeName = (type: number) => TYPE_NAMES[type] ?? String(type);
const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The ZIP of everything Bloco holds about a person as a person: profile (and photo), memberships,
 * invites (received; sent without the invitee's address, which is someone else's), the blocks they sent
 * with dates and document counts (not the files: the company's records), their audit events (what and
 * when, without the event's data, which may name others), the mail sent to them and their notification
 * choices. A few aggregate queries whatever the number of blocks.
 */
export async function personalDataZip(db: Db, store: BlobStore, userId: number, now: Date): Promise<Uint8Array> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      code: true,
      pictureKey: true,
      createdAt: true,
      lastPlatform: true,
      accountingOperator: {
        select: { id: true, type: true, blocked: true, createdAt: true, office: { select: { name: true } } },
      },
      clientOperator: {
        select: { id: true, type: true, blocked: true, createdAt: true, client: { select: { name: true } } },
      },
      notificationPreferences: { select: { kind: true, enabled: true } },
    },
  });
  const [received, sent, events, mail, blocks] = await Promise.all([
    db.invite.findMany({
      where: { email: user.email },
      orderBy: { id: "asc" },
      select: {
        kind: true,
        createdAt: true,
        acceptedAt: true,
        office: { select: { name: true } },
        client: { select: { name: true } },
      },
    }),
    db.invite.findMany({
      where: { invitedById: userId },
      orderBy: { id: "asc" },
      select: { kind: true, createdAt: true, acceptedAt: true },
    }),
    db.auditEvent.findMany({
      where: { actorUserId: userId },
      orderBy: { id: "asc" },
      select: { at: true, action: true, targetType: true, targetId: true },
    }),
    db.mailOutbox.findMany({
      where: { to: user.email },
      orderBy: { id: "asc" },
      select: { createdAt: true, sentAt: true, kind: true, subject: true, text: true },
    }),
    user.clientOperator
      ? db.$queryRaw<{ id: number; client: string; sent_at: Date; documents: number; state: string }[]>`
          SELECT b.id, c.name AS client, b.sent_at, COUNT(d.id)::int AS documents,
                 CASE WHEN b.undone_at IS NOT NULL THEN 'desfeito'
                      WHEN b.devolved_at IS NOT NULL THEN 'devolvido'
                      WHEN b.contabilized_at IS NOT NULL THEN 'contabilizado'
                      WHEN b.categorized_at IS NOT NULL THEN 'categorizado'
                      ELSE 'enviado' END AS state
            FROM blocks b
            JOIN clients c ON c.id = b.client_id
            LEFT JOIN documents d ON d.block_id = b.id
           WHERE b.sent_by_id = ${user.clientOperator.id}
           GROUP BY b.id, c.name
           ORDER BY b.sent_at, b.id`
      : Promise.resolve([]),
  ]);

  const zip: Zippable = {
    "LEIA-ME.txt": strToU8(readMe(user.name, now)),
    "perfil.json": json({
      id: user.id,
      nome: user.name,
      email: user.email,
      telefone: user.phone,
      cpf: user.code,
      foto: user.pictureKey ? "foto incluída neste arquivo" : null,
      criadoEm: user.createdAt,
      ultimaPlataforma: user.lastPlatform,
    }),
    "vinculos.json": json([
      ...(user.accountingOperator
        ? [
            {
              plataforma: "escritório contábil",
              organizacao: user.accountingOperator.office.name,
              papel: typeName(user.accountingOperator.type),
              bloqueado: user.accountingOperator.blocked,
              desde: user.accountingOperator.createdAt,
            },
          ]
        : []),
      ...(user.clientOperator
        ? [
            {
              plataforma: "empresa",
              organizacao: user.clientOperator.client.name,
              papel: typeName(user.clientOperator.type),
              bloqueado: user.clientOperator.blocked,
              desde: user.clientOperator.createdAt,
            },
          ]
        : []),
    ]),
    "convites.json": json({
      recebidos: received.map((invite) => ({
        tipo: invite.kind,
        organizacao: invite.office?.name ?? invite.client?.name ?? null,
        enviadoEm: invite.createdAt,
        aceitoEm: invite.acceptedAt,
      })),
      enviados: sent.map((invite) => ({ tipo: invite.kind, enviadoEm: invite.createdAt, aceitoEm: invite.acceptedAt })),
    }),
    "blocos-enviados.csv": strToU8(
      "\uFEFFbloco;empresa;enviado_em;documentos;situacao\r\n" +
        blocks
          .map((b) => [b.id, b.client, b.sent_at.toISOString(), b.documents, b.state].map(csvCell).join(";") + "\r\n")
          .join(""),
    ),
    "eventos.json": json(events.map((e) => ({ em: e.at, acao: e.action, alvo: e.targetType, alvoId: e.targetId }))),
    "emails-recebidos.json": json(
      mail.map((row) => ({
        criadoEm: row.createdAt,
        enviadoEm: row.sentAt,
        tipo: row.kind,
        assunto: row.subject,
        texto: row.text,
      })),
    ),
    "notificacoes.json": json(user.notificationPreferences.map((p) => ({ tipo: p.kind, ligada: p.enabled }))),
  };
  if (user.pictureKey) {
    const picture = await store.get(user.pictureKey);
    const extension = user.pictureKey.slice(user.pictureKey.lastIndexOf(".") + 1);
    if (picture) zip[`foto.${extension}`] = [new Uint8Array(picture.body), { level: 0 }];
  }
  return zipSync(zip, { level: 6 });
}

function readMe(name: string, now: Date): string {
  return [
    `Dados pessoais de ${name} no Bloco, gerados em ${now.toISOString()}.`,
    "",
    "perfil.json — nome, e-mail, telefone, CPF e datas da conta (e foto.*, se houver).",
    "vinculos.json — os escritórios e empresas em que você atua e o seu papel.",
    "convites.json — convites recebidos e os que você enviou (sem o e-mail de quem foi convidado).",
    "blocos-enviados.csv — os blocos que você enviou, com data, número de documentos e situação.",
    "eventos.json — o que você fez no Bloco (entradas, alterações), com data e hora.",
    "emails-recebidos.json — os e-mails que o Bloco enviou para você.",
    "notificacoes.json — suas escolhas de e-mails de aviso.",
    "",
    "Os arquivos dos documentos (fotos, XML, PDF) pertencem à empresa e ao escritório " +
      "e não fazem parte deste arquivo.",
    "",
  ].join("\r\n");
}
