import "server-only";
import type { Tx } from "@/server/db/client";
import type { MailContent } from "./templates";

/**
 * Queues a message inside the caller's transaction: the e-mail exists if and only if the change that
 * sends it (an invite, a reset token) commits. Delivery happens after the commit (deliverPendingMail).
 */
export async function enqueueMail(tx: Tx, to: string, content: MailContent): Promise<number> {
  const row = await tx.mailOutbox.create({
    data: { to, subject: content.subject, text: content.text, html: content.html, kind: content.kind },
    select: { id: true },
  });
  return row.id;
}
