// The sign-in rules with a clock of our own: a link works once and for 15 minutes, a session
// lasts 30 days, using a new link or signing out ends it, a tampered token opens nothing, and
// the inbox refuses a change from another origin. Both platforms run these same modules; the
// whole flow over HTTP on each is tests/owner-inbox.test.ts.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openInbox } from "../inbox.ts";
import { createRateLimiter } from "../rate-limit.ts";
import { endSession, issueLink, redeemLink, sessionOwner, tokenHash } from "./auth.ts";
import { ownerRoutes } from "./routes.ts";
import { ownerStore } from "./store.ts";

const inbox = openInbox(":memory:");
const store = ownerStore(inbox.sql);
afterAll(() => inbox.close());

const owner = "owner@rink.example";
const start = new Date("2026-11-24T18:00:00Z");
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
const days = (n: number) => minutes(n * 24 * 60);

describe("an emailed sign-in link", () => {
  it("opens a session once, and never again", async () => {
    const token = await issueLink(store, owner, start);
    const first = await redeemLink(store, token, minutes(1));
    expect(first?.email).toBe(owner);
    expect(await redeemLink(store, token, minutes(2))).toBeUndefined();
  });

  it("works for 15 minutes and not a second more", async () => {
    const late = await issueLink(store, owner, start);
    expect(await redeemLink(store, late, minutes(15))).toBeUndefined();
    const inTime = await issueLink(store, owner, start);
    expect(await redeemLink(store, inTime, minutes(14.9))).toBeDefined();
  });

  it("opens nothing when tampered with, cut short or made up", async () => {
    const token = await issueLink(store, owner, start);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [flipped, token.slice(1), `${token}x`, "", "' OR 1=1 --"]) {
      expect(await redeemLink(store, wrong, minutes(1)), wrong).toBeUndefined();
    }
    expect(await redeemLink(store, token, minutes(1))).toBeDefined();
  });

  it("is kept only as its hash", async () => {
    const token = await issueLink(store, owner, start);
    const stored = await inbox.sql.all("SELECT token_hash FROM owner_links");
    expect(stored.map((r) => r.token_hash)).toContain(await tokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });
});

describe("a session", () => {
  let session: string;
  beforeEach(async () => {
    const used = await redeemLink(store, await issueLink(store, owner, start), start);
    session = used?.session ?? "";
  });

  it("lasts 30 days", async () => {
    expect(await sessionOwner(store, session, days(29.9))).toBe(owner);
    expect(await sessionOwner(store, session, days(30))).toBeUndefined();
  });

  it("ends when the owner signs out", async () => {
    await endSession(store, session, minutes(5));
    expect(await sessionOwner(store, session, minutes(6))).toBeUndefined();
  });

  it("ends when a new link is used for the same address", async () => {
    const newer = await redeemLink(store, await issueLink(store, owner, minutes(5)), minutes(6));
    expect(await sessionOwner(store, session, minutes(7))).toBeUndefined();
    expect(await sessionOwner(store, newer?.session, minutes(7))).toBe(owner);
  });
});

describe("the inbox's routes", () => {
  const app = ownerRoutes({
    store,
    owners: [owner],
    limiter: createRateLimiter({ perMinute: 100 }),
    now: () => minutes(1),
    log: () => {},
  });
  const cookieFor = async () => {
    const used = await redeemLink(store, await issueLink(store, owner, start), start);
    return `rink_owner=${used?.session}`;
  };

  it("refuses a change from another origin with 403, even with a good session", async () => {
    const cookie = await cookieFor();
    const res = await app.request("http://rink.example/inbox/spam/empty", {
      method: "POST",
      headers: { cookie, host: "rink.example", origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    const ok = await app.request("http://rink.example/inbox/spam/empty", {
      method: "POST",
      headers: { cookie, host: "rink.example", origin: "http://rink.example" },
    });
    expect(ok.status).toBe(303);
  });

  it("answers 401 without a session, and an expired session is none", async () => {
    const res = await app.request("http://rink.example/inbox/export/newsletter.csv");
    expect(res.status).toBe(401);
    const old = ownerRoutes({
      store,
      owners: [owner],
      limiter: createRateLimiter({ perMinute: 100 }),
      now: () => days(31),
      log: () => {},
    });
    const expired = await old.request("http://rink.example/inbox/export/newsletter.csv", {
      headers: { cookie: await cookieFor() },
    });
    expect(expired.status).toBe(401);
  });
});
