// The owner's email on Workers: the send_email binding, which Cloudflare limits to the
// owner's verified address(es) (wrangler.jsonc). Locally, wrangler writes each message to a
// file and logs its path instead of sending it.
import type { Mailer } from "../notify.ts";
import type { SendEmail } from "./bindings.ts";

export function emailMailer(binding: SendEmail, { to, from }: { to: string[]; from: string }) {
  const mailer: Pick<Mailer, "send"> = {
    async send({ subject, text, replyTo }) {
      // One message per address: a binding with an allowlist checks each recipient.
      for (const address of to) {
        await binding.send({ from, to: address, subject, text, ...(replyTo ? { replyTo } : {}) });
      }
    },
  };
  return mailer;
}
