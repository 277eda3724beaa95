// The newsletter signup's logic, apart from React: build the spec's JSON payload, POST it,
// and say what happened as a value the component renders.

import { honeypotField } from "../../rink/forms/form-ids.ts";
import {
  type NewsletterPayload,
  newsletterFields,
  newsletterMessages,
  notProvided,
  phoneDigits,
} from "../../rink/forms/newsletter.ts";
import { phoneDigitsOf, textsReach } from "../../rink/forms/phone.ts";
import { validationMessages } from "../../rink/forms/validate.ts";

declare global {
  interface Window {
    /** Google Analytics' gtag, present only when the owner adds the tag to the page. */
    gtag?: (command: "event", action: string, params: Record<string, string>) => void;
  }
}

export interface NewsletterInput {
  email: string;
  /** As shown in the input: "(260) 555-0142". */
  phone: string;
  /** Formspree's honeypot; people leave it empty. */
  gotcha?: string;
}

export type NewsletterStatus =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success"; message: string; payload: NewsletterPayload }
  | { kind: "error"; reason: "missing" | "phone" | "failed"; message: string };

export type NewsletterResult = Extract<NewsletterStatus, { kind: "success" | "error" }>;

/** Neither an email nor a phone: shown at once, nothing is sent. A new object each time, so
 * a repeated submit counts as a new status and restarts the five seconds. */
export const missingContact = (): NewsletterResult => ({
  kind: "error",
  reason: "missing",
  message: newsletterMessages.missing,
});

/** What the form says of a number short of 10 digits: "Phone should be a 10-digit phone number." */
export const shortPhoneMessage = `${newsletterFields.phone.label} ${validationMessages.phone}.`;

/** What the form says of a number text alerts never go to: "Phone has an area code ...". */
export const unreachablePhoneMessage = `${newsletterFields.phone.label} ${validationMessages.textArea}.`;

/**
 * A phone started but short of 10 digits, or one whose area code no setting opens (Jamaica's
 * 876): the inbox would refuse it, so the form says so before sending (the input itself keeps
 * no minimum while typing, as the spec says). Canada's are sent: only the inbox knows whether
 * it takes them (without JavaScript its page says so in these words; here a refusal is the
 * spec's failure message, since an answer's body is not read).
 */
export function shortPhone(phone: string): NewsletterResult | null {
  const digits = phoneDigitsOf(phone);
  if (digits.length === 0) return null;
  if (digits.length !== phoneDigits) {
    return { kind: "error", reason: "phone", message: shortPhoneMessage };
  }
  if (textsReach(digits, true)) return null;
  return { kind: "error", reason: "phone", message: unreachablePhoneMessage };
}

/** The JSON body (spec section 3), or null when neither an email nor a phone was given. */
export function newsletterPayload(
  input: NewsletterInput,
  now: Date = new Date(),
): NewsletterPayload | null {
  const email = input.email.trim();
  const phone = input.phone.trim();
  if (!email && !phone) return null;
  return {
    email: email || notProvided,
    phone: phone || notProvided,
    signup_types: { hasEmail: Boolean(email), hasSMS: Boolean(phone) },
    type: "newsletter_signup",
    timestamp: now.toISOString(),
  };
}

/**
 * POSTs the payload as JSON. Success is judged by the status alone (spec section 7): the
 * body is never read, and a network failure counts as a failed signup.
 */
export async function sendNewsletter(
  url: string,
  payload: NewsletterPayload,
  gotcha = "",
  fetchImpl: typeof fetch = fetch,
): Promise<NewsletterResult> {
  const failed: NewsletterResult = {
    kind: "error",
    reason: "failed",
    message: newsletterMessages.failed,
  };
  // Only a bot fills the honeypot; people's payloads carry exactly the spec's fields.
  const body = gotcha ? { ...payload, [honeypotField]: gotcha } : payload;
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) return failed;
    return { kind: "success", message: newsletterMessages.success, payload };
  } catch {
    return failed;
  }
}

/** The analytics label the rink's reports already use: "email", "_sms" or "email_sms". */
export function signupLabel(types: NewsletterPayload["signup_types"]): string {
  return `${types.hasEmail ? "email" : ""}${types.hasSMS ? "_sms" : ""}`;
}

/**
 * The spec's signup event: to the site's own count (app/browser/beacon.ts, issue 45), and to
 * Google Analytics when the page has gtag.
 */
export function trackNewsletterSignup(
  types: NewsletterPayload["signup_types"],
  gtag: Window["gtag"] = typeof window === "undefined" ? undefined : window.gtag,
): void {
  if (typeof window !== "undefined") {
    window.rinkAction?.({ action: "newsletter_signup", label: signupLabel(types) });
  }
  gtag?.("event", "newsletter_signup", {
    event_category: "engagement",
    event_label: signupLabel(types),
  });
}
