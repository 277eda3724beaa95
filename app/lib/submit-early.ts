// The forms' early scripts as the pages write them in (app/browser/early-forms.ts), with the
// forms' own words and limits, so what shows before hydration is what React shows.

import { contactMessages } from "../../rink/forms/contact.ts";
import { newsletterMessages, phoneDigits, statusTimeoutMs } from "../../rink/forms/newsletter.ts";
import {
  type EarlyFormsConfig,
  earlyContactScript,
  earlyNewsletterCode,
} from "../browser/early-forms.ts";
import { shortPhoneMessage } from "./submit-newsletter.ts";

/**
 * How long a tapped form waits for its island before the browser posts it the no-JavaScript
 * way: on Lighthouse's slow phone the island hydrates within about a second of the form
 * coming on screen (decision 015), so ten seconds means the script is not coming.
 */
export const fallbackMs = 10_000;

export const earlyFormsConfig: EarlyFormsConfig = {
  subscribing: newsletterMessages.subscribing,
  missing: newsletterMessages.missing,
  shortPhone: shortPhoneMessage,
  messageMs: statusTimeoutMs,
  fallbackMs,
  phoneDigits,
};

/** Home's inline script, with the newsletter's words. */
export const earlyNewsletterScript = (config: EarlyFormsConfig = earlyFormsConfig) =>
  earlyNewsletterCode(config);

/** Contact's inline script. */
export const earlyContact = () => earlyContactScript(contactMessages.sending, fallbackMs);
