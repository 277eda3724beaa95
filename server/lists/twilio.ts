// Twilio, the text list's first service: one message per number through the Messages API
// (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, MessagingServiceSid
// and Body, HTTP basic auth with the account SID and auth token). Replies come back to the
// Messaging Service's incoming-message webhook (hooks.ts), signed with X-Twilio-Signature:
// base64 HMAC-SHA1, keyed by the auth token, of the webhook's full URL followed by every POST
// parameter, sorted by name, as name then value (twilio.com/docs/usage/webhooks/webhooks-security).
// Sending may use an API key (TWILIO_API_KEY_SID and _SECRET, basic auth with the key, as
// Twilio advises) instead of the auth token, which is kept for checking the webhooks. Each text
// asks for a signed status callback (StatusCallback, /hooks/twilio/status), so the owner sees
// what the carriers did with it. Twilio's error messages quote the phone number: the reasons
// kept and logged are the error's code and our own words for it, never Twilio's text.
import { type CallResult, callService, type TextListService } from "./service.ts";

export const defaultTwilioApiUrl = "https://api.twilio.com";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The Messaging Service the texts go out through (its senders, its opt-out handling). */
  messagingServiceSid: string;
  /** Twilio's API, or a stand-in's (tests). */
  apiUrl: string;
  /** An API key (SK...) and its secret for sending; unset: the account SID and auth token. */
  apiKey?: { sid: string; secret: string };
  /** Where Twilio posts each text's status (SITE_URL + /hooks/twilio/status). */
  statusCallbackUrl?: string;
}

/** The path of the status callbacks (hooks.ts), under /hooks. */
export const statusCallbackPath = "/hooks/twilio/status";

/** Twilio's error codes the owner is likely to meet, in words (twilio.com/docs/api/errors). */
const errorWords: Record<number, string> = {
  20003: "the site's Twilio credentials were refused (the API key or auth token)",
  21211: "not a valid phone number",
  21408: "texts to this region are not enabled in Twilio",
  21610: "the number opted out (replied STOP)",
  21614: "not a mobile number",
  30003: "the phone is unreachable (off or out of service)",
  30004: "the number blocks texts from this sender",
  30005: "the number is unknown or no longer exists",
  30006: "the number is a landline",
  30007: "filtered by the carrier as spam",
  30008: "an unknown error at the carrier",
  30032: "the sender's toll-free number is not verified yet",
  30034: "the sender is not registered with carriers yet",
};

/** An error of Twilio's in words, by its code ("the number is a landline (30006)"). */
export function twilioErrorWords(code: number | string | null | undefined): string {
  const n = Number(code);
  if (code == null || code === "" || !Number.isInteger(n)) return "no error code given";
  const words = errorWords[n];
  return words ? `${words} (error ${n})` : `Twilio error ${n}`;
}

/** The code of Twilio's error body ({ code, message, more_info, status }); never its message. */
function errorCodeOf(body: unknown): number | undefined {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  const n = Number(code);
  return code != null && Number.isInteger(n) ? n : undefined;
}

/** Twilio's error for a number that replied STOP: the text is refused, and the person is out. */
export const unsubscribedRecipientCode = 21610;

export function twilioService(
  settings: TwilioSettings,
  fetchImpl: typeof fetch = fetch,
): TextListService {
  const base = settings.apiUrl.replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const [user, password] = settings.apiKey
    ? [settings.apiKey.sid, settings.apiKey.secret]
    : [settings.accountSid, settings.authToken];
  const authorization = `Basic ${btoa(`${user}:${password}`)}`;
  return {
    name: "Twilio",
    async send(to, body): Promise<CallResult> {
      const result = await callService(
        url,
        {
          method: "POST",
          headers: {
            Authorization: authorization,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: new URLSearchParams({
            To: to,
            MessagingServiceSid: settings.messagingServiceSid,
            Body: body,
            ...(settings.statusCallbackUrl ? { StatusCallback: settings.statusCallbackUrl } : {}),
          }).toString(),
        },
        {
          service: "Twilio",
          // The Messages API takes no idempotency key: a text that timed out is not resent.
          idempotent: false,
          // By code only: Twilio's message quotes the number ("The 'To' number +1317...").
          reasonOf: (b, status) => {
            const code = errorCodeOf(b);
            return code === undefined ? `HTTP ${status}` : twilioErrorWords(code);
          },
          fetch: fetchImpl,
        },
      );
      if (!result.ok) {
        // Twilio's error body: { code, message, more_info, status }.
        const { body: error, ...refused } = result;
        const code = errorCodeOf(error);
        return code === unsubscribedRecipientCode ? { ...refused, optedOut: true } : refused;
      }
      const sid = (result.body as { sid?: unknown } | null)?.sid;
      return { ok: true, ...(typeof sid === "string" ? { ref: sid } : {}) };
    },
  };
}

/** The string Twilio signs: the URL, then each parameter's name and value, sorted by name. */
export function twilioSignedText(url: string, params: readonly (readonly [string, string])[]) {
  const sorted = [...params].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  );
  return url + sorted.map(([name, value]) => name + value).join("");
}

const hmacSha1 = (authToken: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(authToken),
    { name: "HMAC", hash: "SHA-1" },
    false,
    [usage],
  );

/** X-Twilio-Signature for a request (what Twilio sends; the tests sign with it too). */
export async function twilioSignature(
  authToken: string,
  url: string,
  params: readonly (readonly [string, string])[],
): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacSha1(authToken, "sign"),
    new TextEncoder().encode(twilioSignedText(url, params)),
  );
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

/** Whether `signature` is Twilio's for this URL and these parameters; compared in constant time. */
export async function verifyTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: readonly (readonly [string, string])[],
): Promise<boolean> {
  if (!signature || signature.length > 100) return false;
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  const text = new TextEncoder().encode(twilioSignedText(url, params));
  return crypto.subtle.verify("HMAC", await hmacSha1(authToken, "verify"), mac, text);
}

/** The words that take a number off the text list (Twilio's, and the FCC's "revoke", "opt out"). */
export const stopWords = [
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPT OUT",
  "OPTOUT",
] as const;
/** The words that put it (back) on: YES answers the confirmation request. */
export const startWords = ["START", "UNSTOP", "YES"] as const;
export const helpWords = ["HELP", "INFO"] as const;

/** A reply as a keyword: upper case, punctuation and spacing around and between words dropped. */
export const replyWord = (body: string) =>
  body
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

export interface ReplyKeyword {
  keyword: "stop" | "start" | "help";
  /** The word as the person sent it, upper case ("OPT OUT", "YES"). */
  word: string;
}

/**
 * What a reply asks for. With Advanced Opt-Out on the Messaging Service, Twilio says it in
 * OptOutType (STOP, START, HELP); otherwise, and for the words Twilio does not know ("REVOKE",
 * "OPT OUT"), the reply's whole text, in any case and with any punctuation around it. Anything
 * else is a message for the owner (null).
 */
export function replyKeyword(params: URLSearchParams): ReplyKeyword | null {
  const word = replyWord(params.get("Body") ?? "");
  const type = (params.get("OptOutType") ?? "").trim().toUpperCase();
  if (type === "STOP" || type === "START" || type === "HELP") {
    return { keyword: type.toLowerCase() as ReplyKeyword["keyword"], word: word || type };
  }
  if ((stopWords as readonly string[]).includes(word)) return { keyword: "stop", word };
  if ((startWords as readonly string[]).includes(word)) return { keyword: "start", word };
  if ((helpWords as readonly string[]).includes(word)) return { keyword: "help", word };
  return null;
}
