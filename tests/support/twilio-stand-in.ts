// Twilio's Messages API as far as the site uses it, written from twilio.com/docs: POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth with the account SID and
// auth token (401, code 20003), form-encoded To (E.164, else 400 code 21211), Body and
// MessagingServiceSid; a number that replied STOP gets 400 code 21610; success is 201 with the
// message's sid. Errors are { code, message, more_info, status }. Also the other direction:
// an incoming message signed as Twilio signs it (X-Twilio-Signature, computed here with
// node:crypto from the docs, independently of the server's Web Crypto code).
import { createHmac } from "node:crypto";
import { type StandIn, startStandIn } from "./stand-in.ts";

export const twilioAccountSid = `AC${"0123456789abcdef".repeat(2)}`;
export const twilioAuthToken = "twilio-test-auth-token";
export const twilioMessagingServiceSid = `MG${"fedcba9876543210".repeat(2)}`;

export interface TwilioMessage {
  sid: string;
  to: string;
  body: string;
}

export interface TwilioStandIn extends StandIn {
  messages: TwilioMessage[];
  /** Numbers Twilio itself holds as opted out (replied STOP), E.164. */
  optedOut: Set<string>;
}

const error = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const messages: TwilioMessage[] = [];
  const optedOut = new Set<string>();
  const expectedAuth = `Basic ${Buffer.from(`${twilioAccountSid}:${twilioAuthToken}`).toString("base64")}`;
  const standIn = await startStandIn(
    ({ method, path, headers, body }) => {
      if (method !== "POST" || path !== `/2010-04-01/Accounts/${twilioAccountSid}/Messages.json`) {
        return error(404, 20404, "The requested resource was not found");
      }
      if (headers.authorization !== expectedAuth) return error(401, 20003, "Authenticate");
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
      const message = {
        sid: `SM${String(messages.length + 1).padStart(32, "0")}`,
        to,
        body: form.get("Body") ?? "",
      };
      messages.push(message);
      return { status: 201, body: { ...message, status: "accepted" } };
    },
    (status) => ({ code: 20500, message: "Internal Server Error", status }),
  );
  return { ...standIn, messages, optedOut };
}

/** X-Twilio-Signature: base64 HMAC-SHA1 of the URL and the sorted parameters' names and values. */
export function signTwilio(url: string, params: Record<string, string>, token = twilioAuthToken) {
  const text = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac("sha1", token).update(text, "utf8").digest("base64");
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
