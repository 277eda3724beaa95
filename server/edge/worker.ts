// The Worker: Cloudflare serves the built site from its static assets and runs this only for
// the inbox's paths (run_worker_first in wrangler.jsonc), so page views stay free and
// unmetered (the pages' read of /updates/current.json, at most twice a minute a visitor, is
// the one exception). The inbox is the Node server's (server/routes.ts, rink/forms/), over D1, the
// send_email binding and the ratelimits binding; a Cron Trigger retries unsent emails and drains
// the list services' outbox (Kit, Twilio), whose passes chain through a Queue (queue() below).
import { type ExecutionContext, Hono } from "hono";
import { liveUpdatePath } from "../../rink/live-update.ts";
import { warmUp as warmUpContentCheck } from "../editor/content-check.ts";
import { type EditorGithub, editorGithubOf } from "../editor/settings.ts";
import type { ServerEnv } from "../env.ts";
import { defaultRateLimitPerMinute } from "../forms/form-endpoint.ts";
import { createNotifier, type Notifier } from "../forms/notify.ts";
import { createRateLimiter, type RateDecision } from "../forms/rate-limit.ts";
import { eachRecorder } from "../insights/recorder.ts";
import { beaconsPerMinute } from "../insights/route.ts";
import { insightsStore } from "../insights/store.ts";
import { mondaySummary } from "../insights/summary.ts";
import { insightsTick } from "../insights/tick.ts";
import { createOutbox, type Outbox } from "../lists/outbox.ts";
import { outboxStore } from "../lists/outbox-store.ts";
import { listHooksOf, listServicesOf, textRulesOf } from "../lists/settings.ts";
import { escapingLog } from "../log-text.ts";
import { ownersToEmail } from "../owner/auth.ts";
import { deletions } from "../owner/deletions.ts";
import { ownerStore } from "../owner/store.ts";
import { hostHelp } from "../owner/words.ts";
import { serverRoutes } from "../routes.ts";
import { baseHeaders, httpsOnlyHeaders } from "../security-headers.ts";
import {
  listServiceRules,
  listSettingsOf,
  readEach,
  type SharedSettings,
  twilioApiKeyPair,
} from "../settings.ts";
import { updateWords } from "../updates/outbox-rows.ts";
import { updateRecords } from "../updates/store.ts";
import type { EdgeBindings, Queue, RateLimit } from "./bindings.ts";
import { d1Runner, d1Store } from "./d1-store.ts";
import { emailMailer } from "./email.ts";

type EdgeEnv = ServerEnv & { Bindings: EdgeBindings };

// A whole save run once through the editor's guard and content check (graphql-js, zod's
// schemas, the YAML readers) in the global scope, at an isolate's start, whose own limit is
// 1 s: not on the owner's first save, whose 10 ms it would take several times over (decision
// 024; the proxy's import() finds it made).
warmUpContentCheck();

// Every room is handed these, so each line reaches the Workers' logs (and `wrangler tail`)
// with its control characters escaped (log-text.ts): a path or an address from a request
// cannot write a line of its own. The rooms' own defaults are never used here.
const log = escapingLog((message) => console.error(message));
const logInfo = escapingLog((message) => console.log(message));

/** The binding's window is a minute; it does not say when the client's next slot opens. */
const bindingLimiter = (binding: RateLimit) => ({
  async take(key: string): Promise<RateDecision> {
    const { success } = await binding.limit({ key });
    return success ? { ok: true } : { ok: false, retryAfterSeconds: 60 };
  },
});

/**
 * The shared settings (server/settings.ts) as the variables and secrets give them. Where Node
 * refuses to start, the Worker says why in its log and leaves that part off: a setting its rule
 * refuses is read as unset (its default, if it has one), and a list service without all of its
 * own settings is not set up.
 */
function settingsOf(env: EdgeBindings): SharedSettings & {
  setUp: { kit: boolean; twilio: boolean };
  editor?: EditorGithub | undefined;
  /** A SETUP_CODE was given and its rule refused it (read as unset). */
  setupCodeRefused: boolean;
} {
  const { settings, refused } = readEach(env);
  for (const [name, message] of refused) log(`${name} ${message}: ignored, as if unset`);
  const setUp = (rule: (typeof listServiceRules)[keyof typeof listServiceRules]) => {
    if (!rule.on(settings)) return false;
    const missing = rule.requires.filter((name) => !settings[name] && !refused.has(name));
    const bad = [...rule.requires, ...rule.reads].filter((name) => refused.has(name));
    const why = [
      ...(missing.length > 0 ? [`${missing.join(", ")} missing`] : []),
      ...(bad.length > 0 ? [`${bad.join(", ")} refused`] : []),
    ];
    if (why.length > 0) log(`${rule.name} is not set up: ${why.join("; ")}`);
    return why.length === 0;
  };
  const [sid, secret] = twilioApiKeyPair;
  const halfKey = Boolean(settings[sid]) !== Boolean(settings[secret]);
  if (halfKey) log(`Twilio is not set up: ${sid} and ${secret} go together`);
  const editor = editorGithubOf(settings);
  if (editor.missing.length > 0) {
    log(`The editor is not connected: ${editor.missing.join(", ")} missing`);
  }
  return {
    ...settings,
    setUp: { kit: setUp(listServiceRules.kit), twilio: !halfKey && setUp(listServiceRules.twilio) },
    editor: editor.github,
    setupCodeRefused: refused.has("SETUP_CODE"),
  };
}

/**
 * The requests to Kit and Twilio one invocation's outbox drain may make, within the free
 * plan's 50 subrequests and 10 ms of CPU an invocation, as `npm run bench:edge` measures them
 * (docs/benchmarks.md): a pass of its own (the Cron's, or a Queue message's) 5: at 10 a pass
 * its worst read 11.9-12.9 ms here, at 20 its median 10.6. A request's drain (a signup's add
 * and confirmation text, an update's broadcast) only asks for a pass on the Queue; without the
 * Queue it makes 3, on top of the request's own work.
 */
const edgeCalls = { request: 3, pass: 5 };

/** The Queue message that asks for the outbox's next pass (its body is not read). */
const nextPass = { outbox: "next pass" };

/** Asks for the outbox's next pass on its Queue; false (and said in the log) when it cannot. */
const askForPass = (queue: Queue) =>
  queue.send(nextPass).then(
    () => true,
    (error: unknown) => {
      log(`outbox: the next pass could not be queued (${String(error)}); the Cron will go on`);
      return false;
    },
  );

/**
 * An outbox on the Queue. Its drain, when it leaves work due for want of calls, asks for the
 * next pass as a Queue message: an invocation of its own, so an update's 500 texts go in a
 * couple of minutes, 5 an invocation, not 5 a minute on the Cron. Every row is claimed before
 * its call, so chains that meet (one a minute from the Cron) never send a row twice.
 * `askFirst`, a request's drain (after a signup, an update posted): the pass asked for, not run,
 * so the request's invocation holds only its own work and the pass has an invocation (and
 * 10 ms) of its own, at once; run in the request if it cannot be asked. Without the Queue: as
 * it was.
 */
function onQueue(outbox: Outbox, queue: Queue | undefined, askFirst: boolean): Outbox {
  if (!queue) return outbox;
  return {
    ...outbox,
    async drain() {
      if (askFirst && (await askForPass(queue))) return { more: false };
      const drained = await outbox.drain();
      if (drained.more) await askForPass(queue);
      return drained;
    },
  };
}

interface Edge {
  notifier?: Notifier;
  /** The Cron's and the Queue's drains; the requests' (a signup, an update posted) are the routes'. */
  outbox?: Outbox;
  /** The counts' day end and the Monday summary (insights/tick.ts), run by the Cron. */
  insightsTick: () => Promise<void>;
  app: Hono<EdgeEnv>;
}

function createEdge(env: EdgeBindings): Edge {
  const store = d1Store(env.DB);
  const sql = d1Runner(env.DB);
  const settings = settingsOf(env);
  const to = settings.NOTIFY_TO ?? [];
  const from = settings.NOTIFY_FROM ?? to[0];
  const owners = ownerStore(sql);
  // The submissions' emails to NOTIFY_TO, else to the owner the first run added.
  const mailer =
    env.NOTIFY_EMAIL && from
      ? emailMailer(env.NOTIFY_EMAIL, { to: ownersToEmail(owners, to), from })
      : undefined;
  const notifier = mailer
    ? createNotifier({
        inbox: store,
        send: mailer.send,
        perHour: settings.NOTIFY_MAX_PER_HOUR,
        inboxUrl: `${settings.SITE_URL ?? ""}/inbox/`,
        log,
      })
    : undefined;
  const lists = listSettingsOf(settings, settings.setUp);
  const listServices = listServicesOf(lists);
  const listStore = outboxStore(sql, updateWords);
  const outboxWith = (callsPerDrain: number, askFirst: boolean) =>
    listServices.email || listServices.text
      ? onQueue(
          createOutbox({
            store: listStore,
            services: listServices,
            retrySeconds: lists.retrySeconds,
            callsPerDrain,
            ...(textRulesOf(lists) ? { texts: textRulesOf(lists) } : {}),
            log: logInfo,
          }),
          env.OUTBOX_PASSES,
          askFirst,
        )
      : undefined;
  // Two drains over the same rows (each row is claimed before its call): one a request starts
  // after its answer (with the Queue, a message asking for a pass), one the Cron and the
  // Queue's messages run.
  const outbox = outboxWith(edgeCalls.request, true);
  const cronOutbox = outboxWith(edgeCalls.pass, false);
  const hooks = listHooksOf(lists, listStore, settings.SITE_URL);
  const limiter = env.FORM_LIMIT
    ? bindingLimiter(env.FORM_LIMIT)
    : createRateLimiter({ perMinute: defaultRateLimitPerMinute });
  // The site's own counts: each beacon one D1 batch (insights/recorder.ts), after the answer.
  const insights = insightsStore(sql);
  const insightsLimiter = env.INSIGHTS_LIMIT
    ? bindingLimiter(env.INSIGHTS_LIMIT)
    : createRateLimiter({ perMinute: beaconsPerMinute });

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
    serverRoutes({
      inbox: store,
      // D1 writes each submission as it comes; no group commit across requests.
      save: async (submission) => store.insert(submission),
      limiter,
      dailyLimitPerForm: settings.DAILY_LIMIT_PER_FORM,
      textsToCanada: settings.SMS_TO_CANADA,
      background: (c, task) => c.executionCtx.waitUntil(task),
      notifier,
      ...(outbox ? { outbox } : {}),
      ...(hooks ? { hooks: { ...hooks, log: logInfo } } : {}),
      updates: {
        store: updateRecords(sql),
        services: listServices,
        ...(lists.rinkName ? { rinkName: lists.rinkName } : {}),
        ...(lists.sendHours ? { sendHours: lists.sendHours } : {}),
        // The pages' kept read in this data centre is out of date (liveUpdate below).
        changed: async (requestUrl) => {
          await edgeCache()?.delete(liveUpdateKey(requestUrl));
        },
      },
      siteOrigins: settings.SITE_ORIGINS,
      editor: settings.editor,
      insights: { store: insights, recorder: eachRecorder(insights), limiter: insightsLimiter },
      log,
      owner: {
        store: owners,
        // A secret (`wrangler secret put DELETION_KEY`), so D1's copies hold no testable hash.
        ...(env.DELETION_KEY ? { deletions: deletions(sql, env.DELETION_KEY) } : {}),
        owners: settings.OWNER_EMAILS ?? to,
        ...(mailer ? { sendTo: mailer.sendTo } : {}),
        ...(settings.SITE_URL ? { siteUrl: settings.SITE_URL } : {}),
        limiter,
        firstRun: { code: settings.SETUP_CODE, codeRefused: settings.setupCodeRefused },
        hostHelp: hostHelp.workers,
        // The owner's log (sign-ins, exports) and the editor's (routes.ts hands it on).
        log: logInfo,
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
    log(`${c.req.method} ${c.req.path} failed: ${String(error)}`);
    return c.text("Internal Server Error", 500);
  });
  return {
    notifier,
    ...(cronOutbox ? { outbox: cronOutbox } : {}),
    insightsTick: insightsTick({
      store: insights,
      ...(mailer
        ? {
            summary: mondaySummary({
              store: insights,
              owners: ownersToEmail(owners, settings.OWNER_EMAILS ?? to),
              sendTo: mailer.sendTo,
              siteUrl: settings.SITE_URL,
              log,
            }),
          }
        : {}),
    }),
    app,
  };
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
 * own post or End now empties it at once, in the owner's data centre (the updates' `changed`). (Cloudflare: the Cache
 * API works on a custom domain; on *.workers.dev it keeps nothing.)
 */
async function liveUpdate(
  request: Request,
  env: EdgeBindings,
  ctx: ExecutionContext,
): Promise<Response> {
  const cache = edgeCache();
  const answer = () => edgeFor(env).app.fetch(request, env, ctx);
  if (!cache) return answer();
  const key = liveUpdateKey(request.url);
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

const liveUpdateKey = (url: string) => new Request(new URL(liveUpdatePath, url).toString());

export default {
  async fetch(request: Request, env: EdgeBindings, ctx: ExecutionContext) {
    if (request.method === "GET" && new URL(request.url).pathname === liveUpdatePath) {
      return liveUpdate(request, env, ctx);
    }
    return edgeFor(env).app.fetch(request, env, ctx);
  },
  // The Cron Trigger: one pass over the emails that did not go out, one over the outbox, and
  // the counts' clock (the day's end, the Monday summary in its hour).
  async scheduled(_controller: unknown, env: EdgeBindings) {
    const { notifier, outbox, insightsTick } = edgeFor(env);
    await Promise.all([notifier?.retryUnsent(), outbox?.drain(), insightsTick()]);
  },
  // A message of the outbox's Queue (OUTBOX_PASSES): one more pass, which queues the next while
  // work is left. Answered, the message is done; a pass never throws (lists/outbox.ts).
  async queue(_batch: unknown, env: EdgeBindings) {
    await edgeFor(env).outbox?.drain();
  },
};
