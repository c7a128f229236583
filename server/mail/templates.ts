import "server-only";
import { messages } from "@/lib/i18n/messages";

// pt-BR e-mails: a plain-text body (what the log and the dev outbox show) and a simple HTML twin.
export type MailContent = {
  subject: string;
  text: string;
  html: string;
  kind: string;
  /** Extra headers (the notifications' List-Unsubscribe pair), kept with the outbox row. */
  headers?: Record<string, string>;
};

const m = messages.mail;

export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A small grey paragraph under the signature (the notifications' unsubscribe note), already HTML. */
export function html(paragraphs: string[], link: { href: string; label: string }, footer = ""): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const href = escapeHtml(link.href);
  return `<!doctype html>
<html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${body}
<p><a href="${href}"
  style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;border-radius:8px;
    text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="font-size:12px;color:#6b7280">${href}</p>
<p>${escapeHtml(m.signature)}</p>
${footer}</body></html>`;
}

export function inviteMail(link: string, organizationName: string): MailContent {
  const lines = [m.inviteGreeting, m.inviteBody(organizationName), m.inviteAction];
  return {
    kind: "invite",
    subject: m.inviteSubject,
    text: [...lines, link, "", m.signature].join("\n"),
    html: html(lines, { href: link, label: m.inviteAccept }),
  };
}

export function passwordResetMail(link: string): MailContent {
  const lines = [m.resetBody, m.resetAction];
  return {
    kind: "password_reset",
    subject: m.resetSubject,
    text: [...lines, link, "", m.resetIgnore, "", m.signature].join("\n"),
    html: html([...lines], { href: link, label: m.resetButton }).replace(
      `<p>${escapeHtml(m.signature)}</p>`,
      `<p>${escapeHtml(m.resetIgnore)}</p>\n<p>${escapeHtml(m.signature)}</p>`,
    ),
  };
}
