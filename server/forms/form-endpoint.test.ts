// The form endpoint under Node, in process: what the shared protocol suite
// (tests/inbox-protocol.test.ts, against the Node server and the Worker) cannot reach from
// outside, a storage that fails.
import { afterAll, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { createApp } from "../node/app.ts";
import { openDatabase } from "../node/database.ts";

const dir = tempDir();
const siteDir = fakeSite(dir.path);
const inbox = openDatabase(":memory:");
afterAll(() => {
  inbox.close();
  dir.remove();
});

const contact = {
  name: "Pat Skater",
  email: "pat@example.com",
  subject: "birthday-party",
  message: "Party for 12 on Saturday?",
};

const json = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  body: JSON.stringify(body),
});

describe("a storage failure", () => {
  it("answers a storage failure 500 in Formspree's shape, without details", async () => {
    const logged: string[] = [];
    const broken = createApp({
      siteDir,
      log: (message) => logged.push(message),
      inbox: {
        ...inbox,
        insert: () => {
          throw new Error("SQLITE_FULL: database or disk is full at /secret/path");
        },
        insertMany: () => {
          throw new Error("SQLITE_FULL: database or disk is full at /secret/path");
        },
      },
    });
    const res = await broken.request("/f/contact", json(contact));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      errors: [{ message: "The submission could not be saved. Please try again later." }],
    });
    expect(text).not.toMatch(/secret|SQLITE|at /);
    expect(logged).toEqual([expect.stringContaining("SQLITE_FULL")]);
  });
});

describe("the daily ceiling per form", () => {
  const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

  function ceilingApp(dailyLimitPerForm: number) {
    const store = openDatabase(":memory:");
    let t = Date.parse("2025-06-01T12:00:00.000Z");
    const app = createApp({
      siteDir,
      inbox: store,
      rateLimitPerMinute: 0,
      dailyLimitPerForm,
      now: () => new Date(t),
    });
    const stored = (form: string) => store.listByForm(form, { includeSpam: true }).length;
    return {
      app,
      store,
      stored,
      advance: (ms: number) => {
        t += ms;
      },
    };
  }

  it("stores at most N real messages a form in 24 hours, then answers 429 DAILY_LIMIT before reading the body", async () => {
    const { app, store, stored, advance } = ceilingApp(3);
    expect((await app.request("/f/contact", json(contact))).status).toBe(200);
    // Spam is counted apart: it takes no real message's room.
    expect((await app.request("/f/contact", json({ ...contact, _gotcha: "bot" }))).status).toBe(
      200,
    );
    advance(3_600_000);
    expect((await app.request("/f/contact", json(contact))).status).toBe(200);
    expect((await app.request("/f/contact", json(contact))).status).toBe(200);

    const refused = await app.request("/f/contact", json(contact));
    expect(refused.status).toBe(429);
    // Room again once the first is a day old: 23 hours from now.
    expect(refused.headers.get("retry-after")).toBe(String(23 * 3600));
    expect(await refused.json()).toEqual({
      errors: [
        {
          code: "DAILY_LIMIT",
          message:
            "This form has had too many submissions today. Please try again tomorrow, or call the rink.",
        },
      ],
    });
    // Before the body: a broken one gets the same answer, not a 400.
    const broken = await app.request("/f/contact", { ...json(contact), body: "{" });
    expect(broken.status).toBe(429);
    const page = await app.request("/f/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams(contact).toString(),
    });
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(html).toContain("<title>Too many submissions</title>");
    expect(html).toContain("Please try again tomorrow, or call the rink.");
    expect(stored("contact")).toBe(4);

    // Each form has its own ceiling.
    expect((await app.request("/f/newsletter", json({ email: "fam@example.com" }))).status).toBe(
      200,
    );
    // A rolling day: once the first is 24 hours old, one more fits.
    advance(23 * 3_600_000 - 1_000);
    expect((await app.request("/f/contact", json(contact))).status).toBe(429);
    advance(1_000);
    expect((await app.request("/f/contact", json(contact))).status).toBe(200);
    expect((await app.request("/f/contact", json(contact))).status).toBe(429);
    expect(stored("contact")).toBe(5);
    store.close();
  });

  it("holds exactly under a burst stored by one group commit", async () => {
    const { app, store, stored } = ceilingApp(10);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.request("/f/newsletter", json({ email: `burst-${i}@example.com` })),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(stored("newsletter")).toBe(10);
    store.close();
  });

  it("refuses a flood against a full form without counting again for a minute", async () => {
    const store = openDatabase(":memory:");
    let counts = 0;
    let t = Date.parse("2025-06-01T12:00:00.000Z");
    const app = createApp({
      siteDir,
      inbox: {
        ...store,
        countSince(...args) {
          counts++;
          return store.countSince(...args);
        },
      },
      rateLimitPerMinute: 0,
      dailyLimitPerForm: 2,
      now: () => new Date(t),
    });
    const post = () => app.request("/f/newsletter", json({ email: "fam@example.com" }));
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(429);
    expect(counts).toBe(3);
    for (let i = 0; i < 20; i++) expect((await post()).status).toBe(429);
    expect(counts).toBe(3);
    // The owner deleted one: a minute later the form counts again, and has room.
    store.sql.run("DELETE FROM submissions WHERE id = 1");
    t += 60_000;
    const again = await post();
    expect(again.status).toBe(200);
    expect(counts).toBe(4);
    const full = await post();
    expect(full.status).toBe(429);
    expect(full.headers.get("retry-after")).toBe(String(86_400 - 60));
    store.close();
  });

  it("is off at 0", async () => {
    const { app, store, stored } = ceilingApp(0);
    for (let i = 0; i < 5; i++) {
      expect(
        (await app.request("/f/newsletter", json({ email: `f${i}@example.com` }))).status,
      ).toBe(200);
    }
    expect(stored("newsletter")).toBe(5);
    store.close();
  });

  it("leaves the form open to another client after 500 spam posts from one", async () => {
    const { app, store, stored, advance } = ceilingApp(500);
    const spam = json({ ...contact, _gotcha: "http://spam.example" });
    for (let i = 0; i < 500; i++) {
      expect((await app.request("/f/contact", spam, from("203.0.113.9"))).status).toBe(200);
      advance(1_000);
    }
    // Spam past its own ceiling is told the same, and not stored.
    expect((await app.request("/f/contact", spam, from("203.0.113.9"))).status).toBe(200);
    expect(stored("contact")).toBe(500);

    const other = await app.request("/f/contact", json(contact), from("198.51.100.4"));
    expect(other.status).toBe(200);
    expect(store.listByForm("contact", { includeSpam: false })).toHaveLength(1);
    store.close();
  });

  it("refuses a client past its share of the day in words, while others get through", async () => {
    // A ceiling of 20 a day: one client may send 2 of them.
    const { app, store, advance } = ceilingApp(20);
    const post = (address: string, accept = "application/json") =>
      app.request(
        "/f/newsletter",
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: accept },
          body: new URLSearchParams({ email: `fam-${Math.random()}@example.com` }).toString(),
        },
        from(address),
      );
    expect((await post("203.0.113.7")).status).toBe(200);
    advance(3_600_000);
    expect((await post("203.0.113.7")).status).toBe(200);
    const refused = await post("203.0.113.7");
    expect(refused.status).toBe(429);
    // Room again once its first is a day old: 23 hours from now.
    expect(refused.headers.get("retry-after")).toBe(String(23 * 3600));
    expect(await refused.json()).toEqual({
      errors: [
        {
          code: "CLIENT_DAILY_LIMIT",
          message:
            "You have sent this form too many times today. Please try again tomorrow, or call the rink.",
        },
      ],
    });
    const page = await post("203.0.113.7", "text/html");
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(
      "<li>You have sent this form too many times today. Please try again tomorrow, or call the rink.</li>",
    );
    // Another client, and the same client's other form, still get through.
    expect((await post("198.51.100.4")).status).toBe(200);
    const contactPost = await app.request("/f/contact", json(contact), from("203.0.113.7"));
    expect(contactPost.status).toBe(200);
    // A day after its first, the client has room again.
    advance(23 * 3600_000);
    expect((await post("203.0.113.7")).status).toBe(200);
    store.close();
  });
});

describe("the newsletter's phone", () => {
  const refusedWords = "has an area code we do not send text alerts to";

  it("refuses a Jamaican number in words: JSON for a script, a page without JavaScript", async () => {
    const app = createApp({ siteDir, inbox, rateLimitPerMinute: 0 });
    const res = await app.request("/f/newsletter", json({ phone: "(876) 555-0100" }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: [{ field: "phone", code: "TYPE_NUMERIC", message: refusedWords }],
    });
    const page = await app.request("/f/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ email: "", phone: "(876) 555-0100" }).toString(),
    });
    expect(page.status).toBe(422);
    expect(await page.text()).toContain(`<li>Phone ${refusedWords}</li>`);
  });

  it("takes a Canadian number only with SMS_TO_CANADA", async () => {
    const canadian = json({ phone: "(416) 555-0100" });
    const usOnly = createApp({ siteDir, inbox, rateLimitPerMinute: 0 });
    expect((await usOnly.request("/f/newsletter", canadian)).status).toBe(422);
    const withCanada = createApp({ siteDir, inbox, rateLimitPerMinute: 0, textsToCanada: true });
    expect((await withCanada.request("/f/newsletter", canadian)).status).toBe(200);
  });
});
