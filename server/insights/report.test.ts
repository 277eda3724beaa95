// The owner's figures from known counts, with a clock of our own: the 75th percentile (the
// database's, by the nearest rank) against figures worked by hand, the weeks and the same weeks
// a year before, the rink's week for the forms' submissions. Over SQLite (node/database.ts), the rows written as the beacons would.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../../tests/support/fake-site.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { insightsReport, thisWeek } from "./report.ts";
import { beaconStatements, type InsightsStore, insightsStore } from "./store.ts";

describe("the owner's report", () => {
  let dir: ReturnType<typeof tempDir>;
  let inbox: Database;
  let store: InsightsStore;
  beforeEach(() => {
    dir = tempDir("rink-report-");
    inbox = openDatabase(`${dir.path}/inbox.db`);
    store = insightsStore(inbox.sql);
  });
  afterEach(() => {
    inbox.close();
    dir.remove();
  });

  const visit = (day: string, visitor: string, path = "/", site = "Google") =>
    store.record(
      beaconStatements({
        type: "view",
        day,
        path,
        source: { kind: "search", site },
        device: "phone",
        client: visitor,
        agent: "0000000a",
        key: Math.floor(Math.random() * 2 ** 40),
      }),
    );
  const vitals = (day: string, path: string, LCP: number, INP?: number) =>
    store.record(
      beaconStatements({
        type: "vitals",
        day,
        path,
        metrics: INP === undefined ? { LCP } : { LCP, INP },
        client: "a phone",
        key: Math.floor(Math.random() * 2 ** 40),
      }),
    );
  const submission = (form: string, at: string, spam = 0) =>
    inbox.sql.run(
      "INSERT INTO submissions (form, created_at, data, spam) VALUES (?, ?, '{}', ?)",
      form,
      at,
      spam,
    );

  it("gives each page's p75 per metric over 28 days, rated, with the views it rests on", async () => {
    // Wednesday 2026-12-09 at noon at the rink; 28 days back is 2026-11-12.
    const now = new Date("2026-12-09T17:00:00Z");
    for (const [i, lcp] of [1200, 2600, 3100, 2400, 4500, 1900, 2200, 2000].entries()) {
      await vitals(
        `2026-12-0${(i % 8) + 1}`,
        "/parties",
        lcp,
        i < 4 ? [80, 120, 260, 90][i] : undefined,
      );
    }
    await vitals("2026-11-12", "/", 5000);
    await vitals("2026-11-11", "/", 100); // the 29th day back: left out
    const report = await insightsReport(store, now);
    const parties = report.speed.find((p) => p.page === "/parties");
    // LCP sorted: 1200 1900 2000 2200 2400 2600 3100 4500: the 6th of 8 is 2600.
    expect(parties?.views).toBe(8);
    expect(parties?.metrics.LCP).toEqual({ p75: 2600, rating: "needs-improvement", views: 8 });
    // INP from 4 views: 80 90 120 260: the 3rd is 120.
    expect(parties?.metrics.INP).toEqual({ p75: 120, rating: "good", views: 4 });
    expect(parties?.metrics.CLS).toBeNull();
    expect(report.speed.find((p) => p.page === "/")?.metrics.LCP).toEqual({
      p75: 5000,
      rating: "poor",
      views: 1,
    });
  });

  it("lays 8 weeks of visits beside the same weekdays a year before, once there are any", async () => {
    const now = new Date("2026-12-09T17:00:00Z"); // a Wednesday
    await visit("2026-12-07", "a");
    await visit("2026-12-07", "a", "/parties");
    await visit("2026-12-08", "b");
    await visit("2026-10-19", "c"); // the first Monday of the 8 weeks
    await visit("2026-10-18", "d"); // the Sunday before: outside
    let report = await insightsReport(store, now);
    expect(report.weeks.map((w) => w.monday)).toEqual([
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
      "2026-12-07",
    ]);
    expect(report.weeks.map((w) => w.visitors)).toEqual([1, 0, 0, 0, 0, 0, 0, 2]);
    expect(report.hasYearBefore).toBe(false);
    expect(report.figures.at(-1)).toMatchObject({ visits: 2, views: 3 });
    // 364 days before Monday 2026-12-07 is Monday 2025-12-08.
    await visit("2025-12-08", "e");
    await visit("2025-12-08", "f");
    report = await insightsReport(store, now);
    expect(report.hasYearBefore).toBe(true);
    expect(report.weeks.at(-1)?.days[0]).toEqual({
      date: "2026-12-07",
      visitors: 1,
      yearBefore: 2,
    });
    expect(report.weeks.at(-1)?.yearBefore).toBe(2);
  });

  it("counts the week's signups and messages by the rink's clock, spam left out", async () => {
    const now = new Date("2026-12-09T17:00:00Z");
    // Monday 00:30 at the rink (05:30 UTC) is this week; Sunday 23:30 (Monday 04:30 UTC) last.
    await submission("newsletter", "2026-12-07T05:30:00.000Z");
    await submission("newsletter", "2026-12-07T04:30:00.000Z");
    await submission("newsletter", "2026-12-08T15:00:00.000Z", 1);
    await submission("contact", "2026-12-08T15:00:00.000Z");
    await store.record(
      beaconStatements({
        type: "action",
        day: "2026-12-08",
        path: "/",
        action: "call",
        label: null,
        device: "phone",
        client: "a",
        key: 1,
      }),
    );
    await visit("2026-12-08", "a");
    expect(await thisWeek(store, now)).toEqual({ visits: 1, calls: 1, signups: 1 });
    const report = await insightsReport(store, now);
    expect(report.figures.at(-2)).toMatchObject({ signups: 1, messages: 0 });
    expect(report.figures.at(-1)).toMatchObject({ signups: 1, messages: 1 });
  });
});
