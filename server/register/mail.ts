import "server-only";
import { messages } from "@/lib/i18n/messages";
import { inviteMail, type MailContent } from "@/server/mail/templates";

const s = messages.register.signup;

/** The sign-up's e-mail: the invite e-mail's layout with the sign-up's words (same link, same page). */
export function signupMail(link: string, officeName: string): MailContent {
  const invite = inviteMail(link, officeName);
  const lines = [messages.mail.inviteGreeting, s.mailBody(officeName), s.mailAction];
  const inviteLines = [messages.mail.inviteGreeting, messages.mail.inviteBody(officeName), messages.mail.inviteAction];
  let html = invite.html;
  // Replaced by functions: a string replacement reads `$'`, `$&`… in it (an office name may hold them).
  inviteLines.forEach((line, i) => (html = html.replace(escapeHtml(line), () => escapeHtml(lines[i]!))));
  html = html.replace(`>${escapeHtml(messages.mail.inviteAccept)}</a>`, () => `>${escapeHtml(s.mailButton)}</a>`);
  return {
    kind: "signup",
    subject: s.mailSubject,
    text: [...lines, link, "", messages.mail.signature].join("\n"),
    html,
  };
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
