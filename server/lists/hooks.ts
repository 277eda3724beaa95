// What people tell the services comes back here, the same on Node and on the Worker:
//   POST /hooks/kit/<KIT_WEBHOOK_SECRET>  Kit's webhooks: unsubscribes, bounces, complaints.
//     Kit's legacy webhooks carry no signature, so the URL's secret is what proves them; a
//     webhook endpoint's deliveries are signed too, checked when KIT_WEBHOOK_SIGNING_SECRET
//     is set.
//   POST /hooks/twilio                    Twilio's incoming-message webhook, proven by
//     X-Twilio-Signature: STOP and its kin take the number off the text list, START/UNSTOP/YES
//     put it on (YES answers the confirmation request), HELP is Twilio's to answer (Advanced
//     Opt-Out), and any other reply is a message in the owner's inbox, emailed as a contact
//     message is (so "please stop texting me" is read by a person).
//   POST /hooks/twilio/status             Twilio's status callback for each text: delivered,
//     or failed with its error code (the owner's update page counts them).
// Unproven: 403. Bad input: a 4xx in words, never a 5xx. Bodies past 64 KB: 413. Each marks the
// person (outbox-store.ts setConsent), which the CSV and every later send honour.
import type { Context } from "hono";
import { Hono } from "hono";
import { phoneKey } from "../../rink/forms/phone.ts";
import { bodyLimit } from "../body-limit.ts";
import type { ServerEnv } from "../env.ts";
import { maxBodyBytes } from "../forms/form-endpoint.ts";
import type { NewSubmission, Submission } from "../forms/submission.ts";
import { inboxHeaders } from "../security-headers.ts";
import { kitEvents, verifyKitSignature } from "./kit.ts";
import type { OutboxStore } from "./outbox-store.ts";
import { replyKeyword, unsubscribedRecipientCode, verifyTwilioSignature } from "./twilio.ts";

export interface ListHooksDeps {
  store: OutboxStore;
  kit?: {
    /** The secret path segment Kit's webhook URL carries. */
    webhookSecret: string;
    /** A webhook endpoint's signing secret (X-Kit-Signature); unset: the URL's secret only. */
    signingSecret?: string;
  };
  twilio?: {
    authToken: string;
    /** The public origin the webhook is configured at (SITE_URL): what Twilio signed. */
    siteUrl?: string;
  };
  /** Where a reply that is not a keyword goes: the owner's inbox, and the owner's email. */
  messages?: {
    save: (submission: NewSubmission) => Promise<Submission>;
    notify?: (submission: Submission) => Promise<void>;
  };
  /** Work that may finish after the answer (a Worker's waitUntil). */
  background?: (c: Context<ServerEnv>, task: Promise<unknown>) => void;
  now?: () => Date;
  log?: (message: string) => void;
}

/**
 * The URLs Twilio may have signed for a request: the public one (SITE_URL + the path), and the
 * same with the scheme's default port written out or left out, as Twilio's own libraries try
 * (a proxy may add or drop ":443").
 */
export function twilioSignedUrls(siteUrl: string | undefined, requestUrl: string): string[] {
  const requested = new URL(requestUrl);
  const first = siteUrl
    ? `${siteUrl.replace(/\/+$/, "")}${requested.pathname}${requested.search}`
    : requested.href;
  const url = new URL(first);
  const defaultPort = url.protocol === "https:" ? "443" : url.protocol === "http:" ? "80" : "";
  const withoutPort = url.href;
  const origin = `${url.protocol}//${url.username ? `${url.username}:${url.password}@` : ""}`;
  const rest = `${url.pathname}${url.search}`;
  const withPort = url.port ? url.href : `${origin}${url.hostname}:${defaultPort}${rest}`;
  return [...new Set([first, withoutPort, withPort])];
}

const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Equal strings, in time that does not depend on where they differ. */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const digest = async (s: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export function listHooks({
  store,
  kit,
  twilio,
  messages,
  background,
  now = () => new Date(),
  log,
}: ListHooksDeps) {
  const app = new Hono<ServerEnv>();
  const say = log ?? ((message: string) => console.log(message));
  const refuse = (
    c: Context<ServerEnv>,
    status: 400 | 403 | 404 | 405 | 413 | 415,
    error: string,
  ) => {
    c.set("errorCode", `HOOK_${status}`);
    return c.json({ error }, status);
  };

  app.use("*", async (c, next) => {
    for (const [name, value] of Object.entries(inboxHeaders)) c.header(name, value);
    if (c.req.method !== "POST") {
      c.header("Allow", "POST");
      return refuse(c, 405, "Send it with POST.");
    }
    return next();
  });
  app.use(
    "*",
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => refuse(c as Context<ServerEnv>, 413, "The body is larger than 64 KB."),
    }),
  );

  app.post("/kit/:secret", async (c) => {
    if (!kit) return refuse(c, 404, "The email service is not set up.");
    if (!(await sameSecret(c.req.param("secret"), kit.webhookSecret))) {
      return refuse(c, 403, "Not a webhook of this site's email service.");
    }
    const raw = await c.req.text();
    if (
      kit.signingSecret &&
      !(await verifyKitSignature(kit.signingSecret, c.req.header("x-kit-signature"), raw, now()))
    ) {
      return refuse(c, 403, "The signature does not match.");
    }
    if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
      return refuse(c, 415, "Send JSON.");
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(c, 400, "The body is not JSON.");
    }
    const events = kitEvents(body);
    if (events === null)
      return refuse(c, 400, "Not a Kit webhook delivery (no subscriber or events).");
    const at = now().toISOString();
    for (const event of events) {
      await store.setConsent("email", event.email, event.state, event.reason, at);
    }
    if (events.length > 0) say(`lists: Kit told of ${events.length} change(s) to the email list`);
    return c.json({ ok: true, recorded: events.length });
  });

  /** The form's parameters when Twilio signed them for this URL; else the refusal. */
  async function twilioForm(c: Context<ServerEnv>) {
    if (!twilio) return refuse(c, 404, "The text service is not set up.");
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? "")) {
      return refuse(c, 415, "Send a form (application/x-www-form-urlencoded).");
    }
    const params = new URLSearchParams(await c.req.text());
    const signature = c.req.header("x-twilio-signature");
    for (const url of twilioSignedUrls(twilio.siteUrl, c.req.url)) {
      if (await verifyTwilioSignature(twilio.authToken, signature, url, [...params])) return params;
    }
    return refuse(c, 403, "The signature does not match.");
  }

  app.post("/twilio", async (c) => {
    const params = await twilioForm(c);
    if (params instanceof Response) return params;
    const from = params.get("From") ?? "";
    const key = phoneKey(from);
    if (!/^\d{10}$/.test(key)) return refuse(c, 400, "From is not a US phone number.");
    const reply = replyKeyword(params);
    const at = now().toISOString();
    const word = reply?.word.slice(0, 20);
    // HELP needs no answer of ours: the Messaging Service's Advanced Opt-Out replies to it (and
    // to STOP and START), and a second reply would be one text too many.
    if (reply?.keyword === "stop")
      await store.setConsent("text", key, "out", `Replied ${word}`, at);
    if (reply?.keyword === "start")
      await store.setConsent("text", key, "in", `Replied ${word}`, at);
    if (reply && reply.keyword !== "help") {
      say(`lists: a number replied ${reply.keyword.toUpperCase()}`);
    }
    if (!reply && messages) {
      // Anything else is for a person: a message in the owner's inbox from that number.
      const text = (params.get("Body") ?? "").trim().slice(0, 5000);
      const shown = `(${key.slice(0, 3)}) ${key.slice(3, 6)}-${key.slice(6)}`;
      const stored = await messages.save({
        form: "contact",
        createdAt: at,
        data: {
          name: `Text from ${shown}`,
          phone: shown,
          subject: "A text message",
          message: text || "(an empty text, or a picture)",
        },
        spam: false,
      });
      say("lists: a text reply was put in the inbox");
      const sending = messages.notify?.(stored);
      if (sending) background?.(c, sending);
    }
    return c.body(emptyTwiml, 200, { "Content-Type": "text/xml; charset=utf-8" });
  });

  // Each text's status, as the carriers report it to Twilio (StatusCallback, twilio.ts).
  app.post("/twilio/status", async (c) => {
    const params = await twilioForm(c);
    if (params instanceof Response) return params;
    const sid = params.get("MessageSid") ?? params.get("SmsSid") ?? "";
    if (!/^(SM|MM)\w{32}$/.test(sid)) return refuse(c, 400, "MessageSid is not a message's SID.");
    const status = (params.get("MessageStatus") ?? params.get("SmsStatus") ?? "").toLowerCase();
    const delivery =
      status === "delivered"
        ? "delivered"
        : status === "failed" || status === "undelivered"
          ? "failed"
          : null;
    // queued, sent and the like are steps on the way: only the end is kept.
    if (delivery) {
      const given = Number(params.get("ErrorCode") ?? "");
      const code = delivery === "failed" && Number.isInteger(given) && given > 0 ? given : null;
      const at = now().toISOString();
      const person = await store.recordDelivery(sid, delivery, code, at);
      // Twilio refused it for a STOP the site had not heard of: no later update tries again.
      if (person && code === unsubscribedRecipientCode) {
        await store.setConsent("text", person, "out", "STOP (told by the text service)", at);
      }
    }
    return c.body(null, 204);
  });

  // A sub-app's notFound is not its parent's: a catch-all keeps the answer JSON.
  app.post("*", (c) => refuse(c, 404, "No such webhook."));
  app.onError((error, c) => {
    // A database fault: the service retries on a 5xx, which is what should happen then.
    (log ?? console.error)(`lists: ${c.req.path} failed: ${String(error)}`);
    return c.json({ error: "Could not record it; please try again." }, 503);
  });
  return app;
}
