// Kit (kit.com), the email list's first service, through its API v4 (developers.kit.com):
// X-Kit-Api-Key on every call; a signup is created as a subscriber (an upsert by email) and
// added to the owner's form, whose double opt-in email asks the person to confirm; an update
// is a broadcast with a send time of now. What comes back: Kit's webhooks for unsubscribes,
// bounces and complaints (hooks.ts), in the legacy shape ({ subscriber }) or the webhook
// endpoints' envelope ({ events: [{ type, data: { subscriber } }] }), the latter signed.
import {
  type CallResult,
  callService,
  type EmailListService,
  messageIn,
  type Refused,
} from "./service.ts";

export const defaultKitApiUrl = "https://api.kit.com";

export interface KitSettings {
  apiKey: string;
  /** The form signups are added to; its double opt-in setting applies. */
  formId: string;
  /** Kit's API, or a stand-in's (tests). */
  apiUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The owner's plain text as the broadcast's HTML: a paragraph per blank-line block. */
export function kitContent(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${escapeHtml(block.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/** What a broadcast's description says, so that a later try can find it (the update's id). */
export const kitBroadcastDescription = (key: string) => `Update ${key} from the rink's website`;

/** How many pages of Kit's broadcasts (500 each) a later try reads looking for its own. */
export const maxListPages = 20;

export function kitService(
  settings: KitSettings,
  fetchImpl: typeof fetch = fetch,
): EmailListService {
  const base = settings.apiUrl.replace(/\/+$/, "");
  const call = (method: "GET" | "POST", path: string, body: unknown, idempotent: boolean) =>
    callService(
      `${base}${path}`,
      {
        method,
        headers: {
          ...(method === "POST" ? { "Content-Type": "application/json" } : {}),
          Accept: "application/json",
          "X-Kit-Api-Key": settings.apiKey,
        },
        ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
      },
      {
        service: "Kit",
        idempotent,
        // Kit's v4 errors: { "errors": ["..."] }; v3 and proxies: message or error.
        reasonOf: (b, status) => messageIn(b, ["errors", "message", "error"], status),
        fetch: fetchImpl,
      },
    );
  const post = (path: string, body: unknown, idempotent: boolean) =>
    call("POST", path, body, idempotent);

  /**
   * The broadcast an earlier try made for `key`, by its description, through the list's
   * pages (cursor-based: `after` the last page's end_cursor): its id, none, or why Kit could
   * not be asked (then nothing is created: a second broadcast would go to everyone).
   */
  async function findBroadcast(key: string): Promise<{ found?: string } | Refused> {
    const marker = kitBroadcastDescription(key);
    let after: string | undefined;
    for (let page = 0; page < maxListPages; page++) {
      const query = `per_page=500${after ? `&after=${encodeURIComponent(after)}` : ""}`;
      const listed = await call("GET", `/v4/broadcasts?${query}`, undefined, true);
      if (!listed.ok) {
        return {
          ...refusal(listed),
          reason: `Kit could not be asked whether the earlier try made the broadcast, so it is not made again yet: ${listed.reason}`,
        };
      }
      const body = record(listed.body);
      const broadcasts = Array.isArray(body?.broadcasts) ? body.broadcasts : [];
      for (const item of broadcasts) {
        const broadcast = record(item);
        const id = broadcast?.id;
        if (broadcast?.description === marker && (typeof id === "number" || typeof id === "string"))
          return { found: String(id) };
      }
      const pagination = record(body?.pagination);
      if (pagination?.has_next_page !== true || typeof pagination.end_cursor !== "string") {
        return {};
      }
      after = pagination.end_cursor;
    }
    return {
      ok: false,
      retry: false,
      reason: `Kit has more than ${maxListPages * 500} broadcasts: the earlier try's could not be looked for, so it is not made again. Check Kit's Broadcasts page.`,
    };
  }

  /**
   * Kit's own account of a broadcast, read back after it was made: a draft (no send time, or
   * the status "draft") is not sent, whatever the create call answered.
   */
  async function checkBroadcast(id: string): Promise<CallResult> {
    const read = await call("GET", `/v4/broadcasts/${encodeURIComponent(id)}`, undefined, true);
    if (!read.ok) {
      return read.retry
        ? {
            ok: false,
            retry: true,
            ref: id,
            reason: `Kit made the broadcast but could not be asked whether it is sending; asked again later: ${read.reason}`,
          }
        : { ...refusal(read), ref: id };
    }
    const broadcast = record(record(read.body)?.broadcast);
    const status = broadcast?.status;
    if (!broadcast || broadcast.send_at == null || status === "draft") {
      return {
        ok: false,
        retry: false,
        ref: id,
        reason:
          "Kit kept the email as a draft, so it was not sent: send it from Kit's Broadcasts page (Drafts)",
      };
    }
    return { ok: true, ref: id };
  }

  return {
    name: "Kit",
    async subscribe(email): Promise<CallResult> {
      // Both calls are upserts by email, so repeating them after an outage changes nothing.
      // Created inactive: adding an inactive subscriber to a form with double opt-in sends the
      // form's confirmation email; Kit does not change an existing subscriber's state here.
      const created = await post(
        "/v4/subscribers",
        { email_address: email, state: "inactive" },
        true,
      );
      if (!created.ok) return refusal(created);
      const form = encodeURIComponent(settings.formId);
      const added = await post(`/v4/forms/${form}/subscribers`, { email_address: email }, true);
      if (!added.ok) return refusal(added);
      return { ok: true, ...refOf(added.body, "subscriber") };
    },
    async broadcast({ subject, text, key, ref, again }): Promise<CallResult> {
      // Made once: a later try checks the one it made (ref), or looks for one an unanswered
      // try may have made (its description names the update) before making another.
      let id = ref;
      if (!id && again) {
        const earlier = await findBroadcast(key);
        if ("ok" in earlier) return earlier;
        id = earlier.found;
      }
      if (!id) {
        // No subscriber_filter: all subscribers, whom Kit keeps to the confirmed ones. A
        // create that failed (5xx, a timeout) is tried again, after the look above.
        const made = await post(
          "/v4/broadcasts",
          {
            subject,
            content: kitContent(text),
            description: kitBroadcastDescription(key),
            preview_text: text.replace(/\s+/g, " ").slice(0, 100),
            public: false,
            send_at: new Date().toISOString(),
          },
          true,
        );
        if (!made.ok) return refusal(made);
        id = refOf(made.body, "broadcast").ref;
        if (!id) {
          return {
            ok: false,
            retry: false,
            reason: "Kit answered without the broadcast's id: check Kit's Broadcasts page",
          };
        }
      }
      return checkBroadcast(id);
    },
  };
}

const refusal = ({ body: _, ...refused }: Refused & { body?: unknown }): Refused => refused;

function refOf(body: unknown, key: string): { ref?: string } {
  const inner = body && typeof body === "object" ? (body as Record<string, unknown>)[key] : null;
  const id = inner && typeof inner === "object" ? (inner as Record<string, unknown>).id : null;
  return typeof id === "number" || typeof id === "string" ? { ref: String(id) } : {};
}

/** What a Kit webhook says of a person: they left the list (and why), or they are on it. */
export interface KitEvent {
  email: string;
  state: "in" | "out";
  reason: "unsubscribed" | "bounced" | "complained" | "confirmed";
}

const reasonByType: Record<string, KitEvent["reason"]> = {
  // The webhook endpoints' event types, then the legacy webhooks' names.
  "subscriber.unsubscribed": "unsubscribed",
  "subscriber.bounced": "bounced",
  "subscriber.complained": "complained",
  "subscriber.activated": "confirmed",
  "subscriber.subscriber_unsubscribe": "unsubscribed",
  "subscriber.subscriber_bounce": "bounced",
  "subscriber.subscriber_complain": "complained",
  "subscriber.subscriber_activate": "confirmed",
};

// A legacy delivery names no event: the subscriber's state says what happened.
const reasonByState: Record<string, KitEvent["reason"]> = {
  cancelled: "unsubscribed",
  bounced: "bounced",
  complained: "complained",
  active: "confirmed",
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

function eventOf(type: unknown, subscriberValue: unknown): KitEvent | undefined {
  const subscriber = record(subscriberValue);
  const email = subscriber?.email_address;
  if (typeof email !== "string" || !email.includes("@") || email.length > 254) return undefined;
  const reason =
    (typeof type === "string" ? reasonByType[type] : undefined) ??
    (typeof subscriber?.state === "string" ? reasonByState[subscriber.state] : undefined);
  if (!reason) return undefined;
  return {
    email: email.trim().toLowerCase(),
    state: reason === "confirmed" ? "in" : "out",
    reason,
  };
}

/**
 * The people a webhook delivery tells of; null when the body is not a Kit delivery at all.
 * Events of other kinds (a tag added) are left out.
 */
export function kitEvents(body: unknown): KitEvent[] | null {
  const root = record(body);
  if (!root) return null;
  if (Array.isArray(root.events)) {
    return root.events.flatMap((item) => {
      const event = record(item);
      const found = event && eventOf(event.type, record(event.data)?.subscriber);
      return found ? [found] : [];
    });
  }
  if (root.subscriber !== undefined) {
    const found = eventOf(undefined, root.subscriber);
    return found ? [found] : [];
  }
  return null;
}

const hexBytes = (hex: string) =>
  /^(?:[0-9a-f]{2})+$/i.test(hex)
    ? new Uint8Array(hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [])
    : undefined;

/**
 * A webhook endpoint's delivery is signed (developers.kit.com/webhooks/verifying-signatures):
 * `X-Kit-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, one v1 per
 * valid secret while a secret is rotated. Deliveries more than 5 minutes old are refused.
 */
export async function verifyKitSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  now: Date,
): Promise<boolean> {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim());
  const t = parts.find((p) => p.startsWith("t="))?.slice(2) ?? "";
  const seconds = Number(t);
  if (!/^\d+$/.test(t) || Math.abs(now.getTime() / 1000 - seconds) > 300) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const signed = new TextEncoder().encode(`${t}.${rawBody}`);
  for (const part of parts.filter((p) => p.startsWith("v1="))) {
    const mac = hexBytes(part.slice(3));
    // verify() compares in constant time.
    if (mac && (await crypto.subtle.verify("HMAC", key, mac, signed))) return true;
  }
  return false;
}
