import "server-only";
import type { NotificationKind } from "@/lib/contract/notifications";
import { messages } from "@/lib/i18n/messages";
import { escapeHtml, html, type MailContent } from "./templates";

// The notification e-mails (docs/decisions/0290-notification-emails.md): pt-BR text and HTML parts, and
// the RFC 8058 one-click unsubscribe pair of headers, whose link is good for this person and kind only.

const m = messages.mail;

export type Unsubscribe = { page: string; oneClick: string };

function unsubscribeHeaders(links: Unsubscribe): Record<string, string> {
  return { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function compose(
  kind: NotificationKind,
  subject: string,
  lines: string[],
  action: { text: string; href: string; label: string },
  links: Unsubscribe,
): MailContent {
  const why = m.unsubscribeWhy(messages.notifications.kinds[kind]);
  const link = `<a href="${escapeHtml(links.page)}">${escapeHtml(m.unsubscribeLink)}</a>`;
  const footer = `<p style="font-size:12px;color:#6b7280">${escapeHtml(why)} ${link}</p>\n`;
  return {
    kind,
    subject,
    text: [
      ...lines,
      "",
      action.text,
      action.href,
      "",
      m.signature,
      "",
      "--",
      why,
      m.unsubscribeAction,
      links.page,
    ].join("\n"),
    html: html([...lines, action.text], { href: action.href, label: action.label }, footer),
    headers: unsubscribeHeaders(links),
  };
}

export type PendencyMailData = {
  name: string;
  office: string;
  client: string;
  sentOn: string;
  issue: string;
  observations: string;
  link: string;
};

export function pendencyMail(data: PendencyMailData, links: Unsubscribe): MailContent {
  const lines = [
    m.greeting(data.name),
    m.pendencyBody(data.office, data.client, data.sentOn),
    m.pendencyIssue(data.issue),
    ...(data.observations ? [m.pendencyObservation(data.observations)] : []),
  ];
  return compose(
    "pendency",
    m.pendencySubject(data.client),
    lines,
    { text: m.pendencyAction, href: data.link, label: m.pendencyButton },
    links,
  );
}

export type ReturnedMailData = {
  name: string;
  office: string;
  client: string;
  sentOn: string;
  reason: string | null;
  deadline: string;
  link: string;
};

export function returnedMail(data: ReturnedMailData, links: Unsubscribe): MailContent {
  const lines = [
    m.greeting(data.name),
    m.returnedBody(data.office, data.client, data.sentOn),
    ...(data.reason ? [m.returnedReason(data.reason)] : []),
    m.returnedDeadline(data.deadline),
  ];
  return compose(
    "returned",
    m.returnedSubject(data.client),
    lines,
    { text: m.returnedAction, href: data.link, label: m.returnedButton },
    links,
  );
}

export type DigestMailData = { name: string; day: string; clients: { name: string; blocks: number }[]; link: string };

export function digestMail(data: DigestMailData, links: Unsubscribe): MailContent {
  const total = data.clients.reduce((sum, client) => sum + client.blocks, 0);
  const lines = [
    m.greeting(data.name),
    m.digestBody(data.day),
    ...data.clients.map((client) => m.digestLine(client.name, client.blocks)),
  ];
  return compose(
    "digest",
    m.digestSubject(total),
    lines,
    { text: m.digestAction, href: data.link, label: m.digestButton },
    links,
  );
}
