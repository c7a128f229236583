import "server-only";
import nodemailer from "nodemailer";
import { getConfig } from "@/server/config";

export type OutgoingMail = { to: string; subject: string; text: string; html: string | null };
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

let smtp: { url: string; send: MailTransport } | undefined;

function smtpTransport(url: string): MailTransport {
  if (smtp?.url !== url) {
    const transporter = nodemailer.createTransport(url);
    const from = getConfig().MAIL_FROM;
    smtp = {
      url,
      send: async (mail) => {
        await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      },
    };
  }
  return smtp.send;
}

// Without SMTP (development, tests, a fresh install) the message, link included, goes to the server
// log: whoever runs the server can still follow an invite or a reset link.
export const logTransport: MailTransport = async (mail) => {
  console.info(`[mail] to=${mail.to} subject="${mail.subject}"\n${mail.text}`);
};

export function getMailTransport(): MailTransport {
  const url = getConfig().SMTP_URL;
  return url ? smtpTransport(url) : logTransport;
}
