// The site's first run at /setup, in process with a clock of our own: the right setup code
// and an address make the owner, signed in at once with the emailed link's cookies and no
// email; a welcome goes where email can be sent, and a failing mailer keeps no one out; the
// code is compared by its digest, whatever its length; 5 tries in 15 minutes a client and 50
// an hour in all; closed for good once an owner exists, SETUP_CODE or not; without SETUP_CODE
// the page says how to set it, in the host's words. The sign-in without email says so, the
// same words for every address. Over HTTP on both hosts: tests/first-run.test.ts.
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decoded, inputsOf } from "../../tests/support/owner-html.ts";
import type { ServerEnv } from "../env.ts";
import type { Mail } from "../forms/notify.ts";
import { createRateLimiter } from "../forms/rate-limit.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { issueLink, redeemLink, sessionOwner } from "./auth.ts";
import { sameCode, setupTriesPerClient, setupTriesPerHour } from "./first-run.ts";
import { type OwnerDeps, ownerRoutes } from "./routes.ts";
import { type OwnerStore, ownerStore } from "./store.ts";
import { cannotSendWords, firstRunWords, homeWords, hostHelp } from "./words.ts";

const code = "correct horse battery staple";
const owner = "Owner@Rink.example";
const phone = "192.0.2.10";
const start = new Date("2026-11-24T18:00:00Z");
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

let inbox: Database;
let store: OwnerStore;
let clock = start;
beforeEach(() => {
  inbox = openDatabase(":memory:");
  store = ownerStore(inbox.sql);
  clock = start;
});
afterEach(() => inbox.close());

const routes = (deps: Partial<OwnerDeps> = {}) => {
  const app = new Hono<ServerEnv>();
  app.use("*", async (c, next) => {
    c.set("client", { address: c.req.header("x-test-client") ?? phone, https: false });
    await next();
  });
  app.route(
    "/",
    ownerRoutes({
      store,
      owners: [],
      limiter: createRateLimiter({ perMinute: 1000 }),
      firstRun: { code },
      hostHelp: hostHelp.node,
      now: () => clock,
      log: () => {},
      ...deps,
    }),
  );
  return app;
};

type App = ReturnType<typeof routes>;

/** A form post as the page's own form sends it, from `client`, over http://localhost. */
const post = (app: App, path: string, fields: Record<string, string>, client = phone) =>
  app.request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      host: "localhost",
      origin: "http://localhost",
      "content-type": "application/x-www-form-urlencoded",
      "x-test-client": client,
    },
    body: new URLSearchParams(fields).toString(),
  });
const setUp = (app: App, fields: { code: string; email: string }, client = phone) =>
  post(app, "/setup", fields, client);
const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith("rink_owner=")) ?? "";
/** A page's text as a browser shows it (React writes an apostrophe as &#x27;). */
const text = async (res: Response) => decoded(await res.text());
/** The page's input named `name`, its attributes by name. */
const input = (page: string, name: string) => inputsOf(page).find((i) => i.name === name);
const ownerRows = () => inbox.sql.all("SELECT email, added_by FROM owners");

describe("the setup code", () => {
  it("matches only itself, compared by the SHA-256 of both sides whatever their lengths", async () => {
    expect(await sameCode(code, code)).toBe(true);
    for (const wrong of ["", "c", code.slice(0, -1), `${code} `, code.toUpperCase(), `${code}x`]) {
      expect(await sameCode(wrong, code), wrong).toBe(false);
    }
    // Both sides are digested before anything is compared, so a guess of another length is
    // worked through as far as the right one: no early answer on the length.
    const digest = vi.spyOn(crypto.subtle, "digest");
    try {
      await sameCode("x", code);
      const hashed = digest.mock.calls.map(([algorithm, data]) => [
        algorithm,
        new TextDecoder().decode(data as Uint8Array),
      ]);
      expect(hashed).toEqual([
        ["SHA-256", "x"],
        ["SHA-256", code],
      ]);
    } finally {
      digest.mockRestore();
    }
  });
});

describe("/setup while no owner exists", () => {
  it("asks for the setup code and the owner's email, labelled and described", async () => {
    const res = await routes().request("http://localhost/setup");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const page = await res.text();
    expect(page).toContain(`<h1>${firstRunWords.heading}</h1>`);
    expect(page).toMatch(/<form [^>]*action="\/setup" method="post">/);
    expect(page).toMatch(/<label for="code"[^>]*>Setup code<\/label>/);
    expect(input(page, "code")).toMatchObject({ id: "code", "aria-describedby": "code-hint" });
    expect(page).toMatch(/<label for="email"[^>]*>Your email<\/label>/);
    expect(page).not.toContain("<script");
  });

  it("makes whoever has the right code the owner, signed in at once without any email", async () => {
    const app = routes();
    const res = await setUp(app, { code: ` ${code} `, email: owner });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/inbox/");
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(
      /^rink_owner=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(res.headers.getSetCookie().some((c) => c.startsWith("rink_device="))).toBe(true);
    const home = await app.request("http://localhost/inbox/", {
      headers: { cookie: cookie.split(";")[0] ?? "" },
    });
    const page = await home.text();
    expect(page).toContain(`<h1>${homeWords.heading}</h1>`);
    expect(page).toContain("Sign out");
    expect(ownerRows()).toEqual([{ email: owner, added_by: "setup code" }]);
    const logged = inbox.sql.all("SELECT email, action FROM owner_log");
    expect(logged).toEqual([{ email: owner, action: "set up the site" }]);
  });

  it("emails a welcome where email can be sent; a failing mailer keeps no one out, and its log names no one", async () => {
    const sent: { to: string; mail: Mail }[] = [];
    const app = routes({
      siteUrl: "https://rink.example",
      sendTo: async (to, mail) => void sent.push({ to, mail }),
    });
    expect((await setUp(app, { code, email: owner })).status).toBe(303);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent.map(({ to, mail }) => [to, mail.subject])).toEqual([
      [owner, firstRunWords.welcomeSubject],
    ]);
    expect(sent[0]?.mail.text).toContain("https://rink.example/inbox/");

    inbox.sql.run("DELETE FROM owners");
    const logged: string[] = [];
    const failing = routes({
      siteUrl: "https://rink.example",
      log: (m) => logged.push(m),
      sendTo: async () => {
        throw new Error(`550 no such mailbox <${owner}>`);
      },
    });
    const res = await setUp(failing, { code, email: owner });
    expect(res.status).toBe(303);
    expect(sessionCookie(res)).not.toBe("");
    await new Promise((r) => setTimeout(r, 20));
    const failure = logged.filter((line) => line.startsWith("setup:"));
    expect(failure).toEqual(["setup: the welcome email could not be sent; the owner is signed in"]);
  });

  it("says a wrong code or address in words beside its field, keeps the address, never the code", async () => {
    const app = routes();
    const wrong = await setUp(app, { code: "not the code at all", email: owner });
    expect(wrong.status).toBe(400);
    const page = await text(wrong);
    expect(page).toContain(`<p id="code-error"`);
    expect(page).toContain(firstRunWords.wrongCode);
    expect(input(page, "code")).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "code-error code-hint",
    });
    expect(page).not.toContain("not the code at all");
    expect(input(page, "email")?.value).toBe(owner);
    const badEmail = await setUp(app, { code, email: "owner@" });
    expect(badEmail.status).toBe(400);
    expect(await text(badEmail)).toContain(firstRunWords.badEmail);
    expect(ownerRows()).toEqual([]);
  });

  it(`refuses a client's tries past ${setupTriesPerClient} in 15 minutes, the right code too, and takes it after`, async () => {
    const app = routes();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await setUp(app, { code: `wrong guess ${i}`, email: owner })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    const refused = await setUp(app, { code, email: owner });
    expect(refused.status).toBe(429);
    expect(await text(refused)).toContain(firstRunWords.tooMany.client);
    expect(sessionCookie(refused)).toBe("");
    expect(firstRunWords.tooMany.client).toBe(
      "Too many tries from this connection: the setup code was tried 5 times in 15 minutes. Please wait 15 minutes, check the code, and try again.",
    );
    // Kept as hashes only: no address of a client.
    expect(JSON.stringify(inbox.sql.all("SELECT * FROM setup_tries"))).not.toContain("192.0");
    clock = minutes(15.1);
    expect((await setUp(app, { code, email: owner })).status).toBe(303);
  });

  it(`refuses everyone past ${setupTriesPerHour} tries an hour from all connections together`, async () => {
    const app = routes();
    for (let i = 0; i < setupTriesPerHour; i++) {
      const client = `198.51.100.${i}`;
      expect((await setUp(app, { code: "a wrong guess", email: owner }, client)).status).toBe(400);
    }
    const refused = await setUp(app, { code, email: owner }, "203.0.113.1");
    expect(refused.status).toBe(429);
    expect(await text(refused)).toContain(firstRunWords.tooMany.everyone);
    clock = minutes(61);
    expect((await setUp(app, { code, email: owner }, "203.0.113.1")).status).toBe(303);
  });

  it("says in the host's own words how to set SETUP_CODE when it is not set, or too short", async () => {
    for (const [help, words] of [
      [hostHelp.node, "/etc/rink-site.env"],
      [hostHelp.workers, "add a secret named SETUP_CODE"],
    ] as const) {
      const app = routes({ firstRun: {}, hostHelp: help });
      const res = await app.request("http://localhost/setup");
      expect(res.status).toBe(200);
      const page = await text(res);
      expect(page).toContain(firstRunWords.noCodeTitle);
      expect(page).toContain(words);
      expect(page).not.toContain("<form");
      // A post is not compared with anything.
      const posted = await setUp(app, { code: "anything at all", email: owner });
      expect(await posted.text()).toContain(firstRunWords.noCodeTitle);
      expect(ownerRows()).toEqual([]);
    }
    const refused = routes({ firstRun: { codeRefused: true }, hostHelp: hostHelp.workers });
    expect(await text(await refused.request("http://localhost/setup"))).toContain(
      "too short to be used: it needs at least 12 characters",
    );
  });
});

describe("/setup once an owner exists", () => {
  it("is closed for good after the first run, SETUP_CODE still set", async () => {
    const app = routes();
    expect((await setUp(app, { code, email: owner })).status).toBe(303);
    const page = await app.request("http://localhost/setup");
    expect(page.status).toBe(404);
    expect(await text(page)).toContain(firstRunWords.closed);
    const again = await setUp(app, { code, email: "someone@example.com" }, "198.51.100.9");
    expect(again.status).toBe(404);
    expect(sessionCookie(again)).toBe("");
    expect(ownerRows()).toHaveLength(1);
  });

  it("is closed while the settings name an owner", async () => {
    const app = routes({ owners: ["boss@rink.example"] });
    expect((await app.request("http://localhost/setup")).status).toBe(404);
    const res = await setUp(app, { code, email: owner });
    expect(res.status).toBe(404);
    expect(sessionCookie(res)).toBe("");
    expect(ownerRows()).toEqual([]);
  });

  it("lets the first run's owner sign in by an emailed link, and keeps the session while the table names them", async () => {
    await store.addFirstOwner(owner, start.toISOString(), "setup code");
    const sent: string[] = [];
    const app = routes({
      siteUrl: "https://rink.example",
      sendTo: async (to) => void sent.push(to),
    });
    expect((await post(app, "/inbox/sign-in", { email: owner.toLowerCase() })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([owner]);
    const used = await redeemLink(store, await issueLink(store, owner, phone, start), start);
    expect(await sessionOwner(store, used?.session, minutes(1), [])).toBe(owner);
  });
});

describe("the sign-in where no email can be sent", () => {
  const asks = async (app: App) => {
    const pages = [];
    for (const email of [owner, "stranger@example.com"]) {
      const res = await post(app, "/inbox/sign-in", { email });
      expect(res.status).toBe(200);
      pages.push(await text(res));
    }
    expect(pages[1]).toBe(pages[0]);
    return pages[0] ?? "";
  };

  it("says so, the same for every address, and points to /setup while no owner exists", async () => {
    const app = routes({ hostHelp: hostHelp.workers });
    const page = await asks(app);
    expect(page).toContain(`<h1>${cannotSendWords.heading}</h1>`);
    expect(page).toContain("NOTIFY_FROM");
    expect(page).toContain('<a href="/setup">Set up the site</a>');
    expect(page).not.toContain("a sign-in link is on its way");
    expect(await text(await app.request("http://localhost/inbox/"))).toBe(page);
  });

  it("once an owner exists, says what to do without /setup", async () => {
    await store.addFirstOwner(owner, start.toISOString(), "setup code");
    const page = await asks(routes());
    expect(page).toContain(cannotSendWords.ownerExists);
    expect(page).not.toContain('href="/setup"');
  });

  it("says SITE_URL is missing where a mailer exists but the link would have no address", async () => {
    const sent: string[] = [];
    const app = routes({ owners: [owner], sendTo: async (to) => void sent.push(to) });
    const res = await app.request("https://rink.example/inbox/sign-in", {
      method: "POST",
      headers: {
        host: "rink.example",
        origin: "https://rink.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: owner }).toString(),
    });
    expect(await text(res)).toContain(cannotSendWords.noSiteUrl);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
  });
});
