import "server-only";
import nodemailer from "nodemailer";
import { getConfig } from "@/server/config";
import { scopedLogger } from "@/server/log";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), passed to nodemailer as they are. */
  headers?: Record<string, string>;
};
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

let smtp: { url: string; send: MailTransport } | undefined;

/**
 * SMTP_URL with the client's waits (connect, greeting, each answer) as its query parameters, where
 * nodemailer reads options given with a URL (beside a URL, an options object's fields are dropped); a
 * wait the URL already names is left as it is.
 */
export function withTimeouts(url: string, timeoutMs: number): string {
  const parsed = new URL(url);
  for (const name of ["connectionTimeout", "greetingTimeout", "socketTimeout"]) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(timeoutMs));
  }
  return parsed.toString();
}

function smtpTransport(url: string): MailTransport {
  if (smtp?.url !== url) {
    const { MAIL_FROM: from, SMTP_TIMEOUT_MS: timeout } = getConfig();
    const transporter = nodemailer.createTransport(withTimeouts(url, timeout));
    smtp = {
      url,
      send: async (mail) => {
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: mail.headers,
        });
      },
    };
  }
  return smtp.send;
}

// Without SMTP (development, tests, a fresh install) the message is logged by address and subject only:
// its links are one-time credentials, never written to the log. Whoever runs the server reads them in
// the outbox (GET /api/dev/outbox and the /dev/outbox page on this machine, or the mail_outbox table).
export const logTransport: MailTransport = async (mail) => {
  scopedLogger("mail").info(
    { to: mail.to, subject: mail.subject },
    "not sent (no SMTP_URL): the message is in the outbox",
  );
};

export function getMailTransport(): MailTransport {
  const url = getConfig().SMTP_URL;
  return url ? smtpTransport(url) : logTransport;
}
