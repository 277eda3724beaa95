// A day of the beacon on Node's app in process (node/app.ts over a real SQLite file, Node's
// recorder), with a clock of our own so the day passes in seconds: 20 clients each changing its
// user agent with every beacon, sending made-up paths and made-up sites beside the site's own,
// and families visiting through the day. What is stored stays within the client's share and the
// day's budget (the real ones, and a small one the day reaches), the owner sees only the site's
// pages and no made-up site by name, and a contact message and a signup still go through. The
// Worker's side over HTTP: tests/insights.test.ts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rinkDate } from "../../rink/clock.ts";
import { insightsBeaconPath } from "../../rink/insights.ts";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { beaconRowsWritten, laptopAgent, phoneAgent } from "../../tests/support/insights-flood.ts";
import { createRateLimiter } from "../forms/rate-limit.ts";
import { createApp } from "../node/app.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { groupRecorder } from "./recorder.ts";
import { insightsReport } from "./report.ts";
import { beaconsPerMinute } from "./route.ts";
import { sitePaths } from "./site-paths-built.ts";
import { type BeaconBounds, beaconBounds, type InsightsStore, insightsStore } from "./store.ts";
import { insightsTick } from "./tick.ts";

const site = "https://sugarcreekskate.example";
/** Node's SQLite answers at once. */
const all = (inbox: Database, sql: string, ...params: (string | number)[]) =>
  inbox.sql.all(sql, ...params) as Record<string, unknown>[];
const strangers = 20;
/** Beacons each stranger sends an hour: within the limit a minute, past its share by evening. */
const perHour = 16;

/** The rows the day's beacons wrote, and the day's end's two salts. */
const rowsWritten = (inbox: Database, day: string) =>
  Number(all(inbox, beaconRowsWritten, day)[0]?.n) + 2;

describe("a day of the beacon from 20 strangers, on Node in process", () => {
  let dir: ReturnType<typeof tempDir>;
  let inbox: Database;
  let store: InsightsStore;
  let clock: Date;
  const now = () => clock;

  beforeEach(() => {
    dir = tempDir("rink-insights-day-");
    inbox = openDatabase(`${dir.path}/inbox.db`);
    store = insightsStore(inbox.sql);
  });
  afterEach(() => {
    inbox.close();
    dir.remove();
  });

  /** Node's app as node/index.ts makes it, with this clock and these bounds. */
  function nodeApp(bounds: BeaconBounds) {
    const recorder = groupRecorder(store, { everyMs: 10 });
    const app = createApp({
      siteDir: fakeSite(dir.path),
      inbox,
      trustProxy: { kind: "addresses", entries: ["127.0.0.0/8"] },
      now,
      dailyLimitPerForm: 0,
      insights: {
        store,
        recorder,
        limiter: createRateLimiter({ perMinute: beaconsPerMinute, now: () => clock.getTime() }),
        bounds,
      },
    });
    // The socket a request comes in on: loopback, so X-Forwarded-For names the client.
    const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
    const send = (path: string, client: string, init: RequestInit) =>
      app.request(
        `${site}${path}`,
        {
          ...init,
          headers: { "X-Forwarded-For": client, Host: "sugarcreekskate.example", ...init.headers },
        },
        env,
      );
    return { send, recorder };
  }

  /** A whole day at the rink, hour by hour; every answer's status. */
  async function aDay(bounds: BeaconBounds) {
    const { send, recorder } = nodeApp(bounds);
    const tick = insightsTick({ store, now });
    const statuses: Record<number, number> = {};
    const beacon = async (client: string, agent: string, body: object) => {
      const res = await send(insightsBeaconPath, client, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": agent, Origin: site },
        body: JSON.stringify({ v: 1, ...body }),
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    };
    let n = 0;
    for (let hour = 0; hour < 24; hour++) {
      // 00:30 at the rink (UTC-5 in December), then each hour.
      clock = new Date(Date.UTC(2026, 11, 7, 5 + hour, 30));
      await tick();
      for (let s = 0; s < strangers; s++) {
        for (let i = 0; i < perHour; i++) {
          n += 1;
          const agent = `${phoneAgent} Build/${n}`;
          const path = n % 2 === 0 ? `/made-up-${n}` : (sitePaths[n % sitePaths.length] ?? "/");
          const client = `198.51.100.${s + 1}`;
          const kind = n % 4;
          if (kind === 0) {
            await beacon(client, agent, { type: "vitals", path, metrics: { LCP: n } });
          } else if (kind === 1) {
            await beacon(client, agent, { type: "action", path, action: "call" });
          } else {
            await beacon(client, agent, { type: "view", path, ref: `https://spam-${n}.example/` });
          }
        }
      }
      // A family an hour: a first view from Google, its speed, the parties page, a call; and
      // one from indyparent.com at 9, 10 and 11 AM (three clients: the site is named).
      const family = `203.0.113.${hour + 1}`;
      await beacon(family, phoneAgent, { type: "view", path: "/", ref: "https://www.google.com/" });
      await beacon(family, phoneAgent, { type: "vitals", path: "/", metrics: { LCP: 2000 } });
      await beacon(family, phoneAgent, { type: "view", path: "/parties", ref: `${site}/` });
      await beacon(family, phoneAgent, { type: "action", path: "/parties", action: "call" });
      if (hour >= 9 && hour <= 11) {
        await beacon(`192.0.2.${hour}`, laptopAgent, {
          type: "view",
          path: "/events",
          ref: "https://www.indyparent.com/fun",
        });
      }
      await recorder.flush();
    }
    // The day over, a family writes to the rink and signs up.
    const form = (formId: string, fields: object) =>
      send(`/f/${formId}`, "203.0.113.200", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Origin: site },
        body: JSON.stringify(fields),
      });
    const contact = await form("contact", {
      name: "Pat Skater",
      email: "pat@example.com",
      phone: "",
      subject: "birthday-party",
      message: "Is the party room free on Saturday the 14th for 12 kids?",
    });
    const signup = await form("newsletter", { email: "family@example.com", phone: "" });
    return { statuses, contact: contact.status, signup: signup.status, day: rinkDate(clock) };
  }

  const dayRow = (day: string) =>
    all(inbox, "SELECT written, visits, views, call FROM insight_days WHERE day = ?", day)[0];

  it("holds each client to its share with the real bounds, and keeps every family's counts", async () => {
    const { statuses, contact, signup, day } = await aDay(beaconBounds);
    // Answered as a page expects, never refused for the flood, never a 5xx.
    expect(Object.keys(statuses)).toEqual(["204"]);
    expect(contact).toBe(200);
    expect(signup).toBe(200);
    expect(inbox.sql.all("SELECT form FROM submissions ORDER BY form")).toEqual([
      { form: "contact" },
      { form: "newsletter" },
    ]);
    // Each stranger sent 384 beacons, half of them for the site's pages, and had 150 stored;
    // together within the day's budget.
    const written = rowsWritten(inbox, day);
    expect(written).toBeLessThanOrEqual(
      strangers * beaconBounds.beaconsPerClient * 4 + 24 * 4 * 3 + 3 * 4 + 2,
    );
    expect(written).toBeLessThanOrEqual(beaconBounds.rowsPerDay);
    expect(dayRow(day)?.written).toBeGreaterThanOrEqual(written);
    expect(
      inbox.sql.all(
        "SELECT count(*) AS n FROM insight_clients WHERE day = ? AND beacons > ?",
        day,
        beaconBounds.beaconsPerClient,
      ),
    ).toEqual([{ n: 0 }]);

    // The owner's page: only the site's pages, the families' Google and the named indyparent.com,
    // the strangers' sites as "others"; a stranger is at most 8 visitors, not one a user agent.
    const report = await insightsReport(store, clock);
    for (const page of report.pages) expect(sitePaths).toContain(page.page);
    const other = report.sources.find((s) => s.kind === "other");
    expect(other?.sites).toEqual([{ site: "indyparent.com", visitors: 1 }]);
    expect(other?.others).toBeGreaterThan(0);
    expect(report.sources.find((s) => s.kind === "search")?.sites).toEqual([
      { site: "Google", visitors: 24 },
    ]);
    const visits = report.figures.at(-1)?.visits ?? 0;
    expect(visits).toBeGreaterThanOrEqual(24 + 3);
    expect(visits).toBeLessThanOrEqual(24 + 3 + strangers * beaconBounds.agentsPerClient);
    for (const page of report.speed) expect(sitePaths).toContain(page.page);
  });

  it("stops storing counts once the day's budget is spent, and the forms go on", async () => {
    const bounds = { ...beaconBounds, rowsPerDay: 1500 };
    const { statuses, contact, signup, day } = await aDay(bounds);
    expect(Object.keys(statuses)).toEqual(["204"]);
    expect(contact).toBe(200);
    expect(signup).toBe(200);
    const written = rowsWritten(inbox, day);
    // Spent to within a beacon's rows of the budget, and never past it.
    expect(dayRow(day)?.written).toBeLessThanOrEqual(bounds.rowsPerDay);
    expect(written).toBeLessThanOrEqual(bounds.rowsPerDay);
    expect(written).toBeGreaterThan(bounds.rowsPerDay - 4 * 4);
    // The next day's end deletes the day's clients and other sites, and counts those deletes
    // against the new day's budget.
    const clients = all(inbox, "SELECT count(*) AS n FROM insight_clients")[0]?.n as number;
    const sites = all(inbox, "SELECT count(*) AS n FROM insight_referrers")[0]?.n as number;
    clock = new Date("2026-12-08T05:30:00Z");
    await insightsTick({ store, now })();
    expect(inbox.sql.all("SELECT count(*) AS n FROM insight_clients")).toEqual([{ n: 0 }]);
    expect(dayRow("2026-12-08")?.written).toBe(clients + sites + 1 + 2);
  });
});
