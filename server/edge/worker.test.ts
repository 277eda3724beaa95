// What only the Worker has (the shared protocol is tests/inbox-protocol.test.ts): its database
// made by the repository's migrations, the Cron Trigger that retries a failed email, and the
// build's check that no Node-only module reaches its bundle.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveUpdatePath } from "../../rink/live-update.ts";
import { type RunningEdge, startEdge } from "../../tests/support/edge.ts";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { ownerAddress } from "../../tests/support/inbox-targets.ts";
import { bundleWorker, workerConfig } from "../../tooling/wrangler.ts";
import { openDatabase } from "../node/database.ts";

const dir = tempDir("rink-worker-");
let edge: RunningEdge;

beforeAll(async () => {
  // An address the send_email binding does not allow: every send fails, as in an outage.
  edge = await startEdge({
    siteDir: fakeSite(dir.path),
    vars: { NOTIFY_TO: "not-the-owner@example.com" },
  });
}, 60_000);
afterAll(async () => {
  await edge?.stop();
  dir.remove();
});

const schema = (rows: Record<string, unknown>[]) =>
  rows.map((r) => `${r.type} ${r.name}: ${String(r.sql).replace(/\s+/g, " ")}`).toSorted();
// Every table and index of ours (not SQLite's, D1's or wrangler's own).
const schemaQuery = `SELECT type, name, sql FROM sqlite_master
  WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'
  ORDER BY name`;

describe("the Worker", { timeout: 60_000 }, () => {
  it("stores in a D1 database with the Node server's tables, from server/migrations", () => {
    openDatabase(join(dir.path, "node.db")).close();
    const db = new DatabaseSync(join(dir.path, "node.db"), { readOnly: true });
    const nodeSchema = schema(db.prepare(schemaQuery).all());
    db.close();
    const names = nodeSchema.map((line) => line.split(":")[0]);
    for (const name of ["table submissions", "table owner_sessions", "table deletions"]) {
      expect(names).toContain(name);
    }
    expect(names).toContain("index submissions_by_phone");
    // No trigger writes outbox rows (migrations/0009): a signup's rows are the code's.
    expect(names.filter((name) => name?.startsWith("trigger "))).toEqual([]);
    expect(schema(edge.rows(schemaQuery))).toEqual(nodeSchema);
  });

  it("keeps a submission whose email failed, and the Cron Trigger sends it later", async () => {
    const res = await fetch(`${edge.url}/f/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: "retry@example.com" }),
    });
    expect(res.status).toBe(200);
    const query = "SELECT notify_sent_at, notify_attempts, notify_last_error FROM submissions";
    await expect.poll(() => edge.rows(query)[0]?.notify_attempts).toBe(1);
    expect(edge.rows(query)[0]).toMatchObject({
      notify_sent_at: null,
      notify_last_error: "email to not-the-owner@example.com not allowed",
    });
    expect(edge.mails()).toEqual([]);

    // The owner's address put right, as in the dashboard; the next scheduled run sends it.
    // One email an hour one by one: the next test goes past it.
    await edge.restart({ NOTIFY_TO: ownerAddress, NOTIFY_MAX_PER_HOUR: "1" });
    await edge.runScheduled();
    const [mail] = await edge.waitForMails(1);
    expect(mail).toMatchObject({
      to: ownerAddress,
      subject: "Newsletter signup: retry@example.com",
    });
    expect(mail?.text).toContain("Email: retry@example.com");
    await expect.poll(() => edge.rows(query)[0]?.notify_attempts).toBe(2);
    expect(edge.rows(query)[0]?.notify_sent_at).toEqual(expect.any(String));
  });

  it("holds the owner's emails past the hour's bound, and the Cron Trigger sends one digest", async () => {
    // The previous test's email was the hour's one (NOTIFY_MAX_PER_HOUR=1): these two wait.
    for (const email of ["flood-1@example.com", "flood-2@example.com"]) {
      const res = await fetch(`${edge.url}/f/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
    }
    const waiting = "SELECT id FROM submissions WHERE notify_sent_at IS NULL";
    await expect.poll(() => edge.rows(waiting)).toHaveLength(2);
    expect(edge.mails()).toHaveLength(1);

    await edge.runScheduled();
    const [, digest] = await edge.waitForMails(2);
    expect(digest).toMatchObject({ to: ownerAddress, subject: "2 more submissions in the inbox" });
    expect(digest?.text).toMatch(/^2 more submissions arrived after 1 email in an hour; read them/);
    await expect.poll(() => edge.rows(waiting)).toEqual([]);
    // One digest an hour: the next run sends nothing.
    await edge.runScheduled();
    expect(edge.mails()).toHaveLength(2);
    expect(edge.rows("SELECT submissions, last_id FROM notify_digests")).toEqual([
      { submissions: 2, last_id: 3 },
    ]);
  });

  it("keeps the pages' read of the update in its edge cache for its 30 s: later reads make no D1 query, and a new update is read within the 30 s", async () => {
    const url = `${edge.url}${liveUpdatePath}`;
    const read = async (query = "") => {
      const res = await fetch(`${url}${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=30");
      return { age: res.headers.get("age"), body: (await res.json()) as { update: unknown } };
    };
    const firstAt = Date.now();
    expect((await read()).body).toEqual({ update: null });
    // An update stored behind the Worker's back, straight into D1's file: only a D1 query
    // would see it.
    const db = new DatabaseSync(edge.databaseFile());
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(
      `INSERT INTO owner_updates (id, created_at, kind, note, until, subject, text_body, lists)
       VALUES (?, ?, 'news', 'Glow night on Friday', ?, 'News', '', '{}')`,
    ).run(
      crypto.randomUUID(),
      new Date().toISOString(),
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    db.close();
    // Kept: the same answer, its age told (a browser keeps it for what is left of the 30 s),
    // a query string no way around it.
    const kept = await read("?again=1");
    expect(kept.body).toEqual({ update: null });
    expect(Number(kept.age)).toBeGreaterThanOrEqual(0);
    expect(Number(kept.age)).toBeLessThanOrEqual(30);
    let seenAfter = 0;
    while (Date.now() - firstAt < 45_000) {
      const { body } = await read();
      if (body.update) {
        seenAfter = Date.now() - firstAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    // The update in force once the 30 s are up (a second's margin for the Date's rounding and
    // the poll), and not read from D1 before 20 s.
    expect(seenAfter).toBeGreaterThan(20_000);
    expect(seenAfter).toBeLessThanOrEqual(32_500);
  }, 60_000);

  it("is configured so Workers Logs record no request URL (a sign-in token, a search)", () => {
    // Invocation logs hold each request's URL; the Worker's own lines hold no token or search.
    expect(workerConfig().observability).toMatchObject({
      enabled: true,
      logs: { invocation_logs: false },
    });
  });

  it("fails the build when a Node-only module would reach the bundle", async () => {
    const project = join(dir.path, "node-import");
    mkdirSync(join(project, "assets"), { recursive: true });
    writeFileSync(
      join(project, "wrangler.jsonc"),
      JSON.stringify({
        name: "probe",
        main: "worker.ts",
        compatibility_date: workerConfig().compatibility_date,
        // As the site's own Worker is built: minified, one line, no import at a line's start.
        minify: workerConfig().minify,
      }),
    );
    writeFileSync(
      join(project, "worker.ts"),
      'import { isIP } from "node:net";\nexport default { fetch: () => new Response(String(isIP("::1"))) };\n',
    );
    await expect(
      bundleWorker(join(project, "out"), join(project, "assets"), { cwd: project }),
    ).rejects.toThrow(/The Worker's bundle imports node:net/);
  });
});
