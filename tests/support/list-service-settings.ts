// The server's settings that connect it to the Kit and Twilio stand-ins a test has started,
// with the outbox retrying after a second: shared by the list services' and the owner's
// updates' suites.
import { ownOrigin } from "./inbox-targets.ts";
import { kitApiKey, kitFormId } from "./kit-stand-in.ts";
import { twilioAccountSid, twilioAuthToken, twilioMessagingServiceSid } from "./twilio-stand-in.ts";

export function listServiceSettings(
  kitUrl: string,
  twilioUrl: string,
  rinkName: string,
): Record<string, string> {
  return {
    NEWSLETTER_SERVICE: "kit",
    KIT_API_KEY: kitApiKey,
    KIT_FORM_ID: kitFormId,
    KIT_API_URL: kitUrl,
    SMS_SERVICE: "twilio",
    TWILIO_ACCOUNT_SID: twilioAccountSid,
    TWILIO_AUTH_TOKEN: twilioAuthToken,
    TWILIO_MESSAGING_SERVICE_SID: twilioMessagingServiceSid,
    TWILIO_API_URL: twilioUrl,
    RINK_NAME: rinkName,
    OUTBOX_RETRY_SECONDS: "1",
    // The webhooks are signed for, and the texts' status posted to, the public address: here
    // the target's own (issue 31: required with a list service).
    SITE_URL: ownOrigin,
    // Texts at any hour, so the suites pass whenever they run; the quiet hours have tests of
    // their own (server/lists/outbox.test.ts, tests/list-services.test.ts).
    SMS_SEND_HOURS: "00:00-24:00",
  };
}
