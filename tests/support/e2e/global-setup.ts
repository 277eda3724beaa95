// Runs once before the specs, in the Playwright runner's own process:
//   1. builds the test site from the fixture content (tests/support/build.ts), unless the last
//      test build is still fresh, and the second build of 5. beside it;
//   2. makes a temp dir holding a copy of that build (site/), the SQLite path and mail/;
//   3. starts the SMTP capture (tests/support/smtp.ts), saving each message as JSON in mail/;
//   4. starts the real server (tests/support/server.ts) with DATABASE_PATH, SMTP_URL and
//      NOTIFY_TO/NOTIFY_FROM;
//   5. makes a second build whose forms post to another origin (VITE_FORMS_ENDPOINT; kept
//      between runs like the first, tests/support/build.ts) and serves it, with a second inbox standing in for the hosted service on its own port
//      (SITE_ORIGINS allows the site): CROSS_SITE_URL, CROSS_FORMS_URL, CROSS_DATABASE_PATH,
//      CROSS_SITE_DIR (that build's folder) and PAGES_PORT (a port whose origin the second
//      inbox also allows, for wrangler).
// It sets BASE_URL, DATABASE_PATH, MAIL_DIR and SMTP_URL in process.env, which the workers
// inherit, and returns the teardown: stop the servers and the SMTP capture, remove the temp dir.
// It prints how long each part took; the servers' output goes to reports/e2e-server.log.
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot as root } from "../../../tooling/project.ts";
import { buildCrossOriginSite, buildTestSite, testSiteDir } from "../build.ts";
import { freePort, type RunningServer, startServer } from "../server.ts";
import { startSmtp } from "../smtp.ts";

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export default async function globalSetup() {
  const setupStarted = Date.now();
  // The cross-origin pair: a build posting to `formsUrl`, served at `crossUrl`. Both builds
  // before anything starts, so a failed build leaves no process behind; at once, since nothing
  // else runs yet and one build keeps only one core busy (on a fresh clone 26 s one after the
  // other, 17 s together).
  const say = (message: string) => console.log(`[e2e] ${message}`);
  const [, cross] = await Promise.all([buildTestSite(say), buildCrossOriginSite(say)]);
  const [crossPort, pagesPort] = [await freePort(), await freePort()];
  const formsPort = cross.formsPort;
  const crossUrl = `http://127.0.0.1:${crossPort}`;
  const tmp = mkdtempSync(join(tmpdir(), "rink-e2e-"));
  const crossSiteDir = join(tmp, "cross-site");
  cpSync(cross.siteDir, crossSiteDir, { recursive: true });
  const mailDir = join(tmp, "mail");
  mkdirSync(mailDir);
  // Serve a copy, so a rebuild during the run cannot change the site under the specs.
  const siteDir = join(tmp, "site");
  cpSync(testSiteDir, siteDir, { recursive: true });
  mkdirSync(join(root, "reports"), { recursive: true });
  const logPath = join(root, "reports/e2e-server.log");
  const log = createWriteStream(logPath);

  const smtp = await startSmtp({ saveTo: mailDir });
  const servers: RunningServer[] = [];
  // Should the runner die without its teardown, no server may outlive it.
  const killAll = () => {
    for (const server of servers) server.kill();
  };
  process.once("exit", killAll);
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    process.off("exit", killAll);
    await smtp.close();
    log.end();
    rmSync(tmp, { recursive: true, force: true });
  };
  // Every spec posts from 127.0.0.1 in parallel; the per-client limit, the daily ceiling and
  // the bound on the owner's emails have their own tests, and here would only make form specs
  // flaky.
  const serve = async (options: Parameters<typeof startServer>[0]) => {
    const server = await startServer({
      ...options,
      log,
      env: {
        RATE_LIMIT_PER_MINUTE: "0",
        DAILY_LIMIT_PER_FORM: "0",
        NOTIFY_MAX_PER_HOUR: "0",
        ...options.env,
      },
    });
    servers.push(server);
    return server;
  };
  let main: RunningServer;
  try {
    const started = Date.now();
    [main] = await Promise.all([
      serve({
        siteDir,
        databasePath: join(tmp, "inbox.db"),
        env: {
          SMTP_URL: smtp.url,
          NOTIFY_TO: "owner@example.test",
          NOTIFY_FROM: "website@example.test",
        },
      }),
      serve({ siteDir: crossSiteDir, databasePath: join(tmp, "cross-site.db"), port: crossPort }),
      serve({
        siteDir,
        databasePath: join(tmp, "cross-inbox.db"),
        port: formsPort,
        // The same build served by `wrangler pages dev` (static-host.spec.ts) posts here too.
        env: { SITE_ORIGINS: `${crossUrl},http://127.0.0.1:${pagesPort}` },
      }),
    ]);
    console.log(`[e2e] started 3 servers in ${seconds(started)}`);
  } catch (error) {
    await teardown();
    throw new Error(`${error instanceof Error ? error.message : error}\nSee ${logPath}`);
  }

  process.env.BASE_URL = main.url;
  process.env.DATABASE_PATH = join(tmp, "inbox.db");
  process.env.MAIL_DIR = mailDir;
  process.env.SMTP_URL = smtp.url;
  process.env.CROSS_SITE_URL = crossUrl;
  process.env.CROSS_FORMS_URL = `http://127.0.0.1:${formsPort}`;
  process.env.CROSS_DATABASE_PATH = join(tmp, "cross-inbox.db");
  process.env.CROSS_SITE_DIR = crossSiteDir;
  process.env.PAGES_PORT = String(pagesPort);
  // Bound only when static-host.spec.ts starts: no other server of the run may take it first.
  process.env.RESERVED_PORTS = String(pagesPort);
  console.log(
    `[e2e] global set-up took ${seconds(setupStarted)}: server at ${main.url}, SMTP capture on port ${smtp.port}, temp dir ${tmp}`,
  );
  return teardown;
}
