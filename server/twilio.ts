// Twilio, the text list's first service: one message per number through the Messages API
// (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, MessagingServiceSid
// and Body, HTTP basic auth with the account SID and auth token). Replies come back to the
// Messaging Service's incoming-message webhook (list-hooks.ts), signed with X-Twilio-Signature:
// base64 HMAC-SHA1, keyed by the auth token, of the webhook's full URL followed by every POST
// parameter, sorted by name, as name then value (twilio.com/docs/usage/webhooks/webhooks-security).
import { type CallResult, callService, messageIn, type TextListService } from "./list-service.ts";

export const defaultTwilioApiUrl = "https://api.twilio.com";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The Messaging Service the texts go out through (its senders, its opt-out handling). */
  messagingServiceSid: string;
  /** Twilio's API, or a stand-in's (tests). */
  apiUrl: string;
}

/** Twilio's error for a number that replied STOP: the text is refused, and the person is out. */
export const unsubscribedRecipientCode = 21610;

export function twilioService(
  settings: TwilioSettings,
  fetchImpl: typeof fetch = fetch,
): TextListService {
  const base = settings.apiUrl.replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${btoa(`${settings.accountSid}:${settings.authToken}`)}`;
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
          }).toString(),
        },
        {
          service: "Twilio",
          // The Messages API takes no idempotency key: a text that timed out is not resent.
          idempotent: false,
          reasonOf: (b, status) => messageIn(b, ["message", "detail"], status),
          fetch: fetchImpl,
        },
      );
      if (!result.ok) {
        // Twilio's error body: { code, message, more_info, status }.
        const { body: error, ...refused } = result;
        const code = (error as { code?: unknown } | null | undefined)?.code;
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

/**
 * What a reply asks for. With Advanced Opt-Out on the Messaging Service, Twilio says it in
 * OptOutType (STOP, START, HELP); without, the reply's whole text is matched against Twilio's
 * default keywords, as Twilio itself does for a long code.
 */
export function replyKeyword(params: URLSearchParams): "stop" | "start" | "help" | null {
  const type = (params.get("OptOutType") ?? "").trim().toUpperCase();
  if (type === "STOP" || type === "START" || type === "HELP") {
    return type.toLowerCase() as "stop" | "start" | "help";
  }
  const word = (params.get("Body") ?? "").trim().toUpperCase();
  if (
    ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"].includes(word)
  ) {
    return "stop";
  }
  if (["START", "YES", "UNSTOP"].includes(word)) return "start";
  if (["HELP", "INFO"].includes(word)) return "help";
  return null;
}
