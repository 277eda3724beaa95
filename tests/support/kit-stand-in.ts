// Kit's API v4 as far as the site uses it, written from developers.kit.com's reference:
// X-Kit-Api-Key on every call (401 without the right one); POST /v4/subscribers, an upsert by
// email_address; POST /v4/forms/{id}/subscribers, which adds an existing subscriber to a form
// (404 for another form or an unknown subscriber); POST /v4/broadcasts, where a send_at
// schedules it (subject and content required, else 422). Errors are { "errors": [...] }.
import { type StandIn, startStandIn } from "./stand-in.ts";

export const kitApiKey = "kit-test-key";
export const kitFormId = "4242";

export interface KitSubscriber {
  id: number;
  email_address: string;
  state: string;
  forms: string[];
}

export interface KitStandIn extends StandIn {
  /** The account's subscribers by lower-case email. */
  subscribers: Map<string, KitSubscriber>;
  /** The broadcasts created, in order. */
  broadcasts: { id: number; subject: string; content: string; send_at: string | null }[];
}

export async function startKitStandIn(): Promise<KitStandIn> {
  const subscribers = new Map<string, KitSubscriber>();
  const broadcasts: KitStandIn["broadcasts"] = [];
  let ids = 0;
  const errors = (status: number, ...messages: string[]) => ({
    status,
    body: { errors: messages },
  });
  const standIn = await startStandIn(
    ({ method, path, headers, body }) => {
      if (headers["x-kit-api-key"] !== kitApiKey) return errors(401, "The access token is invalid");
      if (method !== "POST") return errors(404, "Not Found");
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return errors(400, "Invalid JSON");
      }
      const email = typeof json.email_address === "string" ? json.email_address.toLowerCase() : "";
      if (path === "/v4/subscribers") {
        if (!email.includes("@")) return errors(422, "Email address is invalid");
        const existing = subscribers.get(email);
        if (existing) return { status: 200, body: { subscriber: existing } };
        const state = typeof json.state === "string" ? json.state : "active";
        const made = { id: ++ids, email_address: email, state, forms: [] };
        subscribers.set(email, made);
        return { status: 201, body: { subscriber: made } };
      }
      const form = /^\/v4\/forms\/(\d+)\/subscribers$/.exec(path)?.[1];
      if (form) {
        if (form !== kitFormId) return errors(404, "Not Found");
        const subscriber = subscribers.get(email);
        if (!subscriber) return errors(404, "Not Found");
        if (!subscriber.forms.includes(form)) subscriber.forms.push(form);
        return { status: 201, body: { subscriber } };
      }
      if (path === "/v4/broadcasts") {
        const missing = ["subject", "content"].filter(
          (k) => typeof json[k] !== "string" || !json[k],
        );
        if (missing.length > 0) return errors(422, ...missing.map((k) => `${k} can't be blank`));
        const broadcast = {
          id: ++ids,
          subject: String(json.subject),
          content: String(json.content),
          send_at: typeof json.send_at === "string" ? json.send_at : null,
        };
        broadcasts.push(broadcast);
        return { status: 201, body: { broadcast } };
      }
      return errors(404, "Not Found");
    },
    (status) => ({ errors: [`Service Unavailable (${status})`] }),
  );
  return { ...standIn, subscribers, broadcasts };
}

/** A legacy Kit webhook's body for a subscriber in `state` ("cancelled", "bounced"). */
export const kitLegacyWebhook = (email: string, state: string) => ({
  subscriber: {
    id: 1,
    first_name: null,
    email_address: email,
    state,
    created_at: "2026-01-01T00:00:00.000Z",
    fields: {},
  },
});
