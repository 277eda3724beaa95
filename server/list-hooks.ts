// What people tell the services comes back here, the same on Node and on the Worker:
//   POST /hooks/kit/<KIT_WEBHOOK_SECRET>  Kit's webhooks: unsubscribes, bounces, complaints.
//     Kit's legacy webhooks carry no signature, so the URL's secret is what proves them; a
//     webhook endpoint's deliveries are signed too, checked when KIT_WEBHOOK_SIGNING_SECRET
//     is set.
//   POST /hooks/twilio                    Twilio's incoming-message webhook: STOP, START, HELP,
//     proven by X-Twilio-Signature.
// Unproven: 403. Bad input: a 4xx in words, never a 5xx. Bodies past 64 KB: 413. Each marks the
// person (outbox-store.ts setConsent), which the CSV and every later send honour.
import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { phoneKey } from "../forms/phone.ts";
import type { InboxEnv } from "./app-env.ts";
import { maxBodyBytes } from "./form-endpoint.ts";
import { kitEvents, verifyKitSignature } from "./kit.ts";
import type { OutboxStore } from "./outbox-store.ts";
import { inboxHeaders } from "./security-headers.ts";
import { replyKeyword, verifyTwilioSignature } from "./twilio.ts";

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
  now?: () => Date;
  log?: (message: string) => void;
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

export function listHooks({ store, kit, twilio, now = () => new Date(), log }: ListHooksDeps) {
  const app = new Hono<InboxEnv>();
  const say = log ?? ((message: string) => console.log(message));
  const refuse = (
    c: Context<InboxEnv>,
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
      onError: (c) => {
        c.header("Connection", "close");
        return refuse(c as Context<InboxEnv>, 413, "The body is larger than 64 KB.");
      },
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

  app.post("/twilio", async (c) => {
    if (!twilio) return refuse(c, 404, "The text service is not set up.");
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? "")) {
      return refuse(c, 415, "Send a form (application/x-www-form-urlencoded).");
    }
    const params = new URLSearchParams(await c.req.text());
    // Twilio signs the URL it was given: the public one behind a proxy (SITE_URL).
    const requested = new URL(c.req.url);
    const url = twilio.siteUrl
      ? `${twilio.siteUrl.replace(/\/+$/, "")}${requested.pathname}${requested.search}`
      : requested.href;
    const signature = c.req.header("x-twilio-signature");
    if (!(await verifyTwilioSignature(twilio.authToken, signature, url, [...params]))) {
      return refuse(c, 403, "The signature does not match.");
    }
    const key = phoneKey(params.get("From") ?? "");
    if (!/^\d{10}$/.test(key)) return refuse(c, 400, "From is not a US phone number.");
    const keyword = replyKeyword(params);
    const at = now().toISOString();
    // HELP needs no answer of ours: the Messaging Service's opt-out settings reply to it (and
    // to STOP and START), and a second reply would be one text too many.
    if (keyword === "stop") await store.setConsent("text", key, "out", "Replied STOP", at);
    if (keyword === "start") await store.setConsent("text", key, "in", "Replied START", at);
    if (keyword === "stop" || keyword === "start")
      say(`lists: a number replied ${keyword.toUpperCase()}`);
    return c.body(emptyTwiml, 200, { "Content-Type": "text/xml; charset=utf-8" });
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
