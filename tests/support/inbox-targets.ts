// The inbox's two homes as test targets, so one suite (tests/inbox-protocol.test.ts) runs
// against both and they cannot drift: the Node server (`node server/node/index.ts`, a real SQLite
// file, emails to the SMTP capture) and the Worker (`wrangler dev`, local D1, the local
// send_email binding). Both serve the fake site, keep the default limit of 5 submissions a
// minute, and accept https://rink.example.com as another origin. Their daily ceiling per form
// is `targetDailyLimit`: above what the suite's other tests store in a form, low enough for its
// last test to reach cheaply. The owner's emails are bounded above all the suite sends.
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { DatabaseSync } from "node:sqlite";
import type { SqlRunner } from "../../server/sql.ts";
import { type EdgeMail, edgeOwnerVars, startEdge } from "./edge.ts";
import { fakeSite, tempDir } from "./fake-site.ts";
import { parseMail } from "./mail-parse.ts";
import { freePort, startServer } from "./server.ts";
import { startSmtp } from "./smtp.ts";

export const otherOrigin = "https://rink.example.com";
export const ownerAddress = edgeOwnerVars.NOTIFY_TO;
export const targetDailyLimit = 300;
const limits = { DAILY_LIMIT_PER_FORM: String(targetDailyLimit), NOTIFY_MAX_PER_HOUR: "1000" };

/**
 * A setting's value that stands for the target's own address (http://127.0.0.1:<port>): the
 * list services need SITE_URL, which the target knows only once its port is chosen.
 */
export const ownOrigin = "{own origin}";
const withOwnOrigin = (settings: Record<string, string>, port: number) =>
  Object.fromEntries(
    Object.entries(settings).map(([name, value]) => [
      name,
      value === ownOrigin ? `http://127.0.0.1:${port}` : value,
    ]),
  );

export interface StoredRow {
  id: number;
  form: string;
  created_at: string;
  data: Record<string, string>;
  spam: number;
  notify_sent_at: string | null;
}

export interface InboxTarget {
  platform: "node" | "workers";
  url: string;
  /** The header that says which client a request comes from (the rate limit's key). */
  clientHeader: string;
  /** Rows with an id above `afterId`, oldest first. */
  rows(afterId?: number): StoredRow[];
  /** Any query on the database, read with a connection of our own. */
  query(sql: string, ...params: (string | number)[]): Record<string, unknown>[];
  /**
   * The database read and written with a connection of our own, as the owner's code would
   * through the store (the list services' updates, which no page posts yet).
   */
  sql: SqlRunner;
  /** One retry pass now: the Cron Trigger on the Worker; Node's timer runs by itself. */
  tick(): Promise<void>;
  /** The owner's emails so far (recipient, subject and text). */
  mails(): Pick<EdgeMail, "to" | "subject" | "text">[];
  waitForMails(count: number): Promise<Pick<EdgeMail, "to" | "subject" | "text">[]>;
  /**
   * Settings that turn the owner's email on without naming an owner (no NOTIFY_TO): only the
   * sender is said, and the emails go to the owner the first run added.
   */
  emailWithoutOwner: Record<string, string>;
  /** Everything the server printed: its log. */
  output(): string;
  /** The database's files on disk (Node's SQLite file and its WAL; D1 is Cloudflare's). */
  databaseFiles?(): string[];
  /**
   * The files the database is kept in on this machine, on both homes (D1's: wrangler's local
   * SQLite file and its WAL), for the tests that search every byte stored (tests/insights.test.ts).
   */
  storageFiles(): string[];
  /** Stops it and starts it again on the same address and database, with these settings too. */
  restart(settings: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

const rowsQuery = `SELECT id, form, created_at, data, spam, notify_sent_at
                   FROM submissions WHERE id > ? ORDER BY id`;

const toRow = (row: Record<string, unknown>) =>
  ({ ...row, data: JSON.parse(String(row.data)) }) as StoredRow;

/** A SqlRunner over a database file another process serves, one connection per call. */
function fileRunner(path: () => string): SqlRunner {
  const use = <T>(work: (db: DatabaseSync) => T): T => {
    const db = new DatabaseSync(path());
    try {
      db.exec("PRAGMA busy_timeout = 5000");
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    all: (sql, ...params) => use((db) => db.prepare(sql).all(...params)),
    run: (sql, ...params) => use((db) => Number(db.prepare(sql).run(...params).changes)),
    batch: (list) =>
      use((db) => {
        db.exec("BEGIN IMMEDIATE");
        try {
          for (const [sql, ...params] of list) db.prepare(sql).run(...params);
          db.exec("COMMIT");
        } catch (error) {
          db.exec("ROLLBACK");
          throw error;
        }
      }),
  };
}

/** `siteDir`: the pages it serves; the fake site's by default. */
export async function nodeTarget(
  settings: Record<string, string> = {},
  options: { siteDir?: string } = {},
): Promise<InboxTarget> {
  const dir = tempDir("rink-target-node-");
  const smtp = await startSmtp();
  const databasePath = `${dir.path}/inbox.db`;
  const siteDir = options.siteDir ?? fakeSite(dir.path);
  const env = {
    // The tests speak for many clients through X-Forwarded-For, as a proxy on loopback would.
    TRUST_PROXY: "loopback",
    SMTP_URL: smtp.url,
    NOTIFY_TO: ownerAddress,
    SITE_ORIGINS: otherOrigin,
    ...limits,
    ...settings,
  };
  const port = await freePort();
  let server = await startServer({ siteDir, databasePath, port, env: withOwnOrigin(env, port) });
  let printedBefore = "";
  const query = (sql: string, ...params: (string | number)[]) => {
    const db = new DatabaseSync(databasePath, { readOnly: true });
    try {
      return db.prepare(sql).all(...params);
    } finally {
      db.close();
    }
  };
  const mails = () =>
    smtp.received.map((m) => {
      const { subject, text } = parseMail(m.raw);
      return { to: m.to.join(", "), subject, text };
    });
  return {
    platform: "node",
    url: server.url,
    clientHeader: "X-Forwarded-For",
    rows: (afterId = 0) => query(rowsQuery, afterId).map(toRow),
    query,
    sql: fileRunner(() => databasePath),
    tick: async () => {},
    mails,
    emailWithoutOwner: { SMTP_URL: smtp.url, NOTIFY_FROM: edgeOwnerVars.NOTIFY_FROM },
    async waitForMails(count) {
      await smtp.waitFor(count);
      return mails();
    },
    output: () => printedBefore + server.output(),
    databaseFiles: () => [databasePath, `${databasePath}-wal`].filter((file) => existsSync(file)),
    storageFiles: () => [databasePath, `${databasePath}-wal`].filter((file) => existsSync(file)),
    async restart(settings) {
      await server.stop();
      printedBefore += server.output();
      server = await startServer({
        siteDir,
        databasePath,
        port: server.port,
        env: withOwnOrigin({ ...env, ...settings }, server.port),
      });
    },
    async stop() {
      await server.stop();
      await smtp.close();
      dir.remove();
    },
  };
}

/** `siteDir`: the pages it serves; the fake site's by default. */
export async function edgeTarget(
  settings: Record<string, string> = {},
  options: { siteDir?: string } = {},
): Promise<InboxTarget> {
  const dir = tempDir("rink-target-edge-");
  const vars = {
    SITE_ORIGINS: otherOrigin,
    DELETION_KEY: "a test key, not a secret",
    ...limits,
    ...settings,
  };
  const edge = await startEdge({
    siteDir: options.siteDir ?? fakeSite(dir.path),
    vars: (port) => withOwnOrigin(vars, port),
  });
  return {
    platform: "workers",
    url: edge.url,
    // Cloudflare sets it from the connection; wrangler dev keeps what the client sent.
    clientHeader: "CF-Connecting-IP",
    rows: (afterId = 0) => edge.rows(rowsQuery, afterId).map(toRow),
    query: edge.rows,
    sql: fileRunner(edge.databaseFile),
    tick: edge.runScheduled,
    storageFiles: () =>
      [edge.databaseFile(), `${edge.databaseFile()}-wal`].filter((file) => existsSync(file)),
    mails: edge.mails,
    waitForMails: edge.waitForMails,
    emailWithoutOwner: { NOTIFY_FROM: edgeOwnerVars.NOTIFY_FROM },
    output: edge.output,
    restart: (settings) => edge.restart(withOwnOrigin({ ...vars, ...settings }, edge.port)),
    async stop() {
      await edge.stop();
      dir.remove();
    },
  };
}

/**
 * A new client address for each call, under `prefix` ("10.77"): each request its own client,
 * so the forms' limit of 5 a minute meets only the tests about it. A file's own prefix keeps
 * its addresses apart from another file's.
 */
export function clientAddresses(prefix: string): () => string {
  const free = 4 - prefix.split(".").length;
  let count = 0;
  return () => {
    count += 1;
    const octets = Array.from({ length: free }, (_, i) => (count >> (8 * (free - 1 - i))) & 255);
    return [prefix, ...octets].join(".");
  };
}

/**
 * A request as the owner's pages make it: from `client` (the target's client-address header),
 * a POST as a browser sends a form's (the inbox's own Origin, or `origin`, and the Fetch
 * metadata of a top-level navigation: Sec-Fetch-Mode navigate, Sec-Fetch-Dest document), a
 * cookie when given, redirects not followed. A GET carries Fetch metadata only when the test
 * gives it (a Sec-Fetch-Site header): then it is sent with exactly those headers.
 */
export function pageRequest(
  target: InboxTarget,
  client: string,
  path: string,
  init: RequestInit & { cookie?: string; origin?: string } = {},
) {
  const headers = new Headers(init.headers);
  headers.set(target.clientHeader, client);
  if (init.method === "POST") {
    const origin = init.origin ?? target.url;
    headers.set("Origin", origin);
    // Unless the test says otherwise (a script's fetch), what Chromium sends with a form.
    const sent = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    sent("Sec-Fetch-Site", origin === target.url ? "same-origin" : "cross-site");
    sent("Sec-Fetch-Mode", "navigate");
    sent("Sec-Fetch-Dest", "document");
    sent("Sec-Fetch-User", "?1");
  }
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method === "POST" || headers.has("Sec-Fetch-Site")) {
    return browserRequest(init.method ?? "GET", `${target.url}${path}`, headers, init.body);
  }
  return fetch(`${target.url}${path}`, { redirect: "manual", ...init, headers });
}

/**
 * A request with exactly the headers given, redirects not followed: Node's fetch replaces a
 * Sec-Fetch-Mode with its own "cors", so a browser's form post or page load is sent over
 * node:http.
 */
async function browserRequest(
  method: string,
  url: string,
  headers: Headers,
  body: RequestInit["body"],
): Promise<Response> {
  const payload = body == null ? undefined : new Response(body);
  const type = payload?.headers.get("content-type");
  if (type && !headers.has("Content-Type")) headers.set("Content-Type", type);
  const bytes = payload ? Buffer.from(await payload.arrayBuffer()) : Buffer.alloc(0);
  if (method === "POST" || payload) headers.set("Content-Length", String(bytes.length));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: Object.fromEntries(headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? ""]) answer.append(name, one);
        }
        const status = res.statusCode ?? 500;
        const empty = status === 204 || status === 304;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
      });
    });
    // A server that answers before reading all of a large body (413) may close the socket.
    req.on("error", reject);
    req.end(bytes);
  });
}
