import "server-only";
import type { NotificationKind } from "@/lib/contract/notifications";
import { issueLabel } from "@/lib/constants";
import { formatDate } from "@/lib/format/dates";
import { returnedDocumentDeadline } from "@/lib/format/deadline";
import { getConfig } from "@/server/config";
import type { Tx } from "@/server/db/client";
import { pendencyMail, returnedMail } from "@/server/mail/notification-templates";
import { enqueueMails } from "@/server/mail/outbox";
import { unsubscribeLinks } from "./unsubscribe-token";

// The company's notifications about one of its blocks, written in the transaction of the change that
// sends them (the pendency, the return): the mail exists if and only if that change commits. The
// caller schedules delivery after its commit (scheduleDelivery).

type Recipient = { userId: number; email: string; name: string; client: string; office: string; sentAt: Date };

/**
 * The company's users who get `kind` about this block: every unblocked operator of the block's client
 * whose preference for the kind is not off, with the names the mail shows. One query (the client's
 * operators by client_operators (client_id, type), each preference by its key).
 */
function recipients(tx: Tx, blockId: number, kind: NotificationKind): Promise<Recipient[]> {
  return tx.$queryRaw<Recipient[]>`
    SELECT u.id AS "userId", u.email, u.name, c.name AS client, o.name AS office, b.sent_at AS "sentAt"
      FROM blocks b
      JOIN clients c ON c.id = b.client_id
      JOIN accounting_offices o ON o.id = c.office_id
      JOIN client_operators co ON co.client_id = c.id AND NOT co.blocked
      JOIN users u ON u.id = co.user_id
      LEFT JOIN notification_preferences np ON np.user_id = u.id AND np.kind = ${kind}
     WHERE b.id = ${blockId} AND c.removed_at IS NULL AND COALESCE(np.enabled, TRUE)
     ORDER BY u.id`;
}

/** The link of a pendency in the company's 'Blocos com pendencia' (the page opens that pendency). */
export function pendencyLink(pendencyId: number): string {
  return `${getConfig().APP_URL}/pendencyblock?pendencia=${pendencyId}`;
}

/** 'Pendência em um bloco de …' to each of the company's users who have it on. */
export async function notifyPendency(
  tx: Tx,
  pendency: { id: number; blockId: number; issue: number; observations: string },
): Promise<number> {
  const people = await recipients(tx, pendency.blockId, "pendency");
  return enqueueMails(
    tx,
    people.map((person) => ({
      to: person.email,
      content: pendencyMail(
        {
          name: person.name,
          office: person.office,
          client: person.client,
          sentOn: formatDate(person.sentAt),
          issue: issueLabel(pendency.issue),
          observations: pendency.observations,
          link: pendencyLink(pendency.id),
        },
        unsubscribeLinks(person.userId, "pendency"),
      ),
    })),
  );
}

/** 'Bloco devolvido pelo escritório' with the documents' deadline, to each of the company's users who have it on. */
export async function notifyReturned(
  tx: Tx,
  block: { id: number; devolvedAt: Date; reason: string | null },
): Promise<number> {
  const people = await recipients(tx, block.id, "returned");
  const deadline = returnedDocumentDeadline(block.devolvedAt);
  return enqueueMails(
    tx,
    people.map((person) => ({
      to: person.email,
      content: returnedMail(
        {
          name: person.name,
          office: person.office,
          client: person.client,
          sentOn: formatDate(person.sentAt),
          reason: block.reason,
          deadline: formatDate(deadline),
          link: `${getConfig().APP_URL}/devolveds`,
        },
        unsubscribeLinks(person.userId, "returned"),
      ),
    })),
  );
}
