// The owner's email under Node: nodemailer over the SMTP server in SMTP_URL.
import nodemailer from "nodemailer";
import { type Mailer, type Recipients, recipientsOf } from "../forms/notify.ts";
import type { MailSettings } from "./settings.ts";

export function smtpMailer(
  settings: Pick<MailSettings, "smtpUrl" | "from"> & { to: Recipients },
): Required<Mailer> {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    // Fail in seconds, not nodemailer's minutes: the retry loop tries again later anyway.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const to = [...(await recipientsOf(settings.to))];
      await transport.sendMail({ from: settings.from, to, ...mail });
    },
    async sendTo(to, mail) {
      await transport.sendMail({ from: settings.from, to, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
