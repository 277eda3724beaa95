// The limits on the owner's updates (5 a day; 4 a month to the text list) hold for posts made
// at the same moment: each is counted in the statement that stores the update, so two posts
// whose checks both ran before either was stored cannot both pass. Here the database answers
// each call after a pause, as D1 does over the network, so two queueUpdate calls interleave.
// Over HTTP on both homes: tests/owner-updates.test.ts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { textsPerMonth } from "../../rink/forms/newsletter.ts";
import type { ListServices } from "../lists/service.ts";
import { type Database, openDatabase } from "../node/database.ts";
import type { SqlRunner } from "../sql.ts";
import { updateRecords } from "./store.ts";
import { maxUpdatesPerDay, queueUpdate } from "./update.ts";

let inbox: Database;
const pause = () => new Promise((r) => setTimeout(r, 5));
/** The database, each call answered after a pause (as over a network). */
const slow = (sql: SqlRunner): SqlRunner => ({
  all: async (...args) => {
    await pause();
    return sql.all(...args);
  },
  run: async (...args) => {
    await pause();
    return sql.run(...args);
  },
  batch: async (list) => {
    await pause();
    return sql.batch(list);
  },
});
const services: ListServices = {
  text: { name: "Twilio", send: async () => ({ ok: true }) },
};
const clock = new Date("2026-01-10T12:00:00.000Z");
const update = (note: string) => ({
  kind: "news" as const,
  note,
  until: new Date(clock.getTime() + 86_400_000).toISOString(),
});
const post = (note: string, lists: ("text" | "email")[] = []) =>
  queueUpdate(updateRecords(slow(inbox.sql)), update(note), lists, {
    services,
    rinkName: "Sugar Creek Skateland",
    now: () => clock,
  });
// node:sqlite answers at once: the runner's rows are no promise here.
const stored = () =>
  Number(
    (inbox.sql.all("SELECT count(*) AS n FROM owner_updates") as Record<string, unknown>[])[0]?.n,
  );

beforeEach(() => {
  inbox = openDatabase(":memory:");
});
afterEach(() => inbox?.close());

describe("the limits on updates", () => {
  it(`lets one of two posts at once be the day's ${maxUpdatesPerDay}th, not both`, async () => {
    for (let i = 1; i < maxUpdatesPerDay; i++) expect((await post(`Update ${i}`)).ok).toBe(true);
    const both = await Promise.all([post("One at once"), post("Another at once")]);
    expect(both.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(both.find((r) => !r.ok)).toEqual({
      ok: false,
      problems: [`At most ${maxUpdatesPerDay} updates a day: please wait before sending another.`],
    });
    expect(stored()).toBe(maxUpdatesPerDay);
    // Nothing of the one held back was written: no outbox rows, the shown update not ended.
    expect(inbox.sql.all("SELECT count(*) AS n FROM owner_updates WHERE ended_at IS NULL")).toEqual(
      [{ n: 1 }],
    );
  });

  it(`lets one of two posts at once be the text list's ${textsPerMonth}th this month, not both`, async () => {
    for (let i = 1; i < textsPerMonth; i++) {
      expect((await post(`Text ${i}`, ["text"])).ok).toBe(true);
    }
    const both = await Promise.all([post("A text at once", ["text"]), post("Another", ["text"])]);
    expect(both.map((r) => r.ok).sort()).toEqual([false, true]);
    const held = both.find((r) => !r.ok);
    expect(held && !held.ok && held.problems[0]).toMatch(
      new RegExp(`^The text list has had ${textsPerMonth} texts this month`),
    );
    expect(
      inbox.sql.all(
        "SELECT count(*) AS n FROM owner_updates WHERE json_extract(lists, '$.text') = 'queued'",
      ),
    ).toEqual([{ n: textsPerMonth }]);
  });
});
