// The owner's inbox over HTTP on both of its homes (tests/support/inbox-targets.ts): signing in
// by the emailed link, reading what the public forms sent, marking it handled, the signups'
// CSV, deleting a person's data, emptying the spam, signing out; and everything refused that
// should be: no session 401, another origin 403, a used or made-up link a clear page and no
// session. The rules with a clock of our own are server/owner/auth.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edgeTarget, type InboxTarget, nodeTarget, ownerAddress } from "./support/inbox-targets.ts";

const contact = {
  name: "Pat Skater",
  email: "pat@example.com",
  phone: "(317) 555-0100",
  subject: "birthday-party",
  message: "Party for 12 on Saturday?",
};

let clients = 0;
const nextClient = () => {
  clients += 1;
  return `10.200.${(clients >> 8) & 255}.${clients & 255}`;
};

describe.for([
  ["Node", nodeTarget],
  ["Workers", edgeTarget],
] as const)("the owner's inbox on %s", { timeout: 30_000 }, ([, start]) => {
  let target: InboxTarget;
  // One link and one session serve the tests in order (an address is sent 3 links in 15
  // minutes at most); the last tests end the session and use up the allowance.
  let firstToken = "";
  let cookie = "";
  beforeAll(async () => {
    target = await start();
  }, 60_000);
  afterAll(() => target?.stop());

  /** A request from the inbox's own pages (same Origin), with a cookie when given. */
  function send(path: string, init: RequestInit & { cookie?: string; origin?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set(target.clientHeader, nextClient());
    if (init.method === "POST") headers.set("Origin", init.origin ?? target.url);
    if (init.cookie) headers.set("Cookie", init.cookie);
    return fetch(`${target.url}${path}`, { redirect: "manual", ...init, headers });
  }
  const post = (path: string, fields: Record<string, string>, cookie?: string, origin?: string) =>
    send(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
    });
  const submit = (form: string, fields: Record<string, string>) =>
    send(`/f/${form}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(fields),
    });

  const linkMails = () =>
    target.mails().filter((m) => m.subject === "Your sign-in link for the rink's inbox");

  /** The token of the newest sign-in email, once `count` of them have arrived. */
  async function emailedToken(count: number): Promise<string> {
    await target.waitForMails(target.mails().length - linkMails().length + count);
    const link = /https?:\/\/\S+\/inbox\/auth\?token=(\S+)/.exec(linkMails().at(-1)?.text ?? "");
    expect(link?.[0].startsWith(`${target.url}/inbox/auth?token=`)).toBe(true);
    return link?.[1] ?? "";
  }

  async function useToken(token: string): Promise<string> {
    const res = await post("/inbox/auth", { token });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/inbox/");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/inbox/);
    return cookie.split(";")[0] ?? "";
  }

  it("shows the sign-in form, with its own policy, never cached or indexed", async () => {
    const bare = await send("/inbox");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/inbox/");
    const page = await send("/inbox/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Email me a sign-in link");
    expect(page.headers.get("content-security-policy")).toMatch(
      /^default-src 'none'; style-src 'self'/,
    );
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
  });

  it("answers every address the same, and emails a link only to an owner", async () => {
    const stranger = await post("/inbox/sign-in", { email: "stranger@example.com" });
    const owner = await post("/inbox/sign-in", { email: ownerAddress.toUpperCase() });
    expect(stranger.status).toBe(owner.status);
    expect(await stranger.text()).toBe(await owner.text());
    firstToken = await emailedToken(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(linkMails()).toHaveLength(1);
  });

  it("signs in once from the emailed link; a used or made-up link gets a clear page and no session", async () => {
    const token = firstToken;
    // Opening the link (or a mail scanner opening it) only shows a button.
    for (let i = 0; i < 2; i++) {
      const opened = await send(`/inbox/auth?token=${token}`);
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain(`value="${token}"`);
    }
    cookie = await useToken(token);
    for (const wrong of [token, `${token.slice(0, -2)}xx`, "made-up"]) {
      const again = await post("/inbox/auth", { token: wrong });
      expect(again.status, wrong).toBe(400);
      expect(again.headers.get("set-cookie"), wrong).toBeNull();
      expect(await again.text()).toContain("This sign-in link cannot be used");
    }
  });

  it("lists what the forms sent, newest first and marked new, with reply and call links", async () => {
    expect((await submit("contact", contact)).status).toBe(200);
    expect(
      (await submit("newsletter", { email: "fam@example.com", phone: "3175550199" })).status,
    ).toBe(200);
    const messages = await (await send("/inbox/", { cookie })).text();
    expect(messages).toContain("Pat Skater");
    expect(messages).toContain(
      'href="mailto:pat%40example.com?subject=Re%3A%20Birthday%20Party%20Booking"',
    );
    expect(messages).toContain('href="tel:3175550100"');
    expect(messages).toMatch(/<span class="badge">New<\/span> Pat Skater/);
    expect(messages).toContain("Party for 12 on Saturday?");
    const signups = await (await send("/inbox/?view=signups", { cookie })).text();
    expect(signups).toContain("fam@example.com");
    expect(signups).not.toContain("Pat Skater");
  });

  it("finds by name, email or phone digits", async () => {
    for (const q of ["pat sk", "PAT@EXAMPLE", "555-0100", "3175550100"]) {
      const page = await (await send(`/inbox/?q=${encodeURIComponent(q)}`, { cookie })).text();
      expect(page, q).toContain("Pat Skater");
    }
    const none = await (await send("/inbox/?q=nobody", { cookie })).text();
    expect(none).toContain("Nothing matches “nobody”.");
  });

  it("marks a message handled, and new again", async () => {
    const [row] = target.query(
      "SELECT id FROM submissions WHERE form = 'contact' ORDER BY id DESC LIMIT 1",
    );
    const id = String(row?.id);
    expect(
      (await post(`/inbox/handled/${id}`, { handled: "1", back: "/inbox/" }, cookie)).status,
    ).toBe(303);
    expect(
      target.query("SELECT handled_at FROM submissions WHERE id = ?", Number(id))[0]?.handled_at,
    ).toEqual(expect.any(String));
    expect((await post(`/inbox/handled/${id}`, { handled: "0" }, cookie)).status).toBe(303);
    expect(
      target.query("SELECT handled_at FROM submissions WHERE id = ?", Number(id))[0]?.handled_at,
    ).toBeNull();
  });

  it("exports the signups as the CLI does: a spreadsheet-safe CSV", async () => {
    // A valid address that a spreadsheet would run as a formula.
    expect((await submit("newsletter", { email: "=cmd@example.com" })).status).toBe(200);
    expect((await submit("newsletter", { email: "csv@example.com" })).status).toBe(200);
    const res = await send("/inbox/export/newsletter.csv", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-signups-/,
    );
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("ID,Received,Email,Phone,Agreed to email news,Agreed to text alerts");
    expect(lines.some((l) => l.includes(",csv@example.com,,yes,no"))).toBe(true);
    expect(lines.some((l) => l.includes(",'=cmd@example.com,"))).toBe(true);
    // The text-alert list: only people who gave a phone, as `npm run inbox -- export --list text`.
    const texts = await send("/inbox/export/newsletter.csv?list=text", { cookie });
    expect(texts.headers.get("content-disposition")).toMatch(/filename="text-alert-list-/);
    const textRows = (await texts.text()).trimEnd().split("\r\n").slice(1);
    expect(textRows.length).toBeGreaterThan(0);
    expect(textRows.every((row) => row.endsWith(",yes"))).toBe(true);
  });

  it("deletes one person's data after a confirmation, spam included", async () => {
    expect(
      (
        await submit("contact", {
          ...contact,
          email: "forget@example.com",
          phone: "(317) 555-0142",
        })
      ).status,
    ).toBe(200);
    expect((await submit("newsletter", { phone: "317.555.0142" })).status).toBe(200);
    expect((await submit("newsletter", { email: "Forget@Example.com", _gotcha: "x" })).status).toBe(
      200,
    );
    const held = () =>
      target.query(
        "SELECT id FROM submissions WHERE lower(data) LIKE '%forget@example.com%' OR data LIKE '%0142%'",
      );
    expect(held()).toHaveLength(3);
    const confirm = await send("/inbox/forget?email=forget%40example.com&phone=3175550142", {
      cookie,
    });
    expect(await confirm.text()).toContain("3 submissions hold this email or phone");
    expect(held()).toHaveLength(3);
    const done = await post(
      "/inbox/forget",
      { email: "forget@example.com", phone: "3175550142" },
      cookie,
    );
    expect(await done.text()).toContain("Deleted 3 submissions.");
    expect(held()).toEqual([]);
  });

  it("keeps spam apart and empties it in one step", async () => {
    expect((await submit("contact", { ...contact, _gotcha: "http://spam.example" })).status).toBe(
      200,
    );
    expect(await (await send("/inbox/?view=spam", { cookie })).text()).toContain("Empty the spam");
    expect(await (await send("/inbox/", { cookie })).text()).not.toContain("spam.example");
    expect((await post("/inbox/spam/empty", {}, cookie)).status).toBe(303);
    expect(target.query("SELECT id FROM submissions WHERE spam = 1")).toEqual([]);
  });

  it("refuses every inbox call without a session (401) and every change from another origin (403)", async () => {
    const calls: [string, Record<string, string> | undefined][] = [
      ["/inbox/export/newsletter.csv", undefined],
      ["/inbox/forget?email=pat%40example.com", undefined],
      ["/inbox/handled/1", { handled: "1" }],
      ["/inbox/forget", { email: "pat@example.com" }],
      ["/inbox/spam/empty", {}],
    ];
    for (const [path, fields] of calls) {
      const anonymous = fields ? await post(path, fields) : await send(path);
      expect(anonymous.status, path).toBe(401);
      if (fields) {
        const forged = await post(path, fields, cookie, "https://evil.example");
        expect(forged.status, path).toBe(403);
      }
    }
    const list = await send("/inbox/");
    expect(await list.text()).not.toContain("Pat Skater");
    expect(
      target.query("SELECT id FROM submissions WHERE data LIKE '%pat@example.com%'").length,
    ).toBeGreaterThan(0);
  });

  it("signs out: the cookie opens nothing any more; a new link ends older sessions", async () => {
    const first = cookie;
    expect((await post("/inbox/sign-in", { email: ownerAddress })).status).toBe(200);
    const second = await useToken(await emailedToken(2));
    expect((await send("/inbox/export/newsletter.csv", { cookie: first })).status).toBe(401);
    expect((await send("/inbox/export/newsletter.csv", { cookie: second })).status).toBe(200);
    expect((await post("/inbox/sign-out", {}, second)).status).toBe(200);
    expect((await send("/inbox/export/newsletter.csv", { cookie: second })).status).toBe(401);
  });

  it("sends an address 3 links in 15 minutes at most, with the same answer", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await post("/inbox/sign-in", { email: ownerAddress })).status).toBe(200);
    }
    await emailedToken(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(linkMails()).toHaveLength(3);
  });

  it("logs the owner's sign-ins, exports and deletions with time and address", () => {
    const actions = target
      .query("SELECT at, email, action FROM owner_log ORDER BY id")
      .map((r) => `${r.email} ${r.action}`);
    for (const action of [
      "link sent",
      "signed in",
      "exported signups",
      "deleted a person's data",
      "emptied spam",
      "signed out",
    ]) {
      expect(actions).toContain(`${ownerAddress} ${action}`);
    }
  });
});
