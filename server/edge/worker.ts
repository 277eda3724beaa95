// The Worker: Cloudflare serves the built site from its static assets and runs this only for
// the inbox's paths (run_worker_first in wrangler.jsonc), so page views stay free and
// unmetered (the pages' read of /updates/current.json, at most twice a minute a visitor, is
// the one exception). The inbox is the Node server's (inbox-routes.ts, forms/), over D1, the
// send_email binding and the ratelimits binding; a Cron Trigger retries unsent emails and drains
// the list services' outbox (Kit, Twilio).
import { type ExecutionContext, Hono } from "hono";
import type { InboxEnv } from "../env.ts";
import { defaultDailyLimitPerForm, defaultRateLimitPerMinute } from "../inbox/form-endpoint.ts";
import { createNotifier, defaultEmailsPerHour, type Notifier } from "../inbox/notify.ts";
import { createRateLimiter, type RateDecision } from "../inbox/rate-limit.ts";
import { defaultKitApiUrl } from "../lists/kit.ts";
import {
  createOutbox,
  defaultConfirmationsPerDay,
  defaultOutboxRetrySeconds,
  type Outbox,
} from "../lists/outbox.ts";
import { outboxStore } from "../lists/outbox-store.ts";
import { defaultSendHours, parseSendHours } from "../lists/send-hours.ts";
import {
  kitWebhookSecretPattern,
  kitWebhookSecretRule,
  type ListSettings,
  listHooksOf,
  listServicesOf,
  textRulesOf,
} from "../lists/settings.ts";
import { defaultTwilioApiUrl, statusCallbackPath } from "../lists/twilio.ts";
import { deletions } from "../owner/deletions.ts";
import { ownerStore } from "../owner/store.ts";
import { currentUpdatePath, inboxRoutes } from "../routes.ts";
import { baseHeaders, httpsOnlyHeaders } from "../security-headers.ts";
import type { EdgeBindings, RateLimit } from "./bindings.ts";
import { d1Runner, d1Store } from "./d1-store.ts";
import { emailMailer } from "./email.ts";

type EdgeEnv = InboxEnv & { Bindings: EdgeBindings };

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The binding's window is a minute; it does not say when the client's next slot opens. */
const bindingLimiter = (binding: RateLimit) => ({
  async take(key: string): Promise<RateDecision> {
    const { success } = await binding.limit({ key });
    return success ? { ok: true } : { ok: false, retryAfterSeconds: 60 };
  },
});

/** A whole-number var ("500"); unset or blank: the default; anything else is said and ignored. */
function count(name: string, value: string | number | undefined, fallback: number): number {
  if (value === undefined || String(value).trim() === "") return fallback;
  const parsed = Number(value);
  if (Number.isInteger(parsed) && parsed >= 0) return parsed;
  console.error(`${name} must be a whole number (0 or more), not "${value}": using ${fallback}`);
  return fallback;
}

/**
 * The list services as the variables and secrets set them up; a half-set-up service is said
 * and left off (the Node server refuses to start instead: settings.ts).
 */
function listSettingsOf(env: EdgeBindings): ListSettings {
  const value = (name: keyof EdgeBindings) => {
    const v = env[name];
    return typeof v === "string" && v.trim() ? v.trim() : undefined;
  };
  const missing = (service: string, names: (keyof EdgeBindings)[]) => {
    const absent = names.filter((name) => !value(name));
    if (absent.length > 0) console.error(`${service} is not set up: ${absent.join(", ")} missing`);
    return absent.length > 0;
  };
  const settings: ListSettings = {
    retrySeconds: count(
      "OUTBOX_RETRY_SECONDS",
      env.OUTBOX_RETRY_SECONDS,
      defaultOutboxRetrySeconds,
    ),
    ...(value("RINK_NAME") ? { rinkName: value("RINK_NAME") } : {}),
    // At least one a day, as Node requires: 0 would leave every signup unasked.
    confirmationsPerDay:
      count(
        "SMS_CONFIRMATIONS_PER_DAY",
        env.SMS_CONFIRMATIONS_PER_DAY,
        defaultConfirmationsPerDay,
      ) || defaultConfirmationsPerDay,
  };
  const hours = value("SMS_SEND_HOURS");
  const sendHours = parseSendHours(hours ?? defaultSendHours);
  // As Node refuses to start on it: texts held back rather than sent at hours nobody chose.
  if (!sendHours) console.error(`SMS_SEND_HOURS is not a window like 09:00-20:00: texts are off`);
  else settings.sendHours = sendHours;
  // The webhooks are signed for (Twilio) or sent to (Kit) SITE_URL: without it a service is off.
  if (
    value("NEWSLETTER_SERVICE") === "kit" &&
    !missing("Kit", ["KIT_API_KEY", "KIT_FORM_ID", "SITE_URL"])
  ) {
    let webhookSecret = value("KIT_WEBHOOK_SECRET");
    if (webhookSecret && !kitWebhookSecretPattern.test(webhookSecret)) {
      // As Node refuses to start on it: a guessable secret would let anyone unsubscribe people.
      console.error(`KIT_WEBHOOK_SECRET ${kitWebhookSecretRule}: Kit's webhooks are refused`);
      webhookSecret = undefined;
    }
    const signingSecret = value("KIT_WEBHOOK_SIGNING_SECRET");
    settings.kit = {
      apiKey: value("KIT_API_KEY") ?? "",
      formId: value("KIT_FORM_ID") ?? "",
      apiUrl: value("KIT_API_URL") ?? defaultKitApiUrl,
      ...(webhookSecret ? { webhookSecret } : {}),
      ...(signingSecret ? { signingSecret } : {}),
    };
  }
  const twilio = [
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_MESSAGING_SERVICE_SID",
    "RINK_NAME",
  ] as const;
  const apiKeySid = value("TWILIO_API_KEY_SID");
  const apiKeySecret = value("TWILIO_API_KEY_SECRET");
  if (Boolean(apiKeySid) !== Boolean(apiKeySecret)) {
    console.error("Twilio is not set up: TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET go together");
  } else if (
    value("SMS_SERVICE") === "twilio" &&
    sendHours &&
    !missing("Twilio", [...twilio, "SITE_URL"])
  ) {
    settings.twilio = {
      accountSid: value("TWILIO_ACCOUNT_SID") ?? "",
      authToken: value("TWILIO_AUTH_TOKEN") ?? "",
      messagingServiceSid: value("TWILIO_MESSAGING_SERVICE_SID") ?? "",
      apiUrl: value("TWILIO_API_URL") ?? defaultTwilioApiUrl,
      ...(apiKeySid && apiKeySecret ? { apiKey: { sid: apiKeySid, secret: apiKeySecret } } : {}),
      statusCallbackUrl: `${(value("SITE_URL") ?? "").replace(/\/+$/, "")}${statusCallbackPath}`,
    };
  }
  return settings;
}

interface Edge {
  notifier?: Notifier;
  outbox?: Outbox;
  app: Hono<EdgeEnv>;
}

function createEdge(env: EdgeBindings): Edge {
  const store = d1Store(env.DB);
  const sql = d1Runner(env.DB);
  const to = list(env.NOTIFY_TO);
  const from = env.NOTIFY_FROM?.trim() || to[0];
  const mailer = env.NOTIFY_EMAIL && from ? emailMailer(env.NOTIFY_EMAIL, { to, from }) : undefined;
  const notifier =
    mailer && to.length > 0
      ? createNotifier({
          inbox: store,
          send: mailer.send,
          perHour: count("NOTIFY_MAX_PER_HOUR", env.NOTIFY_MAX_PER_HOUR, defaultEmailsPerHour),
          inboxUrl: `${env.SITE_URL?.replace(/\/+$/, "") ?? ""}/inbox/`,
        })
      : undefined;
  const lists = listSettingsOf(env);
  const listServices = listServicesOf(lists);
  const listStore = outboxStore(sql);
  const outbox =
    listServices.email || listServices.text
      ? createOutbox({
          store: listStore,
          services: listServices,
          retrySeconds: lists.retrySeconds,
          ...(textRulesOf(lists) ? { texts: textRulesOf(lists) } : {}),
        })
      : undefined;
  const hooks = listHooksOf(lists, listStore, env.SITE_URL?.trim() || undefined);
  const limiter = env.FORM_LIMIT
    ? bindingLimiter(env.FORM_LIMIT)
    : createRateLimiter({ perMinute: defaultRateLimitPerMinute });

  const app = new Hono<EdgeEnv>();
  app.use("*", async (c, next) => {
    const https = new URL(c.req.url).protocol === "https:";
    // Cloudflare sets CF-Connecting-IP on every request; a client cannot forge it.
    c.set("client", { address: c.req.header("cf-connecting-ip") ?? "unknown", https });
    await next();
    // The `_headers` file covers the assets only: the Worker's own answers get the site-wide
    // headers here (the inbox's handlers already set its stricter policy).
    const headers = { ...baseHeaders, ...(https ? httpsOnlyHeaders : {}) };
    for (const [name, value] of Object.entries(headers)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });
  app.route(
    "/",
    inboxRoutes({
      inbox: store,
      // D1 writes each submission as it comes; no group commit across requests.
      save: async (submission) => store.insert(submission),
      limiter,
      dailyLimitPerForm: count(
        "DAILY_LIMIT_PER_FORM",
        env.DAILY_LIMIT_PER_FORM,
        defaultDailyLimitPerForm,
      ),
      background: (c, task) => c.executionCtx.waitUntil(task),
      notifier,
      ...(outbox ? { outbox } : {}),
      ...(hooks ? { hooks } : {}),
      updates: {
        store: listStore,
        services: listServices,
        ...(lists.rinkName ? { rinkName: lists.rinkName } : {}),
        ...(lists.sendHours ? { sendHours: lists.sendHours } : {}),
      },
      siteOrigins: list(env.SITE_ORIGINS),
      owner: {
        store: ownerStore(sql),
        // A secret (`wrangler secret put DELETION_KEY`), so D1's copies hold no testable hash.
        ...(env.DELETION_KEY ? { deletions: deletions(sql, env.DELETION_KEY) } : {}),
        owners: list(env.OWNER_EMAILS || env.NOTIFY_TO),
        ...(mailer ? { sendTo: mailer.sendTo } : {}),
        ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
        limiter,
      },
    }),
  );
  // Anything else the Worker was asked (a GET of /f/…): the site's answer, its 404 page
  // with the 404 page's headers. Copied, as a fetched response's headers are read-only.
  app.notFound(async (c) => {
    const site = await c.env.ASSETS.fetch(c.req.raw);
    return new Response(site.body, site);
  });
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path} failed: ${String(error)}`);
    return c.text("Internal Server Error", 500);
  });
  return { notifier, ...(outbox ? { outbox } : {}), app };
}

// One per isolate: the bindings do not change between its requests.
let edge: { env: EdgeBindings; built: Edge } | undefined;
function edgeFor(env: EdgeBindings): Edge {
  if (edge?.env !== env) edge = { env, built: createEdge(env) };
  return edge.built;
}

/** Cloudflare's cache in this data centre (caches.default); absent outside workerd. */
interface EdgeCache {
  match(key: Request): Promise<Response | undefined>;
  put(key: Request, response: Response): Promise<void>;
  delete(key: Request): Promise<boolean>;
}
const edgeCache = () =>
  (globalThis as unknown as { caches?: { default?: EdgeCache } }).caches?.default;

/**
 * The pages' read of the update in force, kept in this data centre's cache for its 30 s
 * (its Cache-Control): the open pages' polls cost one D1 query per data centre in 30 s, not
 * one each. Keyed by the path alone (a query string cannot bypass it). A kept answer says its
 * Age, so a browser keeps it only for what is left of the 30 s: a new or ended update still
 * reaches every open page within the time a browser's own copy alone would take; the owner's
 * own post or End now empties it at once (in the owner's data centre). (Cloudflare: the Cache
 * API works on a custom domain; on *.workers.dev it keeps nothing.)
 */
async function currentUpdate(
  request: Request,
  env: EdgeBindings,
  ctx: ExecutionContext,
): Promise<Response> {
  const cache = edgeCache();
  const answer = () => edgeFor(env).app.fetch(request, env, ctx);
  if (!cache) return answer();
  const key = currentUpdateKey(request);
  const kept = await cache.match(key);
  if (kept) {
    const hit = new Response(kept.body, kept);
    const stored = Date.parse(hit.headers.get("Date") ?? "");
    if (!hit.headers.has("Age") && !Number.isNaN(stored)) {
      hit.headers.set("Age", String(Math.max(0, Math.floor((Date.now() - stored) / 1000))));
    }
    return hit;
  }
  const fresh = await answer();
  if (fresh.status !== 200) return fresh;
  const response = new Response(fresh.body, fresh);
  response.headers.set("Date", new Date().toUTCString());
  ctx.waitUntil(cache.put(key, response.clone()));
  return response;
}

const currentUpdateKey = (request: Request) =>
  new Request(new URL(currentUpdatePath, request.url).toString());

/** The owner's post of an update, or its End now (owner/update-routes.ts). */
const changesUpdate = (request: Request) =>
  request.method === "POST" &&
  /^\/inbox\/updates(?:\/[^/]+\/end)?$/.test(new URL(request.url).pathname);

export default {
  async fetch(request: Request, env: EdgeBindings, ctx: ExecutionContext) {
    if (request.method === "GET" && new URL(request.url).pathname === currentUpdatePath) {
      return currentUpdate(request, env, ctx);
    }
    const response = await edgeFor(env).app.fetch(request, env, ctx);
    // Done (303 to the updates page): the kept read is out of date.
    if (response.status === 303 && changesUpdate(request)) {
      await edgeCache()?.delete(currentUpdateKey(request));
    }
    return response;
  },
  // The Cron Trigger: one pass over the emails that did not go out, and one over the outbox.
  async scheduled(_controller: unknown, env: EdgeBindings) {
    const { notifier, outbox } = edgeFor(env);
    await Promise.all([notifier?.retryUnsent(), outbox?.drain()]);
  },
};
