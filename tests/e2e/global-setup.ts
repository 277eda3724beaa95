// Runs once before the specs, in the Playwright runner's own process:
//   1. builds the site (`npm run build`), unless E2E_SKIP_BUILD=1 says a fresh build exists;
//   2. makes a temp dir holding a copy of build/client (site/), the SQLite path and mail/;
//   3. starts an SMTP capture server on 127.0.0.1 (port chosen by the OS) that saves every
//      message it receives as a JSON file in mail/ (see CapturedMail in fixtures.ts);
//   4. starts the real server, `node server/index.ts` with the project's Node 24, on a free
//      port with DATABASE_PATH, SMTP_URL and NOTIFY_TO/NOTIFY_FROM, and waits until it answers.
//   5. makes a second build whose forms post to another origin (BUILD_DIR in the temp dir,
//      VITE_FORMS_ENDPOINT) and serves it, with a second inbox standing in for the hosted
//      service on its own port (SITE_ORIGINS allows the site): CROSS_SITE_URL,
//      CROSS_FORMS_URL, CROSS_DATABASE_PATH.
// It sets BASE_URL, DATABASE_PATH, MAIL_DIR, SMTP_URL and SITE_DIR in process.env, which the workers inherit,
// and returns the teardown: stop the server and the SMTP server, remove the temp dir.
// The server's output goes to reports/e2e-server.log.

import { spawn, spawnSync } from "node:child_process";
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/local-tools.ts";
import { parseMail } from "./mail-parse";

const root = resolve(import.meta.dirname, "../..");
// `npm run` and `npx` put node_modules/.bin first, so this is the project's Node 24.
const projectNode = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

function build(): void {
  if (process.env.E2E_SKIP_BUILD === "1") {
    if (!existsSync(join(root, "build/client/index.html"))) {
      throw new Error("E2E_SKIP_BUILD=1 but build/client/index.html is missing: run npm run build");
    }
    return;
  }
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`npm run build failed with exit code ${result.status}`);
  }
  console.log(`[e2e] built the site in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/**
 * A second build whose forms post to another origin (as with the hosted service), for the
 * CSP and CORS specs: the site on one port, our inbox standing in for the service on another.
 */
function buildCrossOrigin(buildDir: string, formsEndpoint: string): void {
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, BUILD_DIR: buildDir, VITE_FORMS_ENDPOINT: formsEndpoint },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`the cross-origin build failed with exit code ${result.status}`);
  }
  console.log(
    `[e2e] built the cross-origin site in ${((Date.now() - started) / 1000).toFixed(1)}s`,
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

async function waitUntilUp(url: string, child: ReturnType<typeof spawn>, logPath: string) {
  const deadline = Date.now() + 30_000;
  let exited: number | null = null;
  child.once("exit", (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`The server exited with code ${exited} before answering; see ${logPath}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not answer ${url} within 30s; see ${logPath}`);
}

function stop(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill("SIGTERM");
  });
}

export default async function globalSetup() {
  build();

  const tmp = mkdtempSync(join(tmpdir(), "rink-e2e-"));
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
  const child = spawn(projectNode, ["server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_DIR: siteDir,
      DATABASE_PATH: databasePath,
      SMTP_URL: smtpUrl,
      NOTIFY_TO: "owner@example.test",
      NOTIFY_FROM: "website@example.test",
      // Every spec posts from 127.0.0.1 in parallel; the per-client limit has its own
      // server tests, and here it would only make form specs flaky.
      RATE_LIMIT_PER_MINUTE: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // Should the runner die without its teardown, the server must not outlive it.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);

  // The cross-origin pair: a build posting to `formsUrl`, served at `crossUrl`.
  const [crossPort, formsPort] = [await freePort(), await freePort()];
  const crossUrl = `http://127.0.0.1:${crossPort}`;
  const formsUrl = `http://127.0.0.1:${formsPort}`;
  const crossDatabasePath = join(tmp, "cross-inbox.db");
  // Built inside the project (the prerenderer resolves node_modules from the build), then
  // moved to the temp dir like the main site.
  const crossBuild = join(root, ".tmp", `e2e-cross-build-${process.pid}`);
  buildCrossOrigin(crossBuild, formsUrl);
  cpSync(join(crossBuild, "client"), join(tmp, "cross-site"), { recursive: true });
  rmSync(crossBuild, { recursive: true, force: true });
  const serve = (env: Record<string, string>) => {
    const server = spawn(projectNode, ["server/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        RATE_LIMIT_PER_MINUTE: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.pipe(log, { end: false });
    server.stderr?.pipe(log, { end: false });
    return server;
  };
  const crossSite = serve({
    PORT: String(crossPort),
    SITE_DIR: join(tmp, "cross-site"),
    DATABASE_PATH: join(tmp, "cross-site.db"),
  });
  const formsService = serve({
    PORT: String(formsPort),
    SITE_DIR: siteDir,
    DATABASE_PATH: crossDatabasePath,
    SITE_ORIGINS: crossUrl,
  });
  const killCross = () => {
    crossSite.kill("SIGKILL");
    formsService.kill("SIGKILL");
  };
  process.once("exit", killCross);

  const teardown = async () => {
    await Promise.all([stop(crossSite), stop(formsService)]);
    process.off("exit", killCross);
    await stop(child);
    process.off("exit", killChild);
    await new Promise<void>((done) => smtp.server.close(() => done()));
    log.end();
    rmSync(tmp, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(`${baseUrl}/`, child, logPath);
    await waitUntilUp(`${crossUrl}/`, crossSite, logPath);
    await waitUntilUp(`${formsUrl}/`, formsService, logPath);
  } catch (error) {
    await teardown();
    throw error;
  }

  process.env.BASE_URL = baseUrl;
  process.env.DATABASE_PATH = databasePath;
  process.env.MAIL_DIR = mailDir;
  process.env.SMTP_URL = smtpUrl;
  process.env.SITE_DIR = siteDir;
  process.env.CROSS_SITE_URL = crossUrl;
  process.env.CROSS_FORMS_URL = formsUrl;
  process.env.CROSS_DATABASE_PATH = crossDatabasePath;
  console.log(`[e2e] server at ${baseUrl}, SMTP capture on port ${smtp.port}, temp dir ${tmp}`);
  return teardown;
}
