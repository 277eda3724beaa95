// Twilio's Messages API as far as the site uses it, written from twilio.com/docs: POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth with the account SID and
// auth token, or with an API key's SID and secret (401, code 20003), form-encoded To (E.164,
// else 400 code 21211, whose message quotes the number, as Twilio's does), Body and
// MessagingServiceSid; a number that replied STOP gets 400 code 21610; success is 201 with the
// message's sid. Errors are { code, message, more_info, status }. With a StatusCallback, the
// message's statuses are posted to it as Twilio does ("sent", then "delivered", or
// "undelivered" with an ErrorCode such as 30006 for a landline), form-encoded with MessageSid,
// MessageStatus, ErrorCode and the rest, signed with X-Twilio-Signature for the callback's URL.
//
// Every signature here, the callbacks' and the tests' incoming messages' (signTwilio), is
// computed by Twilio's own Node library (the `twilio` package), so the server's check is
// proven against Twilio's implementation rather than our reading of the docs.
import twilio from "twilio";
import { type StandIn, startStandIn } from "./stand-in.ts";

export const twilioAccountSid = `AC${"0123456789abcdef".repeat(2)}`;
export const twilioAuthToken = "twilio-test-auth-token";
export const twilioMessagingServiceSid = `MG${"fedcba9876543210".repeat(2)}`;
/** An API key for sending (TWILIO_API_KEY_SID / _SECRET), as Twilio advises over the token. */
export const twilioApiKeySid = `SK${"00112233445566778899aabbccddeeff"}`;
export const twilioApiKeySecret = "twilio-test-api-key-secret";

export interface TwilioMessage {
  sid: string;
  to: string;
  body: string;
  /** The StatusCallback it asked for, if any. */
  statusCallback?: string;
}

/** What the carrier makes of a text to a number: delivered, or undelivered with a code. */
export type Outcome = { status: "delivered" } | { status: "undelivered" | "failed"; code: number };

export interface TwilioStandIn extends StandIn {
  messages: TwilioMessage[];
  /** Numbers Twilio itself holds as opted out (replied STOP), E.164. */
  optedOut: Set<string>;
  /** Per number (E.164), what the carrier does with a text; delivered when not set. */
  outcomes: Map<string, Outcome>;
  /**
   * Where the status callbacks really go: the site's origin on this machine, standing for the
   * public one in StatusCallback (SITE_URL behind a proxy); the signature stays the URL's own.
   * Unset: no callbacks are posted.
   */
  deliverTo(origin: string | undefined): void;
  /** The callbacks posted so far, with the site's answer's status. */
  callbacks: { url: string; params: Record<string, string>; status: number }[];
  /** Resolves once every callback posted so far has been answered. */
  settled(): Promise<void>;
}

const error = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const messages: TwilioMessage[] = [];
  const optedOut = new Set<string>();
  const outcomes = new Map<string, Outcome>();
  const callbacks: TwilioStandIn["callbacks"] = [];
  const inFlight = new Set<Promise<void>>();
  // Every SID unique for the stand-in's life, as Twilio's are, even after a test empties
  // `messages`: a SID given twice would put one text's status on another's row.
  let made = 0;
  let origin: string | undefined;
  const accepted = new Set([
    basic(twilioAccountSid, twilioAuthToken),
    basic(twilioApiKeySid, twilioApiKeySecret),
  ]);

  /** Posts one status of a message to its StatusCallback, signed as Twilio signs it. */
  async function post(message: TwilioMessage, status: string, code?: number) {
    if (!message.statusCallback || !origin) return;
    const url = message.statusCallback;
    const params: Record<string, string> = {
      AccountSid: twilioAccountSid,
      ApiVersion: "2010-04-01",
      From: "+13175550000",
      MessageSid: message.sid,
      MessageStatus: status,
      MessagingServiceSid: twilioMessagingServiceSid,
      SmsSid: message.sid,
      SmsStatus: status,
      To: message.to,
      ...(code !== undefined ? { ErrorCode: String(code) } : {}),
    };
    const target = new URL(url);
    const res = await fetch(`${origin}${target.pathname}${target.search}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": signTwilio(url, params),
      },
      body: new URLSearchParams(params).toString(),
    }).catch(() => undefined);
    callbacks.push({ url, params, status: res?.status ?? 0 });
    await res?.body?.cancel();
  }

  /** "sent", then the carrier's final word, in order, after the 201 has gone. */
  function report(message: TwilioMessage) {
    const outcome = outcomes.get(message.to) ?? { status: "delivered" };
    const task = (async () => {
      await new Promise((r) => setTimeout(r, 20));
      await post(message, "sent");
      await post(message, outcome.status, "code" in outcome ? outcome.code : undefined);
    })();
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  }

  const standIn = await startStandIn(
    ({ method, path, headers, body }) => {
      if (method !== "POST" || path !== `/2010-04-01/Accounts/${twilioAccountSid}/Messages.json`) {
        return error(404, 20404, "The requested resource was not found");
      }
      if (!accepted.has(headers.authorization ?? "")) return error(401, 20003, "Authenticate");
      const form = new URLSearchParams(body);
      const to = form.get("To") ?? "";
      if (form.get("MessagingServiceSid") !== twilioMessagingServiceSid) {
        return error(400, 21701, "The Messaging Service Sid is invalid.");
      }
      if (!/^\+[1-9]\d{7,14}$/.test(to)) {
        return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      }
      if (!form.get("Body")) return error(400, 21602, "Message body is required.");
      if (optedOut.has(to)) return error(400, 21610, "Attempt to send to unsubscribed recipient");
      const statusCallback = form.get("StatusCallback") ?? undefined;
      const message: TwilioMessage = {
        sid: `SM${String(++made).padStart(32, "0")}`,
        to,
        body: form.get("Body") ?? "",
        ...(statusCallback ? { statusCallback } : {}),
      };
      messages.push(message);
      report(message);
      return { status: 201, body: { ...message, status: "accepted" } };
    },
    (status) => ({ code: 20500, message: "Internal Server Error", status }),
  );
  return {
    ...standIn,
    messages,
    optedOut,
    outcomes,
    callbacks,
    deliverTo(to) {
      origin = to?.replace(/\/+$/, "");
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/**
 * X-Twilio-Signature for a webhook Twilio sends to `url` with these parameters, by Twilio's
 * own library (twilio.getExpectedTwilioSignature).
 */
export function signTwilio(url: string, params: Record<string, string>, token = twilioAuthToken) {
  return twilio.getExpectedTwilioSignature(token, url, params);
}

/** Whether Twilio's own library accepts `signature` for this URL and parameters. */
export function twilioAccepts(
  url: string,
  params: Record<string, string>,
  signature: string,
  token = twilioAuthToken,
) {
  return twilio.validateRequest(token, signature, url, params);
}

/** An incoming message's parameters, as Twilio posts them to the webhook. */
export const incomingMessage = (from: string, body: string, optOutType?: string) => ({
  ToCountry: "US",
  SmsMessageSid: "SM11111111111111111111111111111111",
  NumMedia: "0",
  MessageSid: "SM11111111111111111111111111111111",
  AccountSid: twilioAccountSid,
  MessagingServiceSid: twilioMessagingServiceSid,
  From: from,
  To: "+13175550000",
  Body: body,
  NumSegments: "1",
  ApiVersion: "2010-04-01",
  ...(optOutType ? { OptOutType: optOutType } : {}),
});
