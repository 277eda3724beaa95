// What an outbox pass costs does not grow with the outbox's history, on both databases: on D1
// (Miniflare's local D1, whose answers count the rows each statement read, as Cloudflare bills
// them) a pass reads as many rows over 100,000 finished rows as over 100; on Node's SQLite file
// every statement a pass runs reads the outbox through a partial index over what waits (or a
// day's range), never a scan of the table. And the hourly chore deletes finished rows a month
// old, but for those of the updates the owner's page still reports on.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../node/database.ts";
import { recentUpdateCount } from "../owner/update-routes.ts";
import type { SqlRunner, SqlStatement } from "../sql.ts";
import { updatesReported, updateWords } from "../updates/outbox-rows.ts";
import { updateRecords } from "../updates/store.ts";
import { createOutbox, type TextRules } from "./outbox.ts";
import { finishedRowDays } from "./outbox-chores.ts";
import { outboxStore } from "./outbox-store.ts";
import type { ListServices } from "./service.ts";

const start = new Date("2026-03-10T15:00:00.000Z");
const allDay: TextRules = {
  sendHours: { start: "00:00", end: "24:00" },
  confirmationsPerDay: 100,
  confirmation: "Reply YES",
};
const services: ListServices = {
  email: {
    name: "Kit",
    subscribe: async () => ({ ok: true }),
    broadcast: async () => ({ ok: true, ref: "b" }),
  },
  text: { name: "Twilio", send: async (to) => ({ ok: true, ref: `SM${to}` }) },
};

const updateRow = `INSERT INTO owner_updates (id, created_at, kind, note, until, subject, text_body, lists)
  VALUES (?, ?, 'news', 'Note', NULL, 'Subject', 'Text', '{}')`;

/**
 * `count` finished rows over the last four weeks (?1 how many, ?2 now), in one statement: an
 * old update's texts sent, signups' confirmation requests sent or dropped, Kit adds made.
 */
const history = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
INSERT INTO outbox (list, action, update_id, recipient, created_at, due_at, state, attempts,
  claimed_at, done_at, last_error)
SELECT CASE WHEN i % 4 = 3 THEN 'email' ELSE 'text' END,
  CASE WHEN i % 4 = 3 THEN 'subscribe' ELSE 'text' END,
  CASE WHEN i % 4 = 0 THEN 'u-history' END,
  printf('317%07d', i), at, at, CASE WHEN i % 4 = 2 THEN 'skipped' ELSE 'sent' END, 1, at, at,
  CASE WHEN i % 4 = 2 THEN 'Dropped: not sent within 24 hours of the signup' END
FROM (SELECT i, strftime('%Y-%m-%dT%H:%M:%fZ', ?2,
  printf('-%d seconds', 2 * 86400 + i * (26 * 86400) / ?1)) AS at FROM n)`;

/** What waits, the same on every database: an update's texts, three signups', a Kit add. */
const waiting = (at: string): SqlStatement[] => [
  [updateRow, `u-${at}`, at],
  ...["3175550001", "3175550002"].map(
    (key): SqlStatement => [
      `INSERT INTO outbox (list, action, update_id, recipient, created_at, due_at)
       VALUES ('text', 'text', ?, ?, ?, ?)`,
      `u-${at}`,
      key,
      at,
      at,
    ],
  ),
  ...["a", "b", "c"].map(
    (client, i): SqlStatement => [
      `INSERT INTO outbox (list, action, recipient, created_at, due_at, client_hash)
       VALUES ('text', 'text', ?, ?, ?, ?)`,
      `31755501${i}${at.slice(15, 16)}`,
      at,
      at,
      client,
    ],
  ),
  [
    `INSERT INTO outbox (list, action, recipient, created_at, due_at, client_hash)
     VALUES ('email', 'subscribe', ?, ?, ?, 'a')`,
    `a${at}@example.com`,
    at,
    at,
  ],
];

/** A pass with the hourly chore, then one a minute on without it: the rows each read. */
async function passes(sql: SqlRunner, read: () => number) {
  let clock = start;
  const outbox = createOutbox({
    store: outboxStore(sql, updateWords),
    services,
    now: () => clock,
    texts: allDay,
    log: () => {},
  });
  const costs: number[] = [];
  for (const minutes of [0, 1]) {
    clock = new Date(start.getTime() + minutes * 60_000);
    await sql.batch(waiting(clock.toISOString()));
    const before = read();
    await outbox.drain();
    costs.push(read() - before);
  }
  const [row] = await sql.all("SELECT count(*) AS n FROM outbox WHERE state = 'waiting'");
  expect(row?.n).toBe(0); // each pass sent what waited
  return costs;
}

async function seed(sql: SqlRunner, count: number) {
  await sql.batch([
    [updateRow, "u-history", new Date(start.getTime() - 20 * 86_400_000).toISOString()],
    [history, count, start.toISOString()],
  ]);
}

describe("an outbox pass on D1", () => {
  let mf: Miniflare;
  beforeAll(() => {
    mf = new Miniflare(
      convertV4MiniflareOptions({
        modules: true,
        script: "export default {}",
        d1Databases: ["SMALL", "LARGE"],
      }),
    );
  });
  afterAll(() => mf?.dispose());

  /** A D1 database with the migrations applied, as a SqlRunner that adds up the rows read. */
  async function d1(binding: string) {
    const db = await mf.getD1Database(binding);
    const dir = join(import.meta.dirname, "..", "migrations");
    for (const name of readdirSync(dir).sort()) {
      await db.prepare(readFileSync(join(dir, name), "utf8")).run();
    }
    let rowsRead = 0;
    const sql: SqlRunner = {
      async all(query, ...params) {
        const result = await db
          .prepare(query)
          .bind(...params)
          .all();
        rowsRead += result.meta.rows_read;
        return result.results as Record<string, unknown>[];
      },
      async run(query, ...params) {
        const result = await db
          .prepare(query)
          .bind(...params)
          .run();
        rowsRead += result.meta.rows_read;
        return result.meta.changes;
      },
      async batch(list) {
        const results = await db.batch(list.map(([q, ...p]) => db.prepare(q).bind(...p)));
        for (const result of results) rowsRead += result.meta.rows_read;
      },
    };
    return { sql, read: () => rowsRead };
  }

  it("reads as many rows over 100,000 stored rows as over 100, with its hourly chore and without", async () => {
    const small = await d1("SMALL");
    const large = await d1("LARGE");
    await seed(small.sql, 100);
    await seed(large.sql, 100_000);
    const [count] = await large.sql.all("SELECT count(*) AS n FROM outbox");
    expect(count?.n).toBe(100_000);
    const smallCosts = await passes(small.sql, small.read);
    const largeCosts = await passes(large.sql, large.read);
    console.info(
      `rows read a pass (with the chore, without): ${smallCosts} at 100, ${largeCosts} at 100,000`,
    );
    expect(largeCosts).toEqual(smallCosts);
    for (const cost of largeCosts) expect(cost).toBeLessThan(150);
  }, 60_000);
});

describe("an outbox pass on Node's SQLite", () => {
  it("reads the outbox through a partial index over what waits, or a day's range, never its history", async () => {
    const inbox = openDatabase(":memory:");
    const statements: SqlStatement[] = [];
    const seen: SqlRunner = {
      all: (query, ...params) => {
        statements.push([query, ...params]);
        return inbox.sql.all(query, ...params);
      },
      run: (query, ...params) => {
        statements.push([query, ...params]);
        return inbox.sql.run(query, ...params);
      },
      batch: (list) => {
        statements.push(...list);
        return inbox.sql.batch(list);
      },
    };
    await seed(inbox.sql, 100);
    await passes(seen, () => 0);
    const bounded = new Set([
      "outbox_due",
      "outbox_update_texts_due",
      "outbox_confirmations_due",
      "outbox_confirmations_claimed",
      "outbox_claims",
      "outbox_by_client",
      "outbox_done",
      // A text's status by its SID: the one row Twilio names.
      "outbox_by_ref",
    ]);
    const reads: string[] = [];
    const failures: string[] = [];
    for (const [query, ...params] of statements) {
      if (/^\s*INSERT INTO (outbox|owner_updates)/.test(query)) continue; // the test's own rows
      const plan = inbox.sql.all(`EXPLAIN QUERY PLAN ${query}`, ...params) as { detail: string }[];
      for (const { detail } of plan) {
        const table = /^(SCAN|SEARCH) (o|outbox)\b(.*)$/.exec(detail);
        if (!table) continue;
        const index = /USING (?:COVERING )?INDEX (\w+)/.exec(table[3] ?? "")?.[1];
        const byKey = /INTEGER PRIMARY KEY/.test(detail);
        reads.push(`${byKey ? "by id" : (index ?? "the whole table")}`);
        if (!byKey && !bounded.has(index ?? "")) {
          failures.push(`${detail}\n${query}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(reads.length).toBeGreaterThan(5);
    inbox.close();
  });
});

describe("the hourly chore", () => {
  it("deletes finished rows a month old, keeps the consent and the reports of the owner's latest updates", async () => {
    const inbox = openDatabase(":memory:");
    const store = updateRecords(inbox.sql);
    const day = 86_400_000;
    const at = (days: number) => new Date(start.getTime() - days * day).toISOString();
    // Eleven updates, a text each, 40 to 30 days ago: the newest ten are on the owner's page.
    for (let i = 0; i < 11; i++) {
      inbox.sql.run(updateRow, `u${i}`, at(40 - i));
      inbox.sql.run(
        `INSERT INTO outbox (list, action, update_id, recipient, created_at, due_at, state,
           claimed_at, done_at) VALUES ('text', 'text', ?, '3175550100', ?, ?, 'sent', ?, ?)`,
        `u${i}`,
        at(40 - i),
        at(40 - i),
        at(40 - i),
        at(40 - i),
      );
    }
    // A signup's confirmation request sent 31 days ago and one 29 days ago; the number's YES.
    for (const days of [31, 29]) {
      inbox.sql.run(
        `INSERT INTO outbox (list, action, recipient, created_at, due_at, state, claimed_at, done_at)
         VALUES ('text', 'text', ?, ?, ?, 'sent', ?, ?)`,
        `31755502${days}`,
        at(days),
        at(days),
        at(days),
        at(days),
      );
    }
    await store.setConsent("text", "3175550231", "in", "Replied YES", at(31));
    expect(finishedRowDays).toBe(30);
    await createOutbox({ store, services, now: () => start, texts: allDay }).drain();
    const left = inbox.sql.all("SELECT update_id, recipient FROM outbox ORDER BY id");
    expect(left).toEqual([
      ...Array.from({ length: 10 }, (_, i) => ({
        update_id: `u${i + 1}`,
        recipient: "3175550100",
      })),
      { update_id: null, recipient: "3175550229" },
    ]);
    // The owner's page of updates still reports each of its ten.
    expect(recentUpdateCount).toBe(updatesReported);
    expect(await store.tally("u1")).toEqual([
      { list: "text", state: "sent", reason: null, count: 1 },
    ]);
    expect(await store.textConsent("3175550231")).toMatchObject({ state: "in" });
    inbox.close();
  });
});
