// The Monday summary with a clock of our own over SQLite: its text from known counts (last week
// against the week before), when it is due on the rink's clock, one email a week to each owner
// who has not turned it off (the settings', else the first run's), a failed send tried again
// within the hour; and `npm run inbox --
// summary` printing the same text from the same file.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rinkDate } from "../../rink/clock.ts";
import { tempDir } from "../../tests/support/fake-site.ts";
import type { Mail } from "../forms/notify.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { ownersToEmail } from "../owner/auth.ts";
import { ownerStore } from "../owner/store.ts";
import { addDays, mondayOf } from "./calendar.ts";
import { beaconStatements, type Hit, type InsightsStore, insightsStore } from "./store.ts";
import { mondaySummary, summaryDue, summaryFor } from "./summary.ts";

const root = resolve(import.meta.dirname, "../..");
const projectNode = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

describe("the Monday summary", () => {
  let dir: ReturnType<typeof tempDir>;
  let inbox: Database;
  let store: InsightsStore;
  beforeEach(() => {
    dir = tempDir("rink-summary-");
    inbox = openDatabase(join(dir.path, "inbox.db"));
    store = insightsStore(inbox.sql);
  });
  afterEach(() => {
    inbox.close();
    dir.remove();
  });

  const record = (hit: Hit) => store.record(beaconStatements(hit));
  const view = (day: string, visitor: string, path: string, site: string, kind = "search") =>
    record({
      type: "view",
      day,
      path,
      source: { kind: kind as "search", site },
      device: "phone",
      client: visitor,
      agent: "0000000a",
      key: Math.floor(Math.random() * 2 ** 40),
    });
  const call = (day: string) =>
    record({
      type: "action",
      day,
      path: "/",
      action: "call",
      label: null,
      device: "phone",
      client: "a caller",
      key: Math.floor(Math.random() * 2 ** 40),
    });
  const signup = (at: string) =>
    inbox.sql.run(
      "INSERT INTO submissions (form, created_at, data) VALUES ('newsletter', ?, '{}')",
      at,
    );

  /** Last week (Nov 30 to Dec 6, 2026) and the week before, as the summary of Dec 7 reads them. */
  async function twoWeeks(lastMonday: string) {
    const before = addDays(lastMonday, -7);
    await view(before, "a", "/", "Google");
    await view(before, "b", "/parties", "Facebook", "social");
    await call(before);
    await call(before);
    await view(lastMonday, "c", "/", "Google");
    await view(lastMonday, "c", "/parties", "");
    await view(addDays(lastMonday, 2), "d", "/parties", "", "direct");
    await view(addDays(lastMonday, 6), "e", "/events", "indyparent.com", "other");
    await call(addDays(lastMonday, 3));
    await signup(`${addDays(lastMonday, 1)}T18:00:00.000Z`);
  }

  it("says last week against the week before, with a link to the page", async () => {
    await twoWeeks("2026-11-30");
    const mail = await summaryFor(
      store,
      new Date("2026-12-07T14:00:00Z"),
      "https://sugarcreekskate.example/",
    );
    expect(mail.subject).toBe("The site last week: 3 visits, 1 call tapped, 1 signup");
    expect(
      mail.text,
    ).toBe(`How the site did last week, Monday, November 30 to Sunday, December 6, against the week before:

Visits: 3 (the week before: 2, up 1)
Page views: 4 (the week before: 2, up 2)
Calls tapped: 1 (the week before: 2, down 1)
Directions opened: 0 (the week before: 0, the same)
Signups: 1 (the week before: 0, up 1)
Messages: 0 (the week before: 0, the same)

Most visited pages: /parties 2, Home (/) 1, /events 1
Where visitors came from: search 1, social 0, direct 1, other sites 1

More, with the phones' speed: https://sugarcreekskate.example/inbox/insights

This email comes every Monday at 8 AM. To stop it, turn it off at the bottom of that page.
`);
  });

  it("is due on Mondays from 8:00 to 8:59 on the rink's clock, in winter and in summer", () => {
    // 2026-12-07 is a Monday; Indianapolis is UTC-5 in December, UTC-4 in July.
    expect(summaryDue(new Date("2026-12-07T12:59:00Z"))).toBe(false);
    expect(summaryDue(new Date("2026-12-07T13:00:00Z"))).toBe(true);
    expect(summaryDue(new Date("2026-12-07T13:59:00Z"))).toBe(true);
    expect(summaryDue(new Date("2026-12-07T14:00:00Z"))).toBe(false);
    expect(summaryDue(new Date("2026-12-08T13:30:00Z"))).toBe(false);
    expect(summaryDue(new Date("2027-07-05T12:10:00Z"))).toBe(true);
    expect(summaryDue(new Date("2027-07-05T13:10:00Z"))).toBe(false);
  });

  it("goes once a week to each owner who has not turned it off, and again after a failure", async () => {
    await twoWeeks("2026-11-30");
    const sent: [string, Mail][] = [];
    let failing = true;
    const send = mondaySummary({
      store,
      owners: async () => ["ann@example.com", "bob@example.com"],
      sendTo: async (to, mail) => {
        if (failing) throw new Error(`could not reach ${to}`);
        sent.push([to, mail]);
      },
      siteUrl: "https://sugarcreekskate.example",
    });
    await store.setSummary("bob@example.com", false, "2026-12-01T00:00:00Z");
    expect(await send(new Date("2026-12-07T12:30:00Z"))).toBe("not due");
    // The mailer down at 8:00: nothing recorded as sent, so 8:10 tries again.
    expect(await send(new Date("2026-12-07T13:00:00Z"))).toBe("failed");
    failing = false;
    expect(await send(new Date("2026-12-07T13:10:00Z"))).toBe("sent");
    expect(await send(new Date("2026-12-07T13:20:00Z"))).toBe("already sent");
    expect(sent.map(([to]) => to)).toEqual(["ann@example.com"]);
    expect(sent[0]?.[1].subject).toBe("The site last week: 3 visits, 1 call tapped, 1 signup");
    expect(inbox.sql.all("SELECT week, sent_at FROM insight_summaries")).toEqual([
      { week: "2026-12-07", sent_at: "2026-12-07T13:10:00.000Z" },
    ]);
    // The next Monday, Bob turned it back on: both get it.
    await store.setSummary("bob@example.com", true, "2026-12-08T00:00:00Z");
    expect(await send(new Date("2026-12-14T13:05:00Z"))).toBe("sent");
    expect(sent.map(([to]) => to)).toEqual([
      "ann@example.com",
      "ann@example.com",
      "bob@example.com",
    ]);
  });

  it("goes to the owner the first run added while the settings name none; the settings win", async () => {
    await twoWeeks("2026-11-30");
    const owners = ownerStore(inbox.sql);
    await owners.addFirstOwner("first.owner@example.com", "2026-11-01T00:00:00Z", "setup code");
    const sent: string[] = [];
    const sendTo = async (to: string) => {
      sent.push(to);
    };
    const fromTable = mondaySummary({ store, owners: ownersToEmail(owners, []), sendTo });
    expect(await fromTable(new Date("2026-12-07T13:00:00Z"))).toBe("sent");
    expect(sent).toEqual(["first.owner@example.com"]);
    const named = ownersToEmail(owners, ["named@example.com"]);
    const fromSettings = mondaySummary({ store, owners: named, sendTo });
    expect(await fromSettings(new Date("2026-12-14T13:00:00Z"))).toBe("sent");
    expect(sent).toEqual(["first.owner@example.com", "named@example.com"]);
  });

  it("is printed by npm run inbox -- summary, as the owners get it, for the week just passed", async () => {
    const lastMonday = addDays(mondayOf(rinkDate(new Date())), -7);
    await twoWeeks(lastMonday);
    const now = new Date();
    const mail = await summaryFor(store, now, "https://sugarcreekskate.example");
    const result = spawnSync(projectNode, ["scripts/inbox.ts", "summary"], {
      cwd: root,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        DATABASE_PATH: join(dir.path, "inbox.db"),
        SITE_URL: "https://sugarcreekskate.example",
        NO_COLOR: "1",
      },
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`Subject: ${mail.subject}\n\n${mail.text}`);
    expect(result.stdout).toContain("Visits: ");
  }, 30_000);
});
