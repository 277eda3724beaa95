// The services that send to the newsletter's people: a newsletter service for the email list
// (kit.ts) and a text service for the text list (twilio.ts). Another service implements the
// same small interface; the outbox (outbox.ts) neither knows nor cares which one it calls.
// Plain fetch, so the same code runs under Node and on Workers.

/** What became of one call: done, or not done and whether trying again later may help. */
export type CallResult =
  | {
      ok: true /** The service's name for what it made (a broadcast id, a message SID). */;
      ref?: string;
    }
  | {
      ok: false;
      /** Unavailable (an outage, a rate limit): try later. False: refused, or unknown. */
      retry: boolean;
      /** In words, for the owner: the service's own message where it gave one. */
      reason: string;
      /** The service says this person opted out (a text to a number that replied STOP). */
      optedOut?: boolean;
      /** What the service made all the same (a broadcast kept as a draft, or not yet checked). */
      ref?: string;
    };

export type Refused = Extract<CallResult, { ok: false }>;

export interface EmailListService {
  /** "Kit": how the owner's report names it. */
  name: string;
  /**
   * Adds a signup to the list, with the service's double opt-in (the person confirms from the
   * service's own email). Must be idempotent: the outbox repeats it after an outage.
   */
  subscribe(email: string): Promise<CallResult>;
  /**
   * One email to everyone on the list (the service leaves out who unsubscribed or bounced),
   * made once: `key` (the update's id) is written into it, so that a later try (`again`) finds
   * one an unanswered try made instead of making a second; `ref`, what an earlier try made,
   * is only checked. Done only once the service says it is sending (a draft is not sent).
   */
  broadcast(message: {
    subject: string;
    text: string;
    key: string;
    ref?: string;
    again?: boolean;
  }): Promise<CallResult>;
}

export interface TextListService {
  /** "Twilio". */
  name: string;
  /** One text to one number (E.164, "+13175550100"). */
  send(to: string, body: string): Promise<CallResult>;
}

export interface ListServices {
  email?: EmailListService;
  text?: TextListService;
}

export type ListId = "email" | "text";

/** The words a report gives for a list whose service is not set up. */
export const notSetUp: Record<ListId, string> = {
  email: "The email service is not set up",
  text: "The text service is not set up",
};

/** How long one call may take before it counts as unanswered. */
export const callTimeoutMs = 15_000;

export interface CallOptions {
  /** The service's name, for the reasons in words. */
  service: string;
  /**
   * Whether the call may be repeated without effect (adding a subscriber): then a call that
   * timed out is retried. A message or broadcast that timed out may have gone out, so it is
   * not sent again (at most once, never twice).
   */
  idempotent: boolean;
  /** The refusal's words from the service's error body. */
  reasonOf(body: unknown, status: number): string;
  fetch?: typeof fetch;
}

/**
 * One HTTP call, its outcome sorted: 2xx done; 429, 408 and 5xx unavailable (retry later);
 * any other status refused, with the service's words. A network failure before an answer is
 * unavailable; a timeout is unavailable only for an idempotent call.
 */
export async function callService(
  url: string,
  init: RequestInit,
  { service, idempotent, reasonOf, fetch: fetchImpl = fetch }: CallOptions,
): Promise<{ ok: true; body: unknown } | (Refused & { body?: unknown })> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(callTimeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    if (timedOut && !idempotent) {
      return {
        ok: false,
        retry: false,
        reason: `${service} did not answer in time; not sent again, in case it went out`,
      };
    }
    const why = timedOut ? "did not answer in time" : "could not be reached";
    return { ok: false, retry: true, reason: `${service} ${why}` };
  }
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (res.ok) return { ok: true, body };
  const unavailable = res.status === 429 || res.status === 408 || res.status >= 500;
  const reason = `${service} ${unavailable ? "is unavailable" : "refused it"} (${res.status}): ${reasonOf(body, res.status)}`;
  return { ok: false, retry: unavailable, reason: reason.slice(0, 500), body };
}

/** The first string among `keys` of a JSON object, else the status's own words. */
export function messageIn(body: unknown, keys: readonly string[], status: number): string {
  if (body && typeof body === "object") {
    for (const key of keys) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === "string" && value) return value;
      if (Array.isArray(value) && value.length > 0) return value.map(String).join("; ");
    }
  }
  if (typeof body === "string" && body.trim()) return body.trim().slice(0, 200);
  return `HTTP ${status}`;
}
