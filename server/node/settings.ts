import { resolve } from "node:path";
import { z } from "zod";
import { defaultDailyLimitPerForm, defaultRateLimitPerMinute } from "../inbox/form-endpoint.ts";
import { defaultEmailsPerHour } from "../inbox/notify.ts";
import { defaultKitApiUrl } from "../lists/kit.ts";
import { defaultConfirmationsPerDay, defaultOutboxRetrySeconds } from "../lists/outbox.ts";
import { defaultSendHours, parseSendHours } from "../lists/send-hours.ts";
import {
  kitWebhookSecretPattern,
  kitWebhookSecretRule,
  type ListSettings,
} from "../lists/settings.ts";
import { defaultTwilioApiUrl, statusCallbackPath } from "../lists/twilio.ts";
import { parseTrustProxy, type TrustProxy } from "./client-info.ts";

// Environment read once at start; a bad value stops the server with a clear message.
// A variable set to an empty string counts as unset, as in most .env files.
const blankAsUnset = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const emailList = z
  .string()
  .transform((s) =>
    s
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email("must be email addresses separated by commas")).min(1));

/** A service's API base: https, or http for a stand-in on this machine (tests). */
const serviceUrl = z.url({
  protocol: /^https?$/,
  error: "must be an https:// URL (the service's API)",
});

const schema = z
  .object({
    PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(blankAsUnset, z.string().default("0.0.0.0")),
    SITE_DIR: z.preprocess(blankAsUnset, z.string().default("build/client")),
    DATABASE_PATH: z.preprocess(blankAsUnset, z.string().default("data/inbox.db")),
    SMTP_URL: z.preprocess(
      blankAsUnset,
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    NOTIFY_TO: z.preprocess(blankAsUnset, emailList.optional()),
    // A bare address or "Name <address>"; nodemailer checks the rest when sending.
    NOTIFY_FROM: z.preprocess(blankAsUnset, z.string().optional()),
    NOTIFY_RETRY_SECONDS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1).max(86_400).default(60),
    ),
    // The owner's emails one by one an hour; past it, one digest an hour; 0: no bound.
    NOTIFY_MAX_PER_HOUR: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(0).max(1_000_000_000).default(defaultEmailsPerHour),
    ),
    // Submissions per minute per client address and form; 0 turns the limit off.
    RATE_LIMIT_PER_MINUTE: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(0).max(1_000_000_000).default(defaultRateLimitPerMinute),
    ),
    // Submissions stored per form in a rolling 24 hours, from all clients; 0 turns it off.
    DAILY_LIMIT_PER_FORM: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(0).max(1_000_000_000).default(defaultDailyLimitPerForm),
    ),
    // Unset: X-Forwarded-For and X-Forwarded-Proto are ignored (anyone can send them).
    TRUST_PROXY: z.preprocess(
      blankAsUnset,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const parsed = parseTrustProxy(value);
          if (typeof parsed === "string") {
            ctx.addIssue({ code: "custom", message: parsed });
            return z.NEVER;
          }
          return parsed;
        }),
    ),
    // Other origins whose pages may post to the inbox (the site's own origin always may).
    SITE_ORIGINS: z.preprocess(
      blankAsUnset,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          const origins: string[] = [];
          for (const item of (value ?? "").split(",").map((s) => s.trim())) {
            if (!item) continue;
            const origin = parseOrigin(item);
            if (!origin) {
              ctx.addIssue({
                code: "custom",
                message: `"${item}" is not an origin like https://rink.example.com`,
              });
              return z.NEVER;
            }
            origins.push(origin);
          }
          return origins;
        }),
    ),
    // Who may sign in to /inbox/ by an emailed link; NOTIFY_TO's addresses when unset.
    OWNER_EMAILS: z.preprocess(blankAsUnset, emailList.optional()),
    // The public address, for the sign-in link's URL (never a request's Host, which anyone sets).
    SITE_URL: z.preprocess(
      blankAsUnset,
      z
        .string()
        .optional()
        .transform((value, ctx) => {
          if (value === undefined) return undefined;
          const origin = parseOrigin(value);
          if (!origin) {
            ctx.addIssue({
              code: "custom",
              message: `"${value}" is not an address like https://rink.example.com`,
            });
            return z.NEVER;
          }
          return origin;
        }),
    ),
    // The list services (issue 25, list-settings.ts): Kit for the email list, Twilio for texts.
    NEWSLETTER_SERVICE: z.preprocess(
      blankAsUnset,
      z.enum(["kit"], { error: 'must be "kit" (or unset: no email list service)' }).optional(),
    ),
    KIT_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
    KIT_FORM_ID: z.preprocess(
      blankAsUnset,
      z.string().regex(/^\d+$/, "must be the form's number, as in its URL").optional(),
    ),
    KIT_API_URL: z.preprocess(blankAsUnset, serviceUrl.default(defaultKitApiUrl)),
    // Long and random: Kit's legacy webhooks are proven by this secret in their URL alone.
    KIT_WEBHOOK_SECRET: z.preprocess(
      blankAsUnset,
      z.string().regex(kitWebhookSecretPattern, kitWebhookSecretRule).optional(),
    ),
    KIT_WEBHOOK_SIGNING_SECRET: z.preprocess(blankAsUnset, z.string().optional()),
    SMS_SERVICE: z.preprocess(
      blankAsUnset,
      z.enum(["twilio"], { error: 'must be "twilio" (or unset: no text service)' }).optional(),
    ),
    TWILIO_ACCOUNT_SID: z.preprocess(
      blankAsUnset,
      z
        .string()
        .regex(/^AC\w{32}$/, "must be an account SID (AC and 32 more)")
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: z.preprocess(blankAsUnset, z.string().optional()),
    TWILIO_MESSAGING_SERVICE_SID: z.preprocess(
      blankAsUnset,
      z
        .string()
        .regex(/^MG\w{32}$/, "must be a Messaging Service SID (MG and 32 more)")
        .optional(),
    ),
    TWILIO_API_URL: z.preprocess(blankAsUnset, serviceUrl.default(defaultTwilioApiUrl)),
    // An API key for sending instead of the auth token (which still checks the webhooks).
    TWILIO_API_KEY_SID: z.preprocess(
      blankAsUnset,
      z
        .string()
        .regex(/^SK\w{32}$/, "must be an API key SID (SK and 32 more)")
        .optional(),
    ),
    TWILIO_API_KEY_SECRET: z.preprocess(blankAsUnset, z.string().optional()),
    // Quiet hours (issue 31): texts go only inside this window on the rink's clock.
    SMS_SEND_HOURS: z.preprocess(
      blankAsUnset,
      z
        .string()
        .default(defaultSendHours)
        .transform((value, ctx) => {
          const hours = parseSendHours(value);
          if (!hours) {
            ctx.addIssue({
              code: "custom",
              message: `"${value}" is not a window like 09:00-20:00 (start before end, 24-hour clock)`,
            });
            return z.NEVER;
          }
          return hours;
        }),
    ),
    // Confirmation requests ("Reply YES ...") at most this many in 24 hours.
    SMS_CONFIRMATIONS_PER_DAY: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1).max(10_000).default(defaultConfirmationsPerDay),
    ),
    // How every text names the sender; the carriers' registration asks for the same name.
    RINK_NAME: z.preprocess(blankAsUnset, z.string().max(40).optional()),
    OUTBOX_RETRY_SECONDS: z.preprocess(
      blankAsUnset,
      z.coerce.number().int().min(1).max(3600).default(defaultOutboxRetrySeconds),
    ),
    LOG_LEVEL: z.preprocess(
      blankAsUnset,
      z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    // Half a mail setup would silently send nothing: say so at start instead.
    if (env.SMTP_URL && !env.NOTIFY_TO) {
      ctx.addIssue({ code: "custom", path: ["NOTIFY_TO"], message: "is required with SMTP_URL" });
    }
    if (!env.SMTP_URL && (env.NOTIFY_TO || env.NOTIFY_FROM)) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required with NOTIFY_TO" });
    }
    const required = (when: string, names: (keyof typeof env)[]) => {
      for (const name of names) {
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: `is required with ${when}` });
      }
    };
    if (env.NEWSLETTER_SERVICE === "kit") {
      required("NEWSLETTER_SERVICE=kit", ["KIT_API_KEY", "KIT_FORM_ID"]);
    }
    // The webhooks are signed for (Twilio) or sent to (Kit) the public address: without it
    // behind a proxy every STOP would fail its check, silently.
    if (env.NEWSLETTER_SERVICE === "kit") required("NEWSLETTER_SERVICE=kit", ["SITE_URL"]);
    if (env.SMS_SERVICE === "twilio") required("SMS_SERVICE=twilio", ["SITE_URL"]);
    if (Boolean(env.TWILIO_API_KEY_SID) !== Boolean(env.TWILIO_API_KEY_SECRET)) {
      required("TWILIO_API_KEY_SID or TWILIO_API_KEY_SECRET", [
        "TWILIO_API_KEY_SID",
        "TWILIO_API_KEY_SECRET",
      ]);
    }
    if (env.SMS_SERVICE === "twilio") {
      required("SMS_SERVICE=twilio", [
        "TWILIO_ACCOUNT_SID",
        "TWILIO_AUTH_TOKEN",
        "TWILIO_MESSAGING_SERVICE_SID",
        "RINK_NAME",
      ]);
    }
  });

/** "https://rink.example.com" (a trailing slash allowed), normalised; null when not an origin. */
function parseOrigin(text: string): string | null {
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

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "silent";

export interface MailSettings {
  smtpUrl: string;
  to: string[];
  /** Defaults to the first NOTIFY_TO address. */
  from: string;
  retryIntervalMs: number;
  /** The owner's emails one by one an hour, then one digest an hour; 0 is no bound. */
  maxPerHour: number;
}

export interface Settings {
  port: number;
  host: string;
  siteDir: string;
  /** Absolute path of the SQLite file. */
  databasePath: string;
  /** Absent when SMTP_URL is unset: submissions are stored, nothing is emailed. */
  mail?: MailSettings;
  /** Submissions per minute per client address and form; 0 is no limit. */
  rateLimitPerMinute: number;
  /** Submissions stored per form in a rolling 24 hours, spam included; 0 is no ceiling. */
  dailyLimitPerForm: number;
  trustProxy: TrustProxy;
  /** Origins, besides the site's own, allowed to post to the inbox from a browser. */
  siteOrigins: string[];
  /** Who may sign in to the owner's inbox (/inbox/). */
  owners: string[];
  /** The public origin, for the emailed sign-in link; unset: only a localhost request's own. */
  siteUrl?: string;
  logLevel: LogLevel;
  /** The newsletter's list services (Kit, Twilio); none set up by default. */
  lists: ListSettings;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const to = e.NOTIFY_TO ?? [];
  const mail =
    e.SMTP_URL && to[0]
      ? {
          smtpUrl: e.SMTP_URL,
          to,
          from: e.NOTIFY_FROM ?? to[0],
          retryIntervalMs: e.NOTIFY_RETRY_SECONDS * 1000,
          maxPerHour: e.NOTIFY_MAX_PER_HOUR,
        }
      : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    siteDir: resolve(e.SITE_DIR),
    databasePath: resolve(e.DATABASE_PATH),
    mail,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    dailyLimitPerForm: e.DAILY_LIMIT_PER_FORM,
    trustProxy: e.TRUST_PROXY,
    siteOrigins: e.SITE_ORIGINS,
    owners: e.OWNER_EMAILS ?? to,
    ...(e.SITE_URL ? { siteUrl: e.SITE_URL } : {}),
    logLevel: e.LOG_LEVEL,
    lists: {
      ...(e.NEWSLETTER_SERVICE === "kit" && e.KIT_API_KEY && e.KIT_FORM_ID
        ? {
            kit: {
              apiKey: e.KIT_API_KEY,
              formId: e.KIT_FORM_ID,
              apiUrl: e.KIT_API_URL,
              ...(e.KIT_WEBHOOK_SECRET ? { webhookSecret: e.KIT_WEBHOOK_SECRET } : {}),
              ...(e.KIT_WEBHOOK_SIGNING_SECRET
                ? { signingSecret: e.KIT_WEBHOOK_SIGNING_SECRET }
                : {}),
            },
          }
        : {}),
      ...(e.SMS_SERVICE === "twilio" &&
      e.TWILIO_ACCOUNT_SID &&
      e.TWILIO_AUTH_TOKEN &&
      e.TWILIO_MESSAGING_SERVICE_SID
        ? {
            twilio: {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
              apiUrl: e.TWILIO_API_URL,
              ...(e.TWILIO_API_KEY_SID && e.TWILIO_API_KEY_SECRET
                ? { apiKey: { sid: e.TWILIO_API_KEY_SID, secret: e.TWILIO_API_KEY_SECRET } }
                : {}),
              ...(e.SITE_URL ? { statusCallbackUrl: `${e.SITE_URL}${statusCallbackPath}` } : {}),
            },
          }
        : {}),
      ...(e.RINK_NAME ? { rinkName: e.RINK_NAME } : {}),
      retrySeconds: e.OUTBOX_RETRY_SECONDS,
      sendHours: e.SMS_SEND_HOURS,
      confirmationsPerDay: e.SMS_CONFIRMATIONS_PER_DAY,
    },
  };
}
