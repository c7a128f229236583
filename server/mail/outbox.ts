import "server-only";
import type { Tx } from "@/server/db/client";
import type { MailContent } from "./templates";

/**
 * Queues a message inside the caller's transaction: the e-mail exists if and only if the change that
 * sends it (an invite, a reset token) commits. Delivery happens after the commit (deliverPendingMail).
 */
export async function enqueueMail(tx: Tx, to: string, content: MailContent): Promise<number> {
  const row = await tx.mailOutbox.create({
    data: {
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      kind: content.kind,
      headers: content.headers,
    },
    select: { id: true },
  });
  return row.id;
}

/** Several messages in one statement, in the caller's transaction (a notification to each of a company's users). */
export async function enqueueMails(tx: Tx, mails: { to: string; content: MailContent }[]): Promise<number> {
  if (mails.length === 0) return 0;
  const written = await tx.mailOutbox.createMany({
    data: mails.map(({ to, content }) => ({
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      kind: content.kind,
      headers: content.headers,
    })),
  });
  return written.count;
}
