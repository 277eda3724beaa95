// The Worker's bindings (wrangler.jsonc), typed by the little of each API the inbox uses:
// the full @cloudflare/workers-types would clash with Node's globals in one tsconfig. Its vars
// and secrets are read through the settings both hosts share (server/settings.ts).

export interface D1Result<T> {
  results: T[];
}

export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  all<T = Record<string, unknown>>(): Promise<D1Result<T>>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  run(): Promise<{ meta: { changes: number } }>;
}

export interface D1Database {
  prepare(query: string): D1PreparedStatement;
  /** Runs the statements in one transaction: all of them, or none. */
  batch<T = Record<string, unknown>>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}

/** Email Service's message builder, accepted by the send_email binding. */
export interface EmailBuilder {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface SendEmail {
  send(message: EmailBuilder): Promise<unknown>;
}

export interface RateLimit {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export interface Fetcher {
  fetch(request: Request): Promise<Response>;
}

/** A Cloudflare Queue's producer: a message for the Worker's own consumer (worker.ts queue()). */
export interface Queue {
  send(body: unknown): Promise<void>;
}

export interface EdgeBindings {
  /** The inbox: the same tables as Node's SQLite file (server/migrations). */
  DB: D1Database;
  /** Limited to the owner's address(es) in wrangler.jsonc. */
  NOTIFY_EMAIL?: SendEmail;
  /** The Node server's default a minute per key (wrangler.jsonc; worker-settings.test.ts). */
  FORM_LIMIT?: RateLimit;
  /** The pages' beacons a minute per client (wrangler.jsonc; insights/route.ts). */
  INSIGHTS_LIMIT?: RateLimit;
  /**
   * The outbox's next pass, chained (wrangler.jsonc "queues"): each message is an invocation of
   * its own, within its own 10 ms. Without it, what a pass leaves waits for the next Cron.
   */
  OUTBOX_PASSES?: Queue;
  /** The built site (build/client). */
  ASSETS: Fetcher;
  /** The owner's address(es), comma-separated; no email without it. */
  NOTIFY_TO?: string;
  /** The sender, an address on a domain onboarded to Cloudflare's email sending. */
  NOTIFY_FROM?: string;
  /** Origins besides the site's own whose pages may post here, comma-separated. */
  SITE_ORIGINS?: string;
  /** Who may sign in to /inbox/, comma-separated; NOTIFY_TO's addresses when unset. */
  OWNER_EMAILS?: string;
  /** The public address, for the emailed sign-in link (https://skateland.example.com). */
  SITE_URL?: string;
  /** Submissions stored per form in a rolling 24 hours, spam included ("500"); "0": off. */
  DAILY_LIMIT_PER_FORM?: string;
  /** The owner's emails one by one an hour ("20"), then one digest an hour; "0": no bound. */
  NOTIFY_MAX_PER_HOUR?: string;
  /** A secret: the key of the deletions record (owner/deletions.ts); none kept without it. */
  DELETION_KEY?: string;
  /** The list services (server/lists/settings.ts): "kit" for the email list. */
  NEWSLETTER_SERVICE?: string;
  /** Secrets: Kit's API key, and the secret in its webhook URL (/hooks/kit/<secret>). */
  KIT_API_KEY?: string;
  KIT_WEBHOOK_SECRET?: string;
  /** A Kit webhook endpoint's signing secret (X-Kit-Signature); optional. */
  KIT_WEBHOOK_SIGNING_SECRET?: string;
  KIT_FORM_ID?: string;
  /** Kit's API by default; a stand-in's in the tests. */
  KIT_API_URL?: string;
  /** "twilio" for the text list. */
  SMS_SERVICE?: string;
  TWILIO_ACCOUNT_SID?: string;
  /** A secret. */
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_MESSAGING_SERVICE_SID?: string;
  TWILIO_API_URL?: string;
  /** An API key for sending (SK...), with its secret (a secret); unset: the auth token. */
  TWILIO_API_KEY_SID?: string;
  TWILIO_API_KEY_SECRET?: string;
  /** Quiet hours: texts go only inside "09:00-20:00" (the default) on the rink's clock. */
  SMS_SEND_HOURS?: string;
  /** Confirmation requests ("Reply YES ...") at most this many in 24 hours; "100" by default. */
  SMS_CONFIRMATIONS_PER_DAY?: string;
  /** Text alerts to Canadian numbers too: "yes"; "no" (the default): the US's only. */
  SMS_TO_CANADA?: string;
  /** How every text names the sender. */
  RINK_NAME?: string;
  /** The outbox's first retry after this many seconds ("60"), doubling to an hour. */
  OUTBOX_RETRY_SECONDS?: string;
  /** A secret: the code that opens the first run at /setup while no owner exists. */
  SETUP_CODE?: string;
}
