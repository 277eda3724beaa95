import { resolve } from "node:path";
import * as z from "zod/mini";
import { type EditorGithub, editorGithubOf, editorSettingNames } from "../editor/settings.ts";
import { defaultRateLimitPerMinute } from "../forms/form-endpoint.ts";
import type { ListSettings } from "../lists/settings.ts";
import {
  count,
  listServiceRules,
  listSettingsOf,
  type SharedSettings,
  setting,
  sharedSettings,
  twilioApiKeyPair,
} from "../settings.ts";
import { parseTrustProxy, type TrustProxy } from "./client-info.ts";

// Environment read once at start; a bad value stops the server with a clear message. The
// settings the Worker reads too are server/settings.ts's, written once there; these are Node's.
const schema = z
  .object({
    ...sharedSettings,
    PORT: count(0, 65535, 3000),
    HOST: setting(z._default(z.string(), "0.0.0.0")),
    SITE_DIR: setting(z._default(z.string(), "build/client")),
    DATABASE_PATH: setting(z._default(z.string(), "data/inbox.db")),
    SMTP_URL: setting(
      z.optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
    ),
    NOTIFY_RETRY_SECONDS: count(1, 86_400, 60),
    // Submissions per minute per client address and form; 0 turns the limit off. (The Worker's
    // is its ratelimits binding, wrangler.jsonc, held to this default by worker-settings.test.ts.)
    RATE_LIMIT_PER_MINUTE: count(0, 1_000_000_000, defaultRateLimitPerMinute),
    // Unset: X-Forwarded-For and X-Forwarded-Proto are ignored (anyone can send them).
    TRUST_PROXY: setting(
      z.pipe(
        z.optional(z.string()),
        z.transform((value: string | undefined, ctx) => {
          const parsed = parseTrustProxy(value);
          if (typeof parsed !== "string") return parsed;
          ctx.issues.push({ code: "custom", message: parsed, input: value });
          return z.NEVER;
        }),
      ),
    ),
    LOG_LEVEL: setting(
      z._default(
        z.enum(["fatal", "error", "warn", "info", "debug", "silent"], {
          error: "must be one of fatal, error, warn, info, debug, silent",
        }),
        "info",
      ),
    ),
  })
  .check(
    z.superRefine((env, ctx) => {
      // Without NOTIFY_TO the emails go to the first run's owner (the owners' table), but the
      // sender is NOTIFY_TO's first address by default: without either, nothing could be sent.
      if (env.SMTP_URL && !env.NOTIFY_TO && !env.NOTIFY_FROM) {
        ctx.addIssue({
          code: "custom",
          path: ["NOTIFY_FROM"],
          message: "is required with SMTP_URL when NOTIFY_TO is not set (the sender's address)",
        });
      }
      if (!env.SMTP_URL && (env.NOTIFY_TO || env.NOTIFY_FROM)) {
        ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required with NOTIFY_TO" });
      }
      const required = (when: string, names: readonly (keyof SharedSettings)[]) => {
        for (const name of names) {
          if (!env[name])
            ctx.addIssue({ code: "custom", path: [name], message: `is required with ${when}` });
        }
      };
      for (const rule of Object.values(listServiceRules)) {
        if (rule.on(env)) required(rule.when, rule.requires);
      }
      const [sid, secret] = twilioApiKeyPair;
      if (Boolean(env[sid]) !== Boolean(env[secret])) {
        required(`${sid} or ${secret}`, twilioApiKeyPair);
      }
      // The editor's GitHub App: all four of its settings, or none (not connected).
      if (editorGithubOf(env).missing.length > 0) {
        required("the other GITHUB_APP_* settings and GITHUB_REPO", editorSettingNames);
      }
    }),
  );

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "silent";

export interface MailSettings {
  smtpUrl: string;
  /** NOTIFY_TO; empty: the owner the first run added (the owners' table) gets the emails. */
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
  /** The editor's GitHub App (GITHUB_*); unset: the editor is not connected. */
  editor?: EditorGithub;
  /** The code that opens the first run at /setup while no owner exists (SETUP_CODE). */
  setupCode?: string;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const editor = editorGithubOf(e).github;
  const to = e.NOTIFY_TO ?? [];
  const from = e.NOTIFY_FROM ?? to[0];
  const mail =
    e.SMTP_URL && from
      ? {
          smtpUrl: e.SMTP_URL,
          to,
          from,
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
    lists: listSettingsOf(e, {
      kit: listServiceRules.kit.on(e),
      twilio: listServiceRules.twilio.on(e),
    }),
    ...(editor ? { editor } : {}),
    ...(e.SETUP_CODE ? { setupCode: e.SETUP_CODE } : {}),
  };
}
