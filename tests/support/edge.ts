// The site and its inbox as Cloudflare runs them, for the tests and the benchmark: `wrangler
// dev` (local mode, offline) with the repository's wrangler.jsonc (plus the tests' owner and
// sender, and the one email address an account would have verified), in a folder laid out
// like the repository, so its state, the emails it "sends" and its settings stay there. The
// D1 database gets server/migrations first, as `npm run start:edge` does.
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { stripVTControlCharacters } from "node:util";
import { projectRoot } from "../../tooling/project.ts";
import {
  applyMigrations,
  spawnEdgeDev,
  type WranglerPlace,
  workerConfig,
} from "../../tooling/wrangler.ts";
import { freePort, stopProcessGroup, waitUntilUp } from "./server.ts";

/** A message the local send_email binding wrote instead of sending. */
export interface EdgeMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface RunningEdge {
  url: string;
  port: number;
  /** Everything wrangler printed so far. */
  output(): string;
  /** The local D1 database's SQLite file. */
  databaseFile(): string;
  /** The rows of one query on the local D1 file, read with a connection of our own. */
  rows(sql: string, ...params: (string | number)[]): Record<string, unknown>[];
  /** The emails written so far, oldest first. */
  mails(): EdgeMail[];
  /** Resolves once `count` emails are written (or fails after 10 s). */
  waitForMails(count: number): Promise<EdgeMail[]>;
  /** Runs the Cron Trigger once, as Cloudflare would on schedule. */
  runScheduled(): Promise<void>;
  /** Stops wrangler and starts it again on the same state, with these variables. */
  restart(vars?: Record<string, string>): Promise<void>;
  /** Stops wrangler and workerd, and removes the folder. */
  stop(): Promise<void>;
}

export interface EdgeOptions {
  /** The built site (a build's client folder, or the fake one). */
  siteDir: string;
  /** Worker variables over wrangler.jsonc's; a function when one must name the Worker's own port. */
  vars?: Record<string, string> | ((port: number) => Record<string, string>);
}

/**
 * A free port can be taken between our probe and workerd's bind (tests run on both cores), and
 * wrangler then exits "Address already in use" (the stop's CI, 2026-11-26): so a start that
 * fails so is tried again on another free port, three times at most.
 */
const portTaken = /Address already in use/;
const startAttempts = 3;

/**
 * Until `port` can be listened on again: workerd, wrangler's grandchild, can hold it a moment
 * after wrangler has gone, and while it is free any outgoing connection on the machine may take
 * it as its own local port for a while (nothing answers on it then, yet it cannot be bound: the
 * fresh-clone run of 1d5c73b failed so in list-services' quiet-hours restart). At most 15 s.
 */
async function untilBindable(port: number) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const bound = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once("error", () => done(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => done(true)));
    });
    if (bound) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The tests' owner and sender, which the repository's wrangler.jsonc leaves empty (a deploy
 * would keep an example owner, and /setup would stay closed): a test's `vars` go over them.
 */
export const edgeOwnerVars = {
  NOTIFY_TO: "owner@sugarcreekskate.example",
  NOTIFY_FROM: "inbox@sugarcreekskate.example",
};

/**
 * The repository's wrangler.jsonc with the tests' owner and sender (edgeOwnerVars) and one
 * thing of the account added: Cloudflare sends email only to the addresses verified in the
 * account, and locally nothing is verified, so the send_email binding may write only to that
 * owner, as an account with that address verified would.
 */
function testConfig(): string {
  const config = workerConfig();
  const sendEmail = (config.send_email ?? []).map((binding) => ({
    ...binding,
    allowed_destination_addresses: [edgeOwnerVars.NOTIFY_TO],
  }));
  const vars = { ...config.vars, ...edgeOwnerVars };
  return JSON.stringify({ ...config, vars, send_email: sendEmail }, null, 2);
}

/** A folder laid out like the repository for wrangler: wrangler.jsonc, and its sources linked. */
function wranglerFolder(prefix: string): {
  workDir: string;
  place: WranglerPlace & { persistTo: string };
} {
  const workDir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(workDir, "wrangler.jsonc"), testConfig());
  for (const name of ["server", "rink", "node_modules"]) {
    symlinkSync(join(projectRoot, name), join(workDir, name));
  }
  const place = { cwd: workDir, persistTo: join(workDir, "state"), home: join(workDir, "home") };
  mkdirSync(place.home, { recursive: true });
  return { workDir, place };
}

let migrated: Promise<string> | undefined;

/**
 * The local D1 state with server/migrations applied by `wrangler d1 migrations apply`, made
 * once for these migrations, this wrangler.jsonc and wrangler (in .tmp/, named by their hash) and copied
 * for each start: applying them is a wrangler process of its own, 10-30 s on a
 * paravirtualised machine, for the same empty database every time. Two test files that make it
 * at once both apply; the first to rename its copy into place wins, the other uses it.
 */
function migratedState(): Promise<string> {
  migrated ??= (async () => {
    const hash = createHash("sha256");
    const migrations = join(projectRoot, "server/migrations");
    for (const name of readdirSync(migrations).toSorted()) {
      hash.update(name).update(readFileSync(join(migrations, name)));
    }
    hash.update(testConfig());
    hash.update(readFileSync(join(projectRoot, "node_modules/wrangler/package.json")));
    const cacheDir = join(projectRoot, ".tmp/edge-state");
    const ready = join(cacheDir, hash.digest("hex").slice(0, 16));
    if (existsSync(ready)) return ready;
    const { workDir, place } = wranglerFolder("rink-edge-migrate-");
    try {
      await applyMigrations(place);
      mkdirSync(cacheDir, { recursive: true });
      try {
        renameSync(place.persistTo, ready);
      } catch (error) {
        if (!existsSync(ready)) throw error;
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
    return ready;
  })();
  return migrated;
}

export async function startEdge(options: EdgeOptions): Promise<RunningEdge> {
  // wrangler.jsonc as the tests' account has it; the sources it names and the site through links.
  const { workDir, place } = wranglerFolder("rink-edge-");
  mkdirSync(join(workDir, "build"));
  symlinkSync(options.siteDir, join(workDir, "build/client"));
  cpSync(await migratedState(), place.persistTo, { recursive: true });

  let port = 0;
  let url = "";
  let printed = "";
  let child: ChildProcess | undefined;
  const varsFor = (port: number) =>
    typeof options.vars === "function" ? options.vars(port) : options.vars;

  async function start(vars?: Record<string, string>) {
    const started = spawnEdgeDev({ ...place, port, vars });
    child = started;
    for (const stream of [started.stdout, started.stderr]) {
      stream?.on("data", (chunk: Buffer) => {
        printed += chunk.toString();
      });
    }
    await waitUntilUp(`${url}/healthz`, started, (why) => `wrangler dev ${why}:\n${printed}`);
  }
  // wrangler does not stop on SIGTERM alone: SIGKILL to the group follows after 2 s.
  const stop = async () => {
    if (child) await stopProcessGroup(child, "SIGTERM", 2_000);
  };

  // wrangler logs each message with the file its text went to.
  const mailPattern =
    /send_email binding called with MessageBuilder:\s*\nFrom: (.*)\nTo: (.*)\nSubject: (.*)\n[\s\S]*?Text: (\S+\.txt)/g;
  const mails = (): EdgeMail[] =>
    [...stripVTControlCharacters(printed).matchAll(mailPattern)]
      .filter((m) => existsSync(m[4] ?? ""))
      .map(([, from = "", to = "", subject = "", file = ""]) => ({
        from,
        to,
        subject,
        text: readFileSync(file, "utf8"),
      }));

  function databaseFile(): string {
    const dir = join(place.persistTo ?? "", "v3/d1/miniflare-D1DatabaseObject");
    const file = readdirSync(dir).find((name) => name.endsWith(".sqlite"));
    if (!file) throw new Error(`No local D1 database in ${dir}`);
    return join(dir, file);
  }

  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    try {
      await start(varsFor(port));
      break;
    } catch (error) {
      await stop();
      const tryAgain = attempt < startAttempts && portTaken.test(printed);
      if (!tryAgain) {
        rmSync(workDir, { recursive: true, force: true });
        throw error;
      }
      printed = "";
    }
  }
  return {
    url,
    port,
    output: () => printed,
    databaseFile,
    rows(sql, ...params) {
      const db = new DatabaseSync(databaseFile(), { readOnly: true });
      try {
        return db.prepare(sql).all(...params);
      } finally {
        db.close();
      }
    },
    mails,
    async waitForMails(count) {
      const deadline = Date.now() + 10_000;
      while (mails().length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${mails().length} of ${count} emails were written:\n${printed}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails();
    },
    async runScheduled() {
      const res = await fetch(`${url}/cdn-cgi/local/scheduled`);
      if (!res.ok) throw new Error(`The scheduled handler answered ${res.status}`);
    },
    async restart(vars) {
      await stop();
      // The port is the Worker's own address in its settings, so it is kept: tried again after
      // it can be bound, as long as wrangler says it is taken (between our probe and its bind).
      for (let attempt = 1; ; attempt += 1) {
        await untilBindable(port);
        try {
          await start(vars);
          return;
        } catch (error) {
          await stop();
          if (attempt >= startAttempts || !portTaken.test(printed)) throw error;
        }
      }
    },
    async stop() {
      await stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
