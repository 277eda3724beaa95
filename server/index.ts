// `node server/index.ts`: read the settings, open the inbox, serve, and shut down without
// losing a submission.
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { openInbox } from "./inbox.ts";
import { createNotifier, smtpMailer } from "./notify.ts";
import { readSettings, type Settings } from "./settings.ts";

let settings: Settings;
try {
  settings = readSettings();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const inbox = openInbox(settings.databasePath);
const mailer = settings.mail ? smtpMailer(settings.mail) : undefined;
const notifier = mailer ? createNotifier({ inbox, send: mailer.send }) : undefined;
if (settings.mail && notifier) notifier.start(settings.mail.retryIntervalMs);

const app = createApp({ siteDir: settings.siteDir, inbox, notifier });

const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, (info) => {
  const shown = settings.host === "0.0.0.0" ? "localhost" : settings.host;
  console.log(`Rink site listening on http://${shown}:${info.port}`);
  console.log(`Inbox: ${settings.databasePath}; email ${settings.mail ? "on" : "off"}`);
});

let stopping = false;

// Stop accepting connections, let requests in flight finish (each answered one is already
// on disk), let emails in flight finish, then close the database cleanly.
async function shutdown(signal: string) {
  if (stopping) {
    // A second Ctrl-C means "now"; committed rows are safe in the WAL regardless.
    process.exit(1);
  }
  stopping = true;
  console.log(`${signal}: shutting down`);
  setTimeout(() => {
    console.error("Shutdown took over 10 s; exiting anyway.");
    inbox.close();
    process.exit(1);
  }, 10_000).unref();
  await new Promise<void>((done) => server.close(() => done()));
  await notifier?.stop();
  mailer?.close();
  inbox.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
