// The settings both hosts read, each written once: its name, default, trimming and rule, in one
// zod schema (zod/mini, whose parts the Worker's bundle takes only as used). Node adds its own
// (node/settings.ts: the port, the database file, SMTP, the proxy) and refuses to start on any
// problem; the Worker (edge/worker.ts) reads each setting alone (readEach), says what it
// refuses, reads that one as unset, and leaves a list service off without all of its own.
import * as z from "zod/mini";
import {
  branchPattern,
  defaultGithubApiUrl,
  parsePrivateKey,
  repoPattern,
} from "./editor/settings.ts";
import { defaultDailyLimitPerForm } from "./forms/form-endpoint.ts";
import { defaultEmailsPerHour } from "./forms/notify.ts";
import { defaultKitApiUrl } from "./lists/kit.ts";
import { defaultConfirmationsPerDay, defaultOutboxRetrySeconds } from "./lists/outbox.ts";
import { defaultSendHours, parseSendHours } from "./lists/send-hours.ts";
import type { ListSettings } from "./lists/settings.ts";
import { defaultTwilioApiUrl, statusCallbackPath } from "./lists/twilio.ts";

/** Trimmed; a setting that is empty (or only blanks) counts as unset, as in most .env files. */
const given = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return text === "" ? undefined : text;
};

/** A setting as the environment gives it (a string, maybe blank), read by `schema`. */
export const setting = <T extends z.core.$ZodType>(schema: T) => z.pipe(z.transform(given), schema);

/** A whole number from `min` to `max`; `fallback` when unset. */
export const count = (min: number, max: number, fallback: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return setting(
    z._default(
      z.coerce
        .number({ error })
        .check(z.int({ error }), z.minimum(min, { error }), z.maximum(max, { error })),
      fallback,
    ),
  );
};

/** A text `read` reads (null: it cannot), with `message(text)` naming what was wrong. */
export const readAs = <T>(read: (text: string) => T | null, message: (text: string) => string) =>
  z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const value = read(text);
      if (value !== null) return value;
      ctx.issues.push({ code: "custom", message: message(text), input: text });
      return z.NEVER;
    }),
  );

/** "https://rink.example.com" (a trailing slash allowed), normalised; null when not an origin. */
export function parseOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
  return url.origin;
}

const emailsError = "must be email addresses separated by commas";
const emailList = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) =>
      s
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ),
  z.array(z.email({ error: emailsError })).check(z.minLength(1, { error: emailsError })),
);

/**
 * Whether a service's API base may be called: judged on the URL as parsed (the scheme and host
 * as fetch will use them, whatever their case or spelling), https anywhere, http only to
 * 127.0.0.1.
 */
export function serviceUrlAllowed(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === "https:" || (url.protocol === "http:" && url.hostname === "127.0.0.1");
}

/**
 * A service's API base: https, or http only for a stand-in on this machine (tests); a token
 * sent over plain http anywhere else could be read on the way.
 */
const serviceUrl = z
  .url({ protocol: /^https?$/, error: "must be an https:// URL (the service's API)" })
  .check(
    z.refine(
      serviceUrlAllowed,
      "must be an https:// URL (the service's API); http:// only for 127.0.0.1",
    ),
  );

/** A Twilio id: `prefix` and 32 letters or digits. */
const twilioSid = (prefix: string, what: string) =>
  setting(
    z.optional(
      z
        .string()
        .check(
          z.regex(new RegExp(`^${prefix}\\w{32}$`), `must be ${what} (${prefix} and 32 more)`),
        ),
    ),
  );

const text = setting(z.optional(z.string()));

/** The setup code's least length, and its rule's words (which never repeat the value). */
export const setupCodeMinLength = 12;
export const setupCodeRule = `must be at least ${setupCodeMinLength} characters`;

/**
 * Kit's legacy webhooks are proven by the secret in their URL alone, so it must be long and
 * random (Node refuses to start without; the Worker leaves the webhook off).
 */
export const kitWebhookSecretRule = "must be at least 24 letters, digits, - or _";

/** Every setting both hosts read, by its name in the environment (or the Worker's vars). */
export const sharedSettings = {
  // The owner's address(es) for the submissions' emails (and the sign-in, without OWNER_EMAILS).
  NOTIFY_TO: setting(z.optional(emailList)),
  // A bare address or "Name <address>"; the mailer checks the rest when sending.
  NOTIFY_FROM: text,
  // The owner's emails one by one an hour; past it, one digest an hour; 0: no bound.
  NOTIFY_MAX_PER_HOUR: count(0, 1_000_000_000, defaultEmailsPerHour),
  // Submissions stored per form in a rolling 24 hours, from all clients; 0 turns it off.
  DAILY_LIMIT_PER_FORM: count(0, 1_000_000_000, defaultDailyLimitPerForm),
  // Other origins whose pages may post to the inbox (the site's own origin always may).
  SITE_ORIGINS: setting(
    z._default(
      readAs(
        (value) => {
          const origins = value
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
            .map(parseOrigin);
          return origins.every((o) => o !== null) ? (origins as string[]) : null;
        },
        (value) => {
          const bad = value
            .split(",")
            .map((s) => s.trim())
            .find((s) => s && !parseOrigin(s));
          return `"${bad}" is not an origin like https://rink.example.com`;
        },
      ),
      () => [],
    ),
  ),
  // Who may sign in to /inbox/ by an emailed link; NOTIFY_TO's addresses when unset.
  OWNER_EMAILS: setting(z.optional(emailList)),
  // The public address, for the sign-in link's URL (never a request's Host, which anyone sets)
  // and the list services' webhooks: an origin, without its trailing slash.
  SITE_URL: setting(
    z.optional(
      readAs(parseOrigin, (value) => `"${value}" is not an address like https://rink.example.com`),
    ),
  ),
  // The list services (issue 25, lists/settings.ts): Kit for the email list, Twilio for texts.
  NEWSLETTER_SERVICE: setting(
    z.optional(z.enum(["kit"], { error: 'must be "kit" (or unset: no email list service)' })),
  ),
  KIT_API_KEY: text,
  KIT_FORM_ID: setting(
    z.optional(z.string().check(z.regex(/^\d+$/, "must be the form's number, as in its URL"))),
  ),
  KIT_API_URL: setting(z._default(serviceUrl, defaultKitApiUrl)),
  KIT_WEBHOOK_SECRET: setting(
    z.optional(z.string().check(z.regex(/^[\w-]{24,}$/, kitWebhookSecretRule))),
  ),
  KIT_WEBHOOK_SIGNING_SECRET: text,
  SMS_SERVICE: setting(
    z.optional(z.enum(["twilio"], { error: 'must be "twilio" (or unset: no text service)' })),
  ),
  TWILIO_ACCOUNT_SID: twilioSid("AC", "an account SID"),
  TWILIO_AUTH_TOKEN: text,
  TWILIO_MESSAGING_SERVICE_SID: twilioSid("MG", "a Messaging Service SID"),
  TWILIO_API_URL: setting(z._default(serviceUrl, defaultTwilioApiUrl)),
  // An API key for sending instead of the auth token (which still checks the webhooks).
  TWILIO_API_KEY_SID: twilioSid("SK", "an API key SID"),
  TWILIO_API_KEY_SECRET: text,
  // Quiet hours (issue 31): texts go only inside this window on the rink's clock.
  SMS_SEND_HOURS: setting(
    z.prefault(
      readAs(
        parseSendHours,
        (value) => `is not a window like 09:00-20:00 (start before end, 24-hour clock): "${value}"`,
      ),
      defaultSendHours,
    ),
  ),
  // Text alerts to Canadian numbers too ("yes"); by default only to the US's and its
  // territories' (rink/forms/phone.ts). Twilio's geo permissions should say the same.
  SMS_TO_CANADA: setting(
    z._default(
      readAs(
        (value) => (value === "yes" ? true : value === "no" ? false : null),
        () => 'must be "yes" or "no"',
      ),
      false,
    ),
  ),
  // Confirmation requests ("Reply YES ...") at most this many in 24 hours.
  SMS_CONFIRMATIONS_PER_DAY: count(1, 10_000, defaultConfirmationsPerDay),
  // How every text names the sender; the carriers' registration asks for the same name.
  RINK_NAME: setting(
    z.optional(z.string().check(z.maxLength(40, "must be at most 40 characters"))),
  ),
  OUTBOX_RETRY_SECONDS: count(1, 3600, defaultOutboxRetrySeconds),
  // The editor at /admin/ (issue 33, editor/): a GitHub App installed on the one repository;
  // the site's proxy mints its installation token. All four unset: the editor is not connected.
  GITHUB_APP_ID: setting(
    z.optional(z.string().check(z.regex(/^\d+$/, "must be the app's number (its App ID)"))),
  ),
  // The app's private key (PEM); a host that keeps it on one line with "\n" escapes works too.
  GITHUB_APP_PRIVATE_KEY: setting(
    z.optional(
      readAs(
        parsePrivateKey,
        () => "must be the app's private key, the whole .pem file from -----BEGIN to -----END",
      ),
    ),
  ),
  GITHUB_APP_INSTALLATION_ID: setting(
    z.optional(
      z.string().check(z.regex(/^\d+$/, "must be the installation's number, as in its URL")),
    ),
  ),
  GITHUB_REPO: setting(
    z.optional(z.string().check(z.regex(repoPattern, 'must be the repository as "owner/name"'))),
  ),
  GITHUB_BRANCH: setting(
    z._default(
      z.string().check(z.regex(branchPattern, "must be a branch's name, like main")),
      "main",
    ),
  ),
  GITHUB_API_URL: setting(z._default(serviceUrl, defaultGithubApiUrl)),
  // A secret: the code that opens the site's first run at /setup while no owner exists
  // (owner/first-run.ts). Long enough that its tries, a few per client, cannot guess it.
  SETUP_CODE: setting(z.optional(z.string().check(z.minLength(setupCodeMinLength, setupCodeRule)))),
};

/** The shared settings as read: each one's value, its default, or unset. */
export type SharedSettings = z.output<z.ZodMiniObject<typeof sharedSettings, z.core.$strip>>;
export type SettingName = keyof typeof sharedSettings;

/**
 * Each list service: the setting that turns it on, and the settings it needs then. The webhooks
 * are signed for (Twilio) or sent to (Kit) SITE_URL: without it behind a proxy every STOP would
 * fail its check, silently. Node refuses to start without them; the Worker leaves it off.
 */
export const listServiceRules = {
  kit: {
    name: "Kit",
    when: "NEWSLETTER_SERVICE=kit",
    on: (s: SharedSettings) => s.NEWSLETTER_SERVICE === "kit",
    requires: ["KIT_API_KEY", "KIT_FORM_ID", "SITE_URL"],
    /** Its other settings: one the Worker refuses leaves the service off too. */
    reads: ["KIT_API_URL"],
  },
  twilio: {
    name: "Twilio",
    when: "SMS_SERVICE=twilio",
    on: (s: SharedSettings) => s.SMS_SERVICE === "twilio",
    requires: [
      "TWILIO_ACCOUNT_SID",
      "TWILIO_AUTH_TOKEN",
      "TWILIO_MESSAGING_SERVICE_SID",
      "RINK_NAME",
      "SITE_URL",
    ],
    reads: ["TWILIO_API_URL", "TWILIO_API_KEY_SID", "TWILIO_API_KEY_SECRET", "SMS_SEND_HOURS"],
  },
} satisfies Record<
  string,
  {
    name: string;
    when: string;
    on: (s: SharedSettings) => boolean;
    requires: SettingName[];
    reads: SettingName[];
  }
>;

/** Twilio's API key goes with its secret: one without the other is a mistake. */
export const twilioApiKeyPair = ["TWILIO_API_KEY_SID", "TWILIO_API_KEY_SECRET"] as const;

/**
 * Each shared setting read alone, as the Worker reads its vars: a setting its rule refuses is
 * read as unset (its default, if it has one) and named in `refused` with the rule's words.
 */
export function readEach(env: { [name in SettingName]?: unknown }): {
  settings: SharedSettings;
  refused: Map<SettingName, string>;
} {
  const settings: Record<string, unknown> = {};
  const refused = new Map<SettingName, string>();
  for (const [name, schema] of Object.entries(sharedSettings) as [SettingName, z.ZodMiniType][]) {
    const read = schema.safeParse(env[name]);
    if (read.success) {
      settings[name] = read.data;
    } else {
      refused.set(name, read.error.issues[0]?.message ?? "is not valid");
      settings[name] = schema.parse(undefined);
    }
  }
  return { settings: settings as SharedSettings, refused };
}

/** The list services' settings, with each service in `on` set up (Node: every one turned on). */
export function listSettingsOf(
  s: SharedSettings,
  on: { kit: boolean; twilio: boolean },
): ListSettings {
  return {
    ...(on.kit && s.KIT_API_KEY && s.KIT_FORM_ID
      ? {
          kit: {
            apiKey: s.KIT_API_KEY,
            formId: s.KIT_FORM_ID,
            apiUrl: s.KIT_API_URL,
            ...(s.KIT_WEBHOOK_SECRET ? { webhookSecret: s.KIT_WEBHOOK_SECRET } : {}),
            ...(s.KIT_WEBHOOK_SIGNING_SECRET
              ? { signingSecret: s.KIT_WEBHOOK_SIGNING_SECRET }
              : {}),
          },
        }
      : {}),
    ...(on.twilio && s.TWILIO_ACCOUNT_SID && s.TWILIO_AUTH_TOKEN && s.TWILIO_MESSAGING_SERVICE_SID
      ? {
          twilio: {
            accountSid: s.TWILIO_ACCOUNT_SID,
            authToken: s.TWILIO_AUTH_TOKEN,
            messagingServiceSid: s.TWILIO_MESSAGING_SERVICE_SID,
            apiUrl: s.TWILIO_API_URL,
            ...(s.TWILIO_API_KEY_SID && s.TWILIO_API_KEY_SECRET
              ? { apiKey: { sid: s.TWILIO_API_KEY_SID, secret: s.TWILIO_API_KEY_SECRET } }
              : {}),
            ...(s.SITE_URL ? { statusCallbackUrl: `${s.SITE_URL}${statusCallbackPath}` } : {}),
          },
        }
      : {}),
    ...(s.RINK_NAME ? { rinkName: s.RINK_NAME } : {}),
    retrySeconds: s.OUTBOX_RETRY_SECONDS,
    sendHours: s.SMS_SEND_HOURS,
    confirmationsPerDay: s.SMS_CONFIRMATIONS_PER_DAY,
    textsToCanada: s.SMS_TO_CANADA,
  };
}
