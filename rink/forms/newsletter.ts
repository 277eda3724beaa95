// The newsletter and text-alert signup (spec sections 3, 4, 5 and 8).

export const newsletterFields = {
  email: { label: "Email", maxLength: 254, type: "email", autoComplete: "email" },
  phone: { label: "Phone", maxLength: 14, type: "tel", autoComplete: "tel" },
} as const;

/** The phone input keeps at most this many digits. */
export const phoneDigits = 10;
/** The literal the payload carries for an input left empty. */
export const notProvided = "Not provided";
/** How long a status message stays before the block returns to idle. */
export const statusTimeoutMs = 5000;

export const newsletterMessages = {
  subscribe: "Subscribe",
  subscribing: "Subscribing...",
  missing: "Please provide either an email or phone number.",
  failed: "Oops! Something went wrong. Please try again.",
  success: "Thank you for subscribing! We'll keep you updated on special events and deals.",
} as const;

/** The JSON body POSTed for a signup (spec section 3). */
export interface NewsletterPayload {
  email: string;
  phone: string;
  signup_types: { hasEmail: boolean; hasSMS: boolean };
  type: "newsletter_signup";
  timestamp: string;
}

/** How many texts a month the signup promises at most: the owner's updates keep to it. */
export const textsPerMonth = 4;

/**
 * What a US text-alert programme must tell people before they give a number: who sends,
 * what and how often, that carrier rates apply, and how to stop or get help.
 */
export function smsConsent(rinkName: string): string {
  return `By adding your number you agree to receive text alerts from ${rinkName} about events, theme nights, deals and closures, up to ${textsPerMonth} messages a month. We text you once to confirm: reply YES to join. Msg & data rates may apply. Reply STOP to cancel, HELP for help.`;
}
