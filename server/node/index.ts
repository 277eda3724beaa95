// `node server/node/index.ts`: read the settings, open the inbox, serve, and shut down without
// losing a submission.
// First: the hook that compiles the owner's .tsx screens as they load (decision 026).
import "./jsx.ts";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import pino from "pino";
import { defaultRateLimitPerMinute } from "../forms/form-endpoint.ts";
import { createNotifier } from "../forms/notify.ts";
import { createRateLimiter } from "../forms/rate-limit.ts";
import { groupRecorder } from "../insights/recorder.ts";
import { beaconsPerMinute } from "../insights/route.ts";
import { insightsStore } from "../insights/store.ts";
import { mondaySummary } from "../insights/summary.ts";
import { insightsTick } from "../insights/tick.ts";
import { createOutbox } from "../lists/outbox.ts";
import { outboxStore } from "../lists/outbox-store.ts";
import { listHooksOf, listServicesOf, textRulesOf } from "../lists/settings.ts";
import { escapingLog } from "../log-text.ts";
import { ownersToEmail } from "../owner/auth.ts";
import { deletions } from "../owner/deletions.ts";
import { ownerStore } from "../owner/store.ts";
import { hostHelp } from "../owner/words.ts";
import { updateWords } from "../updates/outbox-rows.ts";
import { updateRecords } from "../updates/store.ts";
import { openDatabase } from "./database.ts";
import { deletionKeyFor } from "./deletion-key.ts";
import { readSettings, type Settings } from "./settings.ts";
import { smtpMailer } from "./smtp-mailer.ts";

// Imported once jsx.ts's hook is in place: a static import would load the app's modules, the
// owner's .tsx screens among them, before any module of this file has run.
const { createApp } = await import("./app.ts");

let settings: Settings;
try {
  settings = readSettings();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// JSON lines on stdout, written asynchronously so a slow reader never stalls a request;
// flushed before every exit.
const destination = pino.destination({ dest: 1, sync: false });
const logger = pino(
  { level: settings.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
  destination,
);
// Every room's log lines go through these two, their control characters escaped
// (log-text.ts): a path or an address from a request cannot write a line of its own.
const log = escapingLog((message) => logger.error(message));
const logInfo = escapingLog((message) => logger.info(message));

function exit(code: number): never {
  try {
    destination.flushSync();
  } catch {
    // Nothing buffered, or stdout is gone: nothing more can be done about a log line.
  }
  process.exit(code);
}

const inbox = openDatabase(settings.databasePath);
const owners = ownerStore(inbox.sql, { afterDelete: () => inbox.scrub() });
// The submissions' emails to NOTIFY_TO, else to the owner the first run added.
const mailer = settings.mail
  ? smtpMailer({ ...settings.mail, to: ownersToEmail(owners, settings.mail.to) })
  : undefined;
const notifier =
  mailer && settings.mail
    ? createNotifier({
        inbox,
        send: mailer.send,
        log,
        perHour: settings.mail.maxPerHour,
        inboxUrl: `${settings.siteUrl ?? ""}/inbox/`,
      })
    : undefined;

// The list services' outbox (Kit, Twilio): drained on its own timer, whether or not the
// owner's email is set up; nothing to drain without a service.
const lists = outboxStore(inbox.sql, updateWords);
const listServices = listServicesOf(settings.lists);
const outbox =
  listServices.email || listServices.text
    ? createOutbox({
        store: lists,
        services: listServices,
        retrySeconds: settings.lists.retrySeconds,
        ...(textRulesOf(settings.lists) ? { texts: textRulesOf(settings.lists) } : {}),
        log: logInfo,
      })
    : undefined;
const hooks = listHooksOf(settings.lists, lists, settings.siteUrl);

// The site's own counts: the beacons of a second in one transaction (insights/recorder.ts), and
// their clock each minute (the day's end, the Monday summary).
const insights = insightsStore(inbox.sql);
const insightsRecorder = groupRecorder(insights, { log });
const insightsClock = insightsTick({
  store: insights,
  ...(mailer
    ? {
        summary: mondaySummary({
          store: insights,
          owners: ownersToEmail(owners, settings.owners),
          sendTo: mailer.sendTo,
          siteUrl: settings.siteUrl,
          log,
        }),
      }
    : {}),
});

let app: ReturnType<typeof createApp>;
try {
  app = createApp({
    siteDir: settings.siteDir,
    inbox,
    notifier,
    ...(outbox ? { outbox } : {}),
    ...(hooks ? { hooks: { ...hooks, log: logInfo } } : {}),
    updates: {
      store: updateRecords(inbox.sql),
      services: listServices,
      ...(settings.lists.rinkName ? { rinkName: settings.lists.rinkName } : {}),
      ...(settings.lists.sendHours ? { sendHours: settings.lists.sendHours } : {}),
    },
    log,
    logger,
    rateLimitPerMinute: settings.rateLimitPerMinute,
    dailyLimitPerForm: settings.dailyLimitPerForm,
    textsToCanada: settings.lists.textsToCanada ?? false,
    trustProxy: settings.trustProxy,
    siteOrigins: settings.siteOrigins,
    ...(settings.editor ? { editor: settings.editor } : {}),
    insights: {
      store: insights,
      recorder: insightsRecorder,
      limiter: createRateLimiter({ perMinute: beaconsPerMinute }),
    },
    owner: {
      store: owners,
      deletions: deletions(inbox.sql, deletionKeyFor(settings.databasePath)),
      owners: settings.owners,
      ...(mailer ? { sendTo: mailer.sendTo } : {}),
      ...(settings.siteUrl ? { siteUrl: settings.siteUrl } : {}),
      limiter: createRateLimiter({ perMinute: defaultRateLimitPerMinute }),
      firstRun: { code: settings.setupCode },
      hostHelp: hostHelp.node,
      log: logInfo,
    },
  });
} catch (error) {
  // A site that is not built, most likely: say so in one line, without a stack trace.
  console.error(error instanceof Error ? error.message : error);
  mailer?.close();
  inbox.close();
  exit(1);
}
if (settings.mail && notifier) notifier.start(settings.mail.retryIntervalMs);
outbox?.start(settings.lists.retrySeconds * 1000);
const runInsightsClock = () =>
  insightsClock().catch((error) => {
    log(`insights: the day's end failed: ${error instanceof Error ? error.message : error}`);
  });
void runInsightsClock();
const insightsTimer = setInterval(runInsightsClock, 60_000);
insightsTimer.unref();

let stopping = false;

// While stopping, every answer closes its connection, so a keep-alive client neither reuses
// it nor holds the process open until the keep-alive timeout.
const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
  // serve() without createServer options is HTTP/1.1: the bindings are HttpBindings.
  const response = await app.fetch(request, env as HttpBindings);
  if (stopping) response.headers.set("Connection", "close");
  return response;
};

const server = serve({ fetch, port: settings.port, hostname: settings.host }, (info) => {
  const shown = settings.host === "0.0.0.0" ? "localhost" : settings.host;
  logger.info(`Rink site listening on http://${shown}:${info.port}`);
  logger.info(
    {
      inbox: settings.databasePath,
      email: settings.mail ? "on" : "off",
      rateLimitPerMinute: settings.rateLimitPerMinute,
      dailyLimitPerForm: settings.dailyLimitPerForm,
      notifyMaxPerHour: settings.mail?.maxPerHour,
      trustProxy: settings.trustProxy.kind,
      siteOrigins: settings.siteOrigins,
      emailList: settings.lists.kit ? "kit" : "off",
      textList: settings.lists.twilio ? "twilio" : "off",
    },
    "settings",
  );
});

// Stop accepting connections, let requests in flight finish (each answered one is already
// on disk), let emails in flight finish, then close the database cleanly.
async function shutdown(signal: string) {
  if (stopping) {
    // A second Ctrl-C means "now"; committed rows are safe in the WAL regardless.
    exit(1);
  }
  stopping = true;
  logger.info(`${signal}: shutting down`);
  setTimeout(() => {
    logger.error("Shutdown took over 10 s; exiting anyway.");
    inbox.close();
    exit(1);
  }, 10_000).unref();
  const closed = new Promise<void>((done) => server.close(() => done()));
  // Idle keep-alive connections would otherwise hold close() open until they time out;
  // those with a request in flight end after their answer, which now says Connection: close.
  if ("closeIdleConnections" in server) server.closeIdleConnections();
  await closed;
  await notifier?.stop();
  await outbox?.stop();
  clearInterval(insightsTimer);
  await insightsRecorder.flush();
  mailer?.close();
  inbox.close();
  logger.info("stopped; inbox closed");
  exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
