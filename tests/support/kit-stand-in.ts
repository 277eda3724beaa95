// Kit's API v4 as far as the site uses it, written from developers.kit.com's reference:
// X-Kit-Api-Key on every call (401 without the right one); POST /v4/subscribers, an upsert by
// email_address; POST /v4/forms/{id}/subscribers, which adds an existing subscriber to a form
// (404 for another form or an unknown subscriber); POST /v4/broadcasts, where a send_at
// schedules it and a null one saves a draft (subject and content required, else 422);
// GET /v4/broadcasts/{id} (the broadcast object: send_at, public, published_at, description
// ...); GET /v4/broadcasts, newest first, cursor-paginated (per_page, default 500, at most
// 1000; `after` the previous page's end_cursor; pagination.has_next_page); GET
// /v4/broadcasts/{id}/stats (stats.status "draft" for a draft, the one status the reference
// shows). Errors are { "errors": [...] }, but a rate limit's 429 is plain text, without
// Retry-After.
import { type StandIn, startStandIn } from "./stand-in.ts";

export const kitApiKey = "kit-test-key";
export const kitFormId = "4242";

export interface KitSubscriber {
  id: number;
  email_address: string;
  state: string;
  forms: string[];
}

export interface KitBroadcast {
  id: number;
  publication_id: number;
  created_at: string;
  subject: string;
  preview_text: string | null;
  description: string | null;
  content: string;
  public: boolean;
  published_at: string | null;
  send_at: string | null;
  thumbnail_alt: null;
  thumbnail_url: null;
  public_url: string | null;
  email_address: string;
  email_template: { id: number; name: string };
  subscriber_filter: { all: { type: string }[] }[];
}

export interface KitStandIn extends StandIn {
  /** The account's subscribers by lower-case email. */
  subscribers: Map<string, KitSubscriber>;
  /** The broadcasts created, in order. */
  broadcasts: KitBroadcast[];
  /** Kit saves each broadcast made from now on as a draft (no send time), whatever it was asked. */
  keepDrafts: boolean;
  /** The next `count` broadcasts are made, but their answer is lost (a 502 instead). */
  loseNextCreates(count: number): void;
  /** The next `count` requests are rate-limited as Kit does: 429, plain text, no Retry-After. */
  rateLimitNext(count: number): void;
  /** The next `count` reads of one broadcast (GET /v4/broadcasts/{id}) meet an outage (503). */
  failNextReads(count: number): void;
}

const cursorOf = (id: number) => Buffer.from(JSON.stringify([id])).toString("base64");
const idOfCursor = (cursor: string) => {
  try {
    const [id] = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as unknown[];
    return typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
};

export async function startKitStandIn(): Promise<KitStandIn> {
  const subscribers = new Map<string, KitSubscriber>();
  const broadcasts: KitBroadcast[] = [];
  let ids = 0;
  let lostCreates = 0;
  let failedReads = 0;
  const errors = (status: number, ...messages: string[]) => ({
    status,
    body: { errors: messages },
  });
  const mode = { keepDrafts: false };

  function createBroadcast(json: Record<string, unknown>) {
    const missing = ["subject", "content"].filter((k) => typeof json[k] !== "string" || !json[k]);
    if (missing.length > 0) return errors(422, ...missing.map((k) => `${k} can't be blank`));
    const text = (k: string) => (typeof json[k] === "string" ? String(json[k]) : null);
    const id = ++ids;
    const broadcast: KitBroadcast = {
      id,
      publication_id: id,
      created_at: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      subject: String(json.subject),
      preview_text: text("preview_text"),
      description: text("description"),
      content: String(json.content),
      public: json.public === true,
      published_at:
        json.public === true ? (text("published_at") ?? new Date().toISOString()) : null,
      send_at: mode.keepDrafts ? null : text("send_at"),
      thumbnail_alt: null,
      thumbnail_url: null,
      public_url: null,
      email_address: "greetings@kit.example",
      email_template: { id: 2, name: "Classic" },
      subscriber_filter: [{ all: [{ type: "all_subscribers" }] }],
    };
    broadcasts.push(broadcast);
    if (lostCreates > 0) {
      lostCreates -= 1;
      return errors(502, "Bad Gateway");
    }
    return { status: 201, body: { broadcast } };
  }

  function listBroadcasts(query: URLSearchParams) {
    const perPage = Math.min(Number(query.get("per_page") ?? 500) || 500, 1000);
    const after = query.get("after");
    const afterId = after ? idOfCursor(after) : undefined;
    if (after && afterId === undefined) return errors(422, "Invalid cursor");
    const newestFirst = [...broadcasts].reverse();
    const from = afterId === undefined ? 0 : newestFirst.findIndex((b) => b.id < afterId);
    const page = from < 0 ? [] : newestFirst.slice(from, from + perPage);
    const first = page[0];
    const last = page.at(-1);
    return {
      status: 200,
      body: {
        broadcasts: page,
        pagination: {
          has_previous_page: from > 0,
          has_next_page: from >= 0 && from + perPage < newestFirst.length,
          start_cursor: first ? cursorOf(first.id) : null,
          end_cursor: last ? cursorOf(last.id) : null,
          per_page: perPage,
        },
      },
    };
  }

  const standIn = await startStandIn(
    ({ method, path: target, headers, body }) => {
      if (headers["x-kit-api-key"] !== kitApiKey) return errors(401, "The access token is invalid");
      const url = new URL(target, "http://kit.invalid");
      const path = url.pathname;
      if (method === "GET") {
        if (path === "/v4/broadcasts") return listBroadcasts(url.searchParams);
        const [, idText, stats] = /^\/v4\/broadcasts\/(\d+)(\/stats)?$/.exec(path) ?? [];
        const broadcast = broadcasts.find((b) => String(b.id) === idText);
        if (!idText) return errors(404, "Not Found");
        if (!stats && failedReads > 0) {
          failedReads -= 1;
          return errors(503, "Service Unavailable");
        }
        if (!broadcast) return errors(404, "Not Found");
        if (!stats) return { status: 200, body: { broadcast } };
        const draft = broadcast.send_at === null;
        return {
          status: 200,
          body: {
            broadcast: {
              id: broadcast.id,
              stats: {
                recipients: draft ? 0 : subscribers.size,
                open_rate: 0,
                emails_opened: 0,
                click_rate: 0,
                unsubscribe_rate: 0,
                unsubscribes: 0,
                total_clicks: 0,
                show_total_clicks: false,
                status: draft ? "draft" : "completed",
                progress: draft ? 0 : 100,
                open_tracking_disabled: false,
                click_tracking_disabled: false,
              },
            },
          },
        };
      }
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
      if (path === "/v4/broadcasts") return createBroadcast(json);
      return errors(404, "Not Found");
    },
    (status) => ({ errors: [`Service Unavailable (${status})`] }),
  );
  return {
    ...standIn,
    subscribers,
    broadcasts,
    get keepDrafts() {
      return mode.keepDrafts;
    },
    set keepDrafts(value: boolean) {
      mode.keepDrafts = value;
    },
    loseNextCreates(count) {
      lostCreates += count;
    },
    failNextReads(count) {
      failedReads += count;
    },
    rateLimitNext(count) {
      standIn.failNext(count, 429, "Rate limit exceeded. Please try again later.", "text/plain");
    },
  };
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
