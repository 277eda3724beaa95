// Runs once before the specs, in the Playwright runner's own process:
//   1. builds the site (`npm run build`), unless E2E_SKIP_BUILD=1 says a fresh build exists;
//   2. makes a temp dir holding a copy of build/client (site/), the SQLite path and mail/;
//   3. starts an SMTP capture server on 127.0.0.1 (port chosen by the OS) that saves every
//      message it receives as a JSON file in mail/ (see CapturedMail in fixtures.ts);
//   4. starts the real server, `node server/index.ts` with the project's Node 24, on a free
//      port with DATABASE_PATH, SMTP_URL and NOTIFY_TO/NOTIFY_FROM, and waits until it answers.
//   5. makes a second build whose forms post to another origin (BUILD_DIR under .tmp/, moved
//      to the temp dir; VITE_FORMS_ENDPOINT) and serves it, with a second inbox standing in for the hosted
//      service on its own port (SITE_ORIGINS allows the site): CROSS_SITE_URL,
//      CROSS_FORMS_URL, CROSS_DATABASE_PATH, CROSS_SITE_DIR (that build's folder) and
//      PAGES_PORT (a port whose origin the second inbox also allows, for wrangler).
// It sets BASE_URL, DATABASE_PATH, MAIL_DIR and SMTP_URL in process.env, which the workers inherit,
// and returns the teardown: stop the server and the SMTP server, remove the temp dir.
// The server's output goes to reports/e2e-server.log.

import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import {
  freePort,
  projectNode,
  projectRoot as root,
  stopProcess,
  waitUntilUp,
} from "../../scripts/local-tools.ts";
import { buildSiteCopy, runBuild } from "./content-site";
import { parseMail } from "./mail-parse";

/** Runs `build`, saying how long it took. */
function timed(what: string, build: () => void): void {
  const started = Date.now();
  build();
  console.log(`[e2e] built ${what} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

function build(): void {
  if (process.env.E2E_SKIP_BUILD === "1") {
    if (!existsSync(join(root, "build/client/index.html"))) {
      throw new Error("E2E_SKIP_BUILD=1 but build/client/index.html is missing: run npm run build");
    }
    return;
  }
  timed("the site", () => runBuild());
}

/**
 * A second build whose forms post to another origin (as with the hosted service), for the
 * CSP and CORS specs, copied to `siteDir`.
 */
function buildCrossOrigin(siteDir: string, formsEndpoint: string): void {
  timed("the cross-origin site", () =>
    buildSiteCopy(siteDir, { VITE_FORMS_ENDPOINT: formsEndpoint }),
  );
}

async function startSmtp(mailDir: string): Promise<{ server: SMTPServer; port: number }> {
  let count = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its self-signed certificate would fail the
    // client's check), any login accepted if the client sends one.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "e2e" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mailFrom = session.envelope.mailFrom;
        const mail = {
          receivedAt: new Date().toISOString(),
          envelope: {
            from: mailFrom ? mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          ...parseMail(raw),
          raw,
        };
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(4, "0")}`;
        // Write then rename, so a spec polling the folder never reads half a file.
        const partial = join(mailDir, `${name}.json.part`);
        writeFile(partial, JSON.stringify(mail, null, 2))
          .then(() => rename(partial, join(mailDir, `${name}.json`)))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, port };
}

export default async function globalSetup() {
  build();

  const tmp = mkdtempSync(join(tmpdir(), "rink-e2e-"));
  // The cross-origin pair: a build posting to `formsUrl`, served at `crossUrl`. Built before
  // anything starts, so a failed build leaves no process behind.
  const [crossPort, formsPort, pagesPort] = [await freePort(), await freePort(), await freePort()];
  const crossUrl = `http://127.0.0.1:${crossPort}`;
  const formsUrl = `http://127.0.0.1:${formsPort}`;
  const crossDatabasePath = join(tmp, "cross-inbox.db");
  try {
    buildCrossOrigin(join(tmp, "cross-site"), formsUrl);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  const databasePath = join(tmp, "inbox.db");
  const mailDir = join(tmp, "mail");
  mkdirSync(mailDir);
  // Serve a copy, so a rebuild in the work tree during the run cannot change the site
  // under the specs.
  const siteDir = join(tmp, "site");
  cpSync(join(root, "build/client"), siteDir, { recursive: true });
  mkdirSync(join(root, "reports"), { recursive: true });
  const logPath = join(root, "reports/e2e-server.log");

  const smtp = await startSmtp(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logPath);
  const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  const servers: ChildProcess[] = [];
  const serve = (env: Record<string, string>) => {
    const server = spawn(projectNode, ["server/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        // Every spec posts from 127.0.0.1 in parallel; the per-client limit has its own
        // server tests, and here it would only make form specs flaky.
        RATE_LIMIT_PER_MINUTE: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.pipe(log, { end: false });
    server.stderr?.pipe(log, { end: false });
    servers.push(server);
    return server;
  };
  // Should the runner die without its teardown, no server may outlive it.
  const killAll = () => {
    for (const server of servers) server.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const child = serve({
    PORT: String(port),
    SITE_DIR: siteDir,
    DATABASE_PATH: databasePath,
    SMTP_URL: smtpUrl,
    NOTIFY_TO: "owner@example.test",
    NOTIFY_FROM: "website@example.test",
  });
  const crossSite = serve({
    PORT: String(crossPort),
    SITE_DIR: join(tmp, "cross-site"),
    DATABASE_PATH: join(tmp, "cross-site.db"),
  });
  const formsService = serve({
    PORT: String(formsPort),
    SITE_DIR: siteDir,
    DATABASE_PATH: crossDatabasePath,
    // The same build served by `wrangler pages dev` (static-host.spec.ts) posts here too.
    SITE_ORIGINS: `${crossUrl},http://127.0.0.1:${pagesPort}`,
  });

  const teardown = async () => {
    await Promise.all([stopProcess(crossSite), stopProcess(formsService)]);
    await stopProcess(child);
    process.off("exit", killAll);
    await new Promise<void>((done) => smtp.server.close(() => done()));
    log.end();
    rmSync(tmp, { recursive: true, force: true });
  };

  try {
    const failure = (why: string) => `A server ${why}; see ${logPath}`;
    await waitUntilUp(`${baseUrl}/`, child, failure);
    await waitUntilUp(`${crossUrl}/`, crossSite, failure);
    await waitUntilUp(`${formsUrl}/`, formsService, failure);
  } catch (error) {
    await teardown();
    throw error;
  }

  process.env.BASE_URL = baseUrl;
  process.env.DATABASE_PATH = databasePath;
  process.env.MAIL_DIR = mailDir;
  process.env.SMTP_URL = smtpUrl;
  process.env.CROSS_SITE_URL = crossUrl;
  process.env.CROSS_FORMS_URL = formsUrl;
  process.env.CROSS_DATABASE_PATH = crossDatabasePath;
  process.env.CROSS_SITE_DIR = join(tmp, "cross-site");
  process.env.PAGES_PORT = String(pagesPort);
  console.log(`[e2e] server at ${baseUrl}, SMTP capture on port ${smtp.port}, temp dir ${tmp}`);
  return teardown;
}
