// The beacon's endpoint in process over a real SQLite file (node/database.ts), with a clock of
// our own, so days pass: what is counted and what is not, a visitor once a day and again the
// next, the day's end deleting the hashes and the salt, and the file holding no address or user
// agent. Both hosts over HTTP: tests/insights.test.ts.
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insightsBeaconPath } from "../../rink/insights.ts";
import { tempDir } from "../../tests/support/fake-site.ts";
import { laptopAgent, phoneAgent } from "../../tests/support/insights-flood.ts";
import type { ServerEnv } from "../env.ts";
import { createRateLimiter } from "../forms/rate-limit.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { asksNotToBeCounted, classifyReferrer, deviceClass, isBotAgent } from "./classify.ts";
import { eachRecorder, groupRecorder } from "./recorder.ts";
import { beaconsPerMinute, insightsRoutes } from "./route.ts";
import { type InsightsStore, insightsStore } from "./store.ts";
import { insightsTick } from "./tick.ts";

const iphone = phoneAgent;
const laptop = laptopAgent;
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("what a beacon's request is reduced to", () => {
  it("names the referrer's kind and bare site, never more of it", () => {
    const own = ["sugarcreekskate.example"];
    expect(classifyReferrer("https://www.google.com/search?q=skating+party", own)).toEqual({
      kind: "search",
      site: "Google",
    });
    expect(classifyReferrer("https://www.google.co.uk/", own).site).toBe("Google");
    expect(classifyReferrer("android-app://com.google.android.googlequicksearchbox/", own)).toEqual(
      { kind: "search", site: "Google" },
    );
    expect(classifyReferrer("https://duckduckgo.com/", own).kind).toBe("search");
    expect(classifyReferrer("https://l.facebook.com/l.php?u=https%3A%2F%2Fx", own)).toEqual({
      kind: "social",
      site: "Facebook",
    });
    expect(classifyReferrer("https://t.co/abc", own).site).toBe("X (Twitter)");
    expect(classifyReferrer("https://www.indyparent.com/fun/skating?id=4", own)).toEqual({
      kind: "other",
      site: "indyparent.com",
    });
    for (const direct of [null, "", "not a url", "https://sugarcreekskate.example/parties"]) {
      expect(classifyReferrer(direct, own)).toEqual({ kind: "direct", site: "" });
    }
  });

  it("tells phones, tablets and laptops apart, and leaves bots and scripts out", () => {
    expect(deviceClass(iphone)).toBe("phone");
    expect(
      deviceClass(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Mobile Safari/537.36",
      ),
    ).toBe("phone");
    expect(
      deviceClass(
        "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36",
      ),
    ).toBe("tablet");
    expect(
      deviceClass(
        "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("tablet");
    expect(deviceClass(laptop)).toBe("laptop");
    for (const bot of [googlebot, "curl/8.5.0", "python-requests/2.32", "", "x".repeat(600)]) {
      expect(isBotAgent(bot)).toBe(true);
    }
    expect(isBotAgent(iphone)).toBe(false);
    expect(isBotAgent(laptop)).toBe(false);
    expect(asksNotToBeCounted({ gpc: "1", dnt: undefined })).toBe(true);
    expect(asksNotToBeCounted({ gpc: undefined, dnt: "1" })).toBe(true);
    expect(asksNotToBeCounted({ gpc: "0", dnt: "0" })).toBe(false);
  });
});

describe("the beacon's endpoint over SQLite, days passing", () => {
  let dir: ReturnType<typeof tempDir>;
  let inbox: Database;
  let store: InsightsStore;
  let clock: Date;
  let app: Hono<ServerEnv>;
  const now = () => clock;

  beforeEach(() => {
    dir = tempDir("rink-insights-");
    inbox = openDatabase(`${dir.path}/inbox.db`);
    store = insightsStore(inbox.sql);
    clock = new Date("2026-12-07T15:00:00Z"); // Monday, 10 AM at the rink
    app = new Hono<ServerEnv>();
    app.use("*", async (c, next) => {
      c.set("client", { address: c.req.header("x-client") ?? "unknown", https: true });
      await next();
    });
    app.route(
      "/",
      insightsRoutes({
        store,
        recorder: eachRecorder(store),
        // The limiter's clock stands still, as the test's own clock does between its sends.
        limiter: createRateLimiter({ perMinute: beaconsPerMinute, now: () => clock.getTime() }),
        now,
      }),
    );
  });
  afterEach(() => {
    inbox.close();
    dir.remove();
  });

  const send = async (
    body: unknown,
    { client = "203.0.113.7", ua = iphone, headers = {} as Record<string, string> } = {},
  ) => {
    const response = await app.request(`https://sugarcreekskate.example${insightsBeaconPath}`, {
      method: "POST",
      headers: {
        "Content-Type": "text/plain;charset=UTF-8",
        "User-Agent": ua,
        "X-Client": client,
        Origin: "https://sugarcreekskate.example",
        Host: "sugarcreekskate.example",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return response.status;
  };
  const view = (path: string, ref?: string) => ({ v: 1, type: "view", path, ref });

  const visitsOn = async (day: string) => {
    const [totals] = await store.days(day, day);
    return { day, visitors: totals?.visits ?? 0, views: totals?.views ?? 0 };
  };

  it("counts views, visits once a day and again the next, actions, and nothing it should not", async () => {
    expect(await send(view("/", "https://www.google.com/"))).toBe(204);
    expect(await send(view("/parties", "https://sugarcreekskate.example/"))).toBe(204);
    // The same phone again the same day: a view, not a visit.
    expect(await send(view("/"))).toBe(204);
    // Another family, on a laptop, from Facebook.
    expect(
      await send(view("/events", "https://l.facebook.com/"), {
        client: "198.51.100.4",
        ua: laptop,
      }),
    ).toBe(204);
    expect(await send({ v: 1, type: "action", path: "/parties", action: "call" })).toBe(204);
    expect(
      await send({
        v: 1,
        type: "action",
        path: "/",
        action: "newsletter_signup",
        category: "engagement",
        label: "email_sms",
      }),
    ).toBe(204);
    // Not counted, and still 204: Global Privacy Control, Do Not Track, a crawler.
    expect(await send(view("/"), { client: "192.0.2.1", headers: { "Sec-GPC": "1" } })).toBe(204);
    expect(await send(view("/"), { client: "192.0.2.2", headers: { DNT: "1" } })).toBe(204);
    expect(await send(view("/"), { client: "192.0.2.3", ua: googlebot })).toBe(204);

    expect(await visitsOn("2026-12-07")).toEqual({ day: "2026-12-07", visitors: 2, views: 4 });
    expect(await store.pages("2026-12-07", "2026-12-07", 10)).toEqual([
      { page: "/", views: 2, visitors: 1 },
      { page: "/events", views: 1, visitors: 1 },
      { page: "/parties", views: 1, visitors: 0 },
    ]);
    expect(await store.sources("2026-12-07", "2026-12-07", 5)).toEqual([
      { source: "social", site: "Facebook", visitors: 1 },
      { source: "search", site: "Google", visitors: 1 },
    ]);
    expect((await store.days("2026-12-07", "2026-12-07"))[0]?.actions).toMatchObject({
      call: 1,
      newsletter_signup: 1,
      directions: 0,
    });
    expect(
      inbox.sql.all(
        "SELECT action, label, hits FROM insight_counts WHERE action <> '' ORDER BY action",
      ),
    ).toEqual([
      { action: "call", label: "", hits: 1 },
      { action: "newsletter_signup", label: "email_sms", hits: 1 },
    ]);

    // The next day (the timer's day end first, as at midnight): the same phone is a visit again.
    clock = new Date("2026-12-08T15:00:00Z");
    const tick = insightsTick({ store, now });
    await tick();
    expect(inbox.sql.all("SELECT day FROM insight_clients")).toEqual([]);
    expect(inbox.sql.all("SELECT day FROM insight_salts ORDER BY day")).toEqual([
      { day: "2026-12-08" },
      { day: "2026-12-09" },
    ]);
    expect(await send(view("/"))).toBe(204);
    expect(await send(view("/parties"))).toBe(204);
    expect(await visitsOn("2026-12-08")).toEqual({ day: "2026-12-08", visitors: 1, views: 2 });
    expect(await visitsOn("2026-12-07")).toEqual({ day: "2026-12-07", visitors: 2, views: 4 });
  });

  it("keeps the phones' vitals only, and deletes them after 28 days", async () => {
    const vitals = { v: 1, type: "vitals", path: "/", metrics: { LCP: 2100, CLS: 0.05 } };
    expect(await send(vitals)).toBe(204);
    expect(await send(vitals, { ua: laptop })).toBe(204);
    expect(inbox.sql.all("SELECT page, lcp, inp, cls FROM insight_vitals")).toEqual([
      { page: "/", lcp: 2100, inp: null, cls: 0.05 },
    ]);
    clock = new Date("2027-01-03T15:00:00Z"); // the 28th day after: still kept
    await insightsTick({ store, now })();
    expect(await store.vitalsViews("2026-11-01")).toEqual([{ page: "/", views: 1 }]);
    clock = new Date("2027-01-04T15:00:00Z");
    await insightsTick({ store, now })();
    expect(await store.vitalsViews("2026-11-01")).toEqual([]);
  });

  it("refuses what is not a beacon, never with a 5xx, and limits a client", async () => {
    expect(await send("x".repeat(2049))).toBe(413);
    expect(await send("{")).toBe(400);
    expect(await send({ v: 1, type: "action", path: "/", action: "purchase" })).toBe(400);
    const json = await app.request(`https://sugarcreekskate.example${insightsBeaconPath}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": iphone },
      body: JSON.stringify(view("/")),
    });
    expect(json.status).toBe(204);
    const form = await app.request(`https://sugarcreekskate.example${insightsBeaconPath}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": iphone },
      body: "v=1",
    });
    expect(form.status).toBe(415);
    expect((await app.request(`https://sugarcreekskate.example${insightsBeaconPath}`)).status).toBe(
      405,
    );
    expect(await send(view("/"), { headers: { Origin: "https://elsewhere.example" } })).toBe(403);
    // A browser that sends Fetch metadata sends Origin too: without it, only its own page's.
    const bare = (fetchSite?: string) =>
      app.request(`https://sugarcreekskate.example${insightsBeaconPath}`, {
        method: "POST",
        headers: {
          "Content-Type": "text/plain",
          "User-Agent": iphone,
          "X-Client": "192.0.2.50",
          ...(fetchSite ? { "Sec-Fetch-Site": fetchSite } : {}),
        },
        body: JSON.stringify(view("/about")),
      });
    expect((await bare("cross-site")).status).toBe(403);
    expect((await bare("same-site")).status).toBe(403);
    expect((await bare("same-origin")).status).toBe(204);
    // Neither (an older browser): counted, within the client's share like any other.
    expect((await bare()).status).toBe(204);
    expect(await store.pages("2026-12-07", "2026-12-07", 10)).toEqual([
      { page: "/about", views: 2, visitors: 1 },
      { page: "/", views: 1, visitors: 1 },
    ]);
    // A page the build did not make: answered, not counted.
    expect(await send(view("/wp-admin"), { client: "192.0.2.51" })).toBe(204);
    expect(await store.pages("2026-12-07", "2026-12-07", 10)).toHaveLength(2);
    const statuses: number[] = [];
    for (let i = 0; i < beaconsPerMinute + 1; i++) {
      statuses.push(await send(view("/"), { client: "198.51.100.99" }));
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(beaconsPerMinute);
    expect(statuses.at(-1)).toBe(429);
  });

  it("keeps no address, user agent or referrer in the file", async () => {
    const address = "203.0.113.77";
    await send(view("/parties", "https://www.indyparent.com/fun/skating-guide"), {
      client: address,
    });
    await send({ v: 1, type: "action", path: "/parties", action: "call" }, { client: address });
    inbox.scrub();
    const bytes = readFileSync(`${dir.path}/inbox.db`).toString("latin1");
    expect(bytes).toContain("indyparent.com");
    for (const secret of [address, "iPhone OS", "Mozilla", "skating-guide"]) {
      expect(bytes).not.toContain(secret);
    }
  });
});

describe("Node's group of beacons", () => {
  it("writes a second's beacons in one transaction, and what is waiting when stopped", async () => {
    const batches: number[] = [];
    const recorder = groupRecorder(
      { record: async (statements) => void batches.push(statements.length) },
      { everyMs: 50 },
    );
    for (let i = 0; i < 30; i++) await recorder.record([["SELECT 1"]]);
    await new Promise((r) => setTimeout(r, 120));
    await recorder.record([["SELECT 1"]]);
    await recorder.flush();
    expect(batches).toEqual([30, 1]);
  });
});
