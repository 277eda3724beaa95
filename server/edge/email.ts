// The owner's email on Workers: the send_email binding, which Cloudflare limits to the
// owner's verified address(es) (wrangler.jsonc). Locally, wrangler writes each message to a
// file and logs its path instead of sending it.
import { type Mail, type Mailer, type Recipients, recipientsOf } from "../forms/notify.ts";
import type { SendEmail } from "./bindings.ts";

export function emailMailer(
  binding: SendEmail,
  { to, from }: { to: Recipients; from: string },
): Mailer {
  const sendTo = async (address: string, { subject, text, replyTo }: Mail) => {
    await binding.send({ from, to: address, subject, text, ...(replyTo ? { replyTo } : {}) });
  };
  return {
    // One message per address: a binding with an allowlist checks each recipient.
    async send(mail) {
      for (const address of await recipientsOf(to)) await sendTo(address, mail);
    },
    sendTo,
  };
}
