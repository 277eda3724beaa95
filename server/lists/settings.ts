// The list services as set up: their settings are read by both hosts from one schema
// (server/settings.ts: NEWSLETTER_SERVICE=kit with KIT_API_KEY, KIT_FORM_ID and SITE_URL;
// SMS_SERVICE=twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_MESSAGING_SERVICE_SID,
// RINK_NAME and SITE_URL). The *_API_URL settings point the calls at a stand-in (tests) and
// default to the services' own.

import { textsPerMonth } from "../../rink/forms/newsletter.ts";
import type { ListHooksDeps } from "./hooks.ts";
import { type KitSettings, kitService } from "./kit.ts";
import { defaultConfirmationsPerDay, type TextRules } from "./outbox.ts";
import type { OutboxStore } from "./outbox-store.ts";
import { defaultSendHours, parseSendHours, type SendHours } from "./send-hours.ts";
import type { ListServices } from "./service.ts";
import { confirmationText } from "./text-message.ts";
import { type TwilioSettings, twilioService } from "./twilio.ts";

export interface ListSettings {
  kit?: KitSettings & {
    /** The secret in Kit's webhook URL (/hooks/kit/<secret>); no webhooks accepted without it. */
    webhookSecret?: string;
    /** A Kit webhook endpoint's signing secret: deliveries must carry its X-Kit-Signature. */
    signingSecret?: string;
  };
  twilio?: TwilioSettings;
  /** Every text names the rink. */
  rinkName?: string;
  /** The outbox's first retry after this many seconds, doubling to an hour. */
  retrySeconds: number;
  /** Texts go only inside these hours on the rink's clock (SMS_SEND_HOURS, issue 31). */
  sendHours?: SendHours;
  /** Confirmation requests at most this many in 24 hours (SMS_CONFIRMATIONS_PER_DAY). */
  confirmationsPerDay?: number;
  /** The newsletter takes Canadian numbers too (SMS_TO_CANADA); only the US's without. */
  textsToCanada?: boolean;
}

/** The outbox's rules for texts: quiet hours, the confirmation request and its ceiling. */
export function textRulesOf(settings: ListSettings): TextRules | undefined {
  if (!settings.twilio) return undefined;
  return {
    sendHours: settings.sendHours ??
      parseSendHours(defaultSendHours) ?? { start: "09:00", end: "20:00" },
    confirmationsPerDay: settings.confirmationsPerDay ?? defaultConfirmationsPerDay,
    confirmation: confirmationText(settings.rinkName ?? "", textsPerMonth),
  };
}

export function listServicesOf(settings: ListSettings, fetchImpl?: typeof fetch): ListServices {
  return {
    ...(settings.kit ? { email: kitService(settings.kit, fetchImpl) } : {}),
    ...(settings.twilio ? { text: twilioService(settings.twilio, fetchImpl) } : {}),
  };
}

/** The webhooks' settings; undefined when no service is set up (no /hooks/ routes). */
export function listHooksOf(
  settings: ListSettings,
  store: OutboxStore,
  siteUrl: string | undefined,
): ListHooksDeps | undefined {
  if (!settings.kit && !settings.twilio) return undefined;
  const { kit, twilio } = settings;
  return {
    store,
    ...(kit?.webhookSecret
      ? {
          kit: {
            webhookSecret: kit.webhookSecret,
            ...(kit.signingSecret ? { signingSecret: kit.signingSecret } : {}),
          },
        }
      : {}),
    ...(twilio ? { twilio: { authToken: twilio.authToken, ...(siteUrl ? { siteUrl } : {}) } } : {}),
  };
}
