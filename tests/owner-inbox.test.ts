// The owner's inbox over HTTP on both of its homes (tests/support/inbox-targets.ts): signing in
// by the emailed link (a stranger's asks from their own connection never keeping it back),
// reading what the public forms sent, marking it handled, the signups' CSV, deleting a
// person's data (however their phone was written, leaving no trace in the file), emptying the
// spam, signing out here or everywhere; and everything refused that should be: no session 401,
// another origin 403, a script's read 403, a body over the limit 413, a used or made-up link a
// clear page and no session, an address taken off the owner list signed out; and no token,
// searched text or deleted address in the server's log. The rules with a clock of our own, and
// the sign-in's answer time with a slow or failing mailer, are server/owner/auth.test.ts.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stylesheet } from "../server/owner/stylesheet.ts";
import { homeWords } from "../server/owner/words.ts";
import {
  clientAddresses,
  edgeTarget,
  type InboxTarget,
  nodeTarget,
  ownerAddress,
  pageRequest,
} from "./support/inbox-targets.ts";
import { decoded } from "./support/owner-html.ts";

const contact = {
  name: "Pat Skater",
  email: "pat@example.com",
  phone: "(317) 555-0100",
  subject: "birthday-party",
  message: "Party for 12 on Saturday?",
};

const nextClient = clientAddresses("10.200");

describe.for([
  ["Node", nodeTarget],
  ["Workers", edgeTarget],
] as const)("the owner's inbox on %s", { timeout: 30_000 }, ([, start]) => {
  let target: InboxTarget;
  // One link and one session serve the tests in order (a connection is sent 3 links for an
  // address in 15 minutes at most); the last tests end the session and sign in again.
  let firstToken = "";
  let cookie = "";
  beforeAll(async () => {
    target = await start();
  }, 60_000);
  afterAll(() => target?.stop());

  /** A request from the inbox's own pages (same Origin), with a cookie when given. */
  function send(path: string, init: RequestInit & { cookie?: string; origin?: string } = {}) {
    return pageRequest(target, nextClient(), path, init);
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

  /** The token of the newest sign-in email, once `count` of them have arrived (in 10 s). */
  async function emailedToken(count: number): Promise<string> {
    // The link is emailed after the answer: poll for it, as the owner's emails come and go.
    const deadline = Date.now() + 10_000;
    while (linkMails().length < count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(linkMails()).toHaveLength(count);
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
    // The whole site (Path=/, as __Host- requires): the editor under /admin/ reads it too.
    expect(cookie).toMatch(/Path=\/(?:;|$)/);
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

  it("links its one stylesheet, the site's Tailwind build of owner.css, kept under its hashed address", async () => {
    const page = await (await send("/inbox/")).text();
    const links = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^\/inbox\/inbox\.[0-9a-f]{10}\.css$/);
    const css = await send(links[0] ?? "");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // What the Worker's bundle and the Node server serve is the copy written from owner.css,
    // with ui/'s danger button and the site's tokens in it.
    const text = await css.text();
    expect(text).toBe(stylesheet);
    expect(text).toContain(".bg-pop-700{");
    expect(text).toContain("--color-brand-800:oklch(34% .15 300)");
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

  it("asks for no link when the form's spam trap is filled (a bot), answering as it answers a person", async () => {
    const person = await post("/inbox/sign-in", { email: "stranger@example.com" });
    const bot = await post("/inbox/sign-in", { email: ownerAddress, _gotcha: "https://spam" });
    expect(bot.status).toBe(200);
    expect(await bot.text()).toBe(await person.text());
    await new Promise((r) => setTimeout(r, 300));
    expect(linkMails()).toHaveLength(1);
    // The trap is on the form, hidden from people and from screen readers (ui/honeypot.tsx).
    expect(await (await send("/inbox/")).text()).toMatch(
      /<div aria-hidden="true" class="sr-only"><label>Leave this field empty<input [^>]*name="_gotcha"/,
    );
  });

  it("answers past 12 asks an hour for one address from all connections together with a clear 429, whoever's address it is", async () => {
    // Each ask from a connection of its own: a stranger spreading asks over many.
    const address = "ceiling@example.com";
    for (let i = 0; i < 12; i++) {
      expect((await post("/inbox/sign-in", { email: address })).status).toBe(200);
    }
    const refused = await post("/inbox/sign-in", { email: address });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(
      "A sign-in link for this address has been asked for 12 times in the last hour, the most an hour allows. Please try again in an hour, or use a phone or computer you have signed in on before.",
    );
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
    // The messages' list; /inbox/ itself is the owner's home (issue 33).
    const messages = await (await send("/inbox/?view=messages", { cookie })).text();
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

  it("opens on the owner's home: what needs the owner first, each door one link away (issue 33)", async () => {
    const home = async () => {
      const res = await send("/inbox/", { cookie });
      expect(res.status).toBe(200);
      return decoded(await res.text());
    };
    const page = await home();
    expect(page).toContain(`<h1>${homeWords.heading}</h1>`);
    expect(page).toContain(`<a href="/inbox/?view=messages">${homeWords.newMessages(1)}</a>`);
    expect(page).toContain(`<a href="/inbox/?view=signups">${homeWords.newSignups(1)}</a>`);
    // No GitHub App set up on these targets: the home says the editor is not connected.
    expect(page).toContain(`<a href="/admin/">${homeWords.editorNotConnected}</a>`);
    const doors = [
      ...page.matchAll(/<a class="door" href="([^"]+)"><span class="door-label">([^<]+)/g),
    ];
    expect(doors.map(([, href, label]) => [href, label])).toEqual([
      ["/inbox/?view=messages", "Messages"],
      ["/inbox/?view=signups", "Signups"],
      ["/inbox/updates", "Post an update"],
      ["/inbox/insights", "How the site is doing"],
      ["/admin/", "Edit the site"],
    ]);
    // What needs the owner goes once it is handled, and comes back when marked new again.
    const fresh = target.query("SELECT id FROM submissions WHERE handled_at IS NULL AND spam = 0");
    expect(fresh).toHaveLength(2);
    for (const { id } of fresh) {
      expect((await post(`/inbox/handled/${id}`, { handled: "1" }, cookie)).status).toBe(303);
    }
    const quiet = await home();
    expect(quiet).not.toContain(homeWords.newMessages(1));
    expect(quiet).not.toContain(homeWords.newSignups(1));
    expect(quiet).not.toContain('class="badge"');
    for (const { id } of fresh) {
      expect((await post(`/inbox/handled/${id}`, { handled: "0" }, cookie)).status).toBe(303);
    }
    expect(await home()).toContain(homeWords.newMessages(1));
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
    // The text-alert list: only numbers that confirmed by replying YES (issue 31), as
    // `npm run inbox -- export --list text`. The earlier signup's number replied YES, as
    // Twilio's signed webhook records it (tests/list-services.test.ts sends the webhook itself).
    await target.sql.run(
      `INSERT INTO list_consent (list, person, state, reason, at) VALUES ('text', ?, 'in', ?, ?)
       ON CONFLICT (list, person) DO NOTHING`,
      "3175550199",
      "Replied YES",
      new Date().toISOString(),
    );
    const texts = await send("/inbox/export/newsletter.csv?list=text", { cookie });
    expect(texts.headers.get("content-disposition")).toMatch(/filename="text-alert-list-/);
    const textRows = (await texts.text()).trimEnd().split("\r\n").slice(1);
    expect(textRows.length).toBeGreaterThan(0);
    expect(textRows.every((row) => row.endsWith(",yes"))).toBe(true);
  });

  it("answers a read under /inbox/ only to the browser's own window where the browser says so: a script's fetch or a frame gets 403", async () => {
    // The Fetch metadata Chromium 150 sends (checked against it, issue 42): a link or the
    // address bar, a download link (<a download>, as the CSV links are), a page's stylesheet, a
    // script's fetch() of the site's own origin, and a frame.
    const same = { "Sec-Fetch-Site": "same-origin" };
    const link = { ...same, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" };
    const download = { ...same, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "empty" };
    const style = { ...same, "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "style" };
    const refused = {
      "a script's fetch": { ...same, "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
      "a same-origin fetch": {
        ...same,
        "Sec-Fetch-Mode": "same-origin",
        "Sec-Fetch-Dest": "empty",
      },
      "a frame": { ...same, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe" },
    };
    const read = (path: string, headers: Record<string, string>) => send(path, { cookie, headers });
    const reads = [
      "/inbox/",
      "/inbox/?view=signups",
      "/inbox/export/newsletter.csv",
      "/inbox/export/newsletter.csv?list=email",
    ];
    for (const path of reads) {
      for (const [how, headers] of Object.entries(refused)) {
        const res = await read(path, headers);
        expect(res.status, `${path} by ${how}`).toBe(403);
        expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
        expect(await res.text()).toBe(
          "The inbox opens only as a page in the browser's own window, not to a script or inside another page.",
        );
      }
    }
    // The owner's own window: the signups' page by a link, the CSV by its download link or a
    // plain link, and a client that sends no Fetch metadata (curl, an older browser).
    const page = await read("/inbox/?view=signups", link);
    expect(page.status).toBe(200);
    const signups = await page.text();
    expect(signups).toContain("csv@example.com");
    for (const headers of [download, link, {}]) {
      const csv = await read("/inbox/export/newsletter.csv", headers);
      expect(csv.status, JSON.stringify(headers)).toBe(200);
      expect(csv.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(await csv.text()).toContain("csv@example.com");
    }
    // The page's one stylesheet, loaded as a style: the same for everyone, holding no data.
    const stylesheet = /href="(\/inbox\/inbox\.[0-9a-f]+\.css)"/.exec(signups)?.[1] ?? "";
    expect((await read(stylesheet, style)).status).toBe(200);
  });

  it("deletes one person's data after a confirmation, spam included, whatever way the phone was written", async () => {
    const forget = { ...contact, email: "forget@example.com", phone: "+1 317 555 0142" };
    expect((await submit("contact", forget)).status).toBe(200);
    expect((await submit("newsletter", { phone: "(317) 555-0142" })).status).toBe(200);
    const other = { ...contact, email: "other@example.com", phone: "317.555.0142" };
    expect((await submit("contact", other)).status).toBe(200);
    expect((await submit("newsletter", { email: "Forget@Example.com", _gotcha: "x" })).status).toBe(
      200,
    );
    const held = () =>
      target.query(
        "SELECT id FROM submissions WHERE lower(data) LIKE '%forget@example.com%' OR data LIKE '%0142%'",
      );
    expect(held()).toHaveLength(4);
    const [first] = target.query(
      "SELECT id FROM submissions WHERE data LIKE '%forget@example.com%' ORDER BY id LIMIT 1",
    );
    // The person is named by one of their submissions: their address is in no URL.
    const list = await (await send("/inbox/?q=forget", { cookie })).text();
    expect(list).toContain(`href="/inbox/forget?id=${first?.id}"`);
    const confirm = await send(`/inbox/forget?id=${first?.id}`, { cookie });
    expect(await confirm.text()).toContain("4 submissions hold this email or phone");
    expect(held()).toHaveLength(4);
    const done = await post("/inbox/forget", { id: String(first?.id) }, cookie);
    expect(await done.text()).toContain(
      "Deleted 4 submissions: 2 messages, 1 signup and 1 spam. Nothing with that email or phone is left in the inbox.",
    );
    expect(held()).toEqual([]);
    // Remembered for a restore as keyed hashes (email and phone), naming nobody.
    const recorded = target.query("SELECT key_hash FROM deletions");
    expect(recorded).toHaveLength(2);
    expect(JSON.stringify(recorded)).not.toMatch(/forget|0142/i);
    // Node's SQLite file and its WAL hold no byte of them (D1's storage is Cloudflare's).
    for (const file of target.databaseFiles?.() ?? []) {
      const bytes = readFileSync(file).toString("latin1").toLowerCase();
      for (const trace of ["forget@example.com", "555 0142", "555-0142", "5550142"]) {
        expect(bytes.includes(trace), `${trace} in ${file}`).toBe(false);
      }
    }
    expect((await send(`/inbox/forget?id=${first?.id}`, { cookie })).status).toBe(404);
  });

  it("keeps spam apart and empties it in one step", async () => {
    expect((await submit("contact", { ...contact, _gotcha: "http://spam.example" })).status).toBe(
      200,
    );
    expect(await (await send("/inbox/?view=spam", { cookie })).text()).toContain("Empty the spam");
    expect(await (await send("/inbox/?view=messages", { cookie })).text()).not.toContain(
      "spam.example",
    );
    expect((await post("/inbox/spam/empty", {}, cookie)).status).toBe(303);
    expect(target.query("SELECT id FROM submissions WHERE spam = 1")).toEqual([]);
  });

  it("refuses every inbox call without a session (401) and every change from another origin (403)", async () => {
    const calls: [string, Record<string, string> | undefined][] = [
      ["/inbox/export/newsletter.csv", undefined],
      ["/inbox/forget?id=1", undefined],
      ["/inbox/handled/1", { handled: "1" }],
      ["/inbox/forget", { id: "1" }],
      ["/inbox/spam/empty", {}],
      ["/inbox/sign-out-everywhere", {}],
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

  it("refuses a body over 8 KB before reading it (413), the sign-in's included", async () => {
    const big = `email=${"a".repeat(1024 * 1024)}`;
    for (const path of ["/inbox/sign-in", "/inbox/forget", "/inbox/auth"]) {
      const res = await send(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: big,
        cookie,
      });
      expect(res.status, path).toBe(413);
    }
  });

  it("signs out this device, or every device of the address", async () => {
    const phone = cookie;
    expect((await post("/inbox/sign-in", { email: ownerAddress })).status).toBe(200);
    const laptop = await useToken(await emailedToken(2));
    const opens = async (session: string) =>
      (await send("/inbox/export/newsletter.csv", { cookie: session })).status;
    expect(await opens(phone)).toBe(200);
    expect(await opens(laptop)).toBe(200);
    expect((await post("/inbox/sign-out", {}, laptop)).status).toBe(200);
    expect(await opens(laptop)).toBe(401);
    expect(await opens(phone)).toBe(200);
    const everywhere = await post("/inbox/sign-out-everywhere", {}, phone);
    expect(everywhere.status).toBe(200);
    expect(await everywhere.text()).toContain(
      "You are signed out of the inbox on every phone and computer.",
    );
    expect(await opens(phone)).toBe(401);
  });

  it("sends one connection 3 links for an address in 15 minutes, and a stranger's asks from theirs do not keep the owner's link back", async () => {
    // A stranger, from one connection, asks for the owner's address as often as the minute's
    // limit lets them: the owner is mailed 3 links, then none more for that connection.
    const strangers = nextClient();
    const ask = (client: string) =>
      pageRequest(target, client, "/inbox/sign-in", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: ownerAddress }).toString(),
      });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(strangers));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const texts = await Promise.all(answers.map((res) => res.text()));
    expect(new Set(texts).size).toBe(1);
    await emailedToken(5);
    await new Promise((r) => setTimeout(r, 500));
    expect(linkMails()).toHaveLength(5);
    // Still limited: a sixth ask sends the owner no link. Refused (429) within the minute's
    // window; Cloudflare's rate-limit binding counts fixed windows, so on a loaded machine the
    // sixth can fall in the next one (a fresh-clone run, 9b039e0) and is answered as any ask,
    // still with no link: the connection's 3 in 15 minutes hold.
    const sixth = await ask(strangers);
    expect([200, 429]).toContain(sixth.status);
    await new Promise((r) => setTimeout(r, 500));
    expect(linkMails()).toHaveLength(5);
    // The owner, from a connection of their own: the link comes, and signs in.
    expect((await ask(nextClient())).status).toBe(200);
    cookie = await useToken(await emailedToken(6));
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
      "signed out everywhere",
    ]) {
      expect(actions).toContain(`${ownerAddress} ${action}`);
    }
  });

  it("keeps no sign-in token, searched text or deleted person's address in its log", () => {
    // wrangler dev prints each request's URL to the developer's terminal; on Cloudflare the
    // invocation logs that would record it are off (wrangler.jsonc, server/edge/worker.test.ts).
    const log = target
      .output()
      .split("\n")
      .filter((line) => !/\[wrangler:info\] (GET|POST|HEAD) /.test(line))
      .join("\n");
    expect(log).toContain(ownerAddress);
    for (const secret of [firstToken, "pat sk", "nobody", "forget@example.com", "5550142"]) {
      expect(log.includes(secret), secret).toBe(false);
    }
  });

  it("signs an address out at its next request once it is taken off the owner list", async () => {
    expect((await send("/inbox/export/newsletter.csv", { cookie })).status).toBe(200);
    await target.restart({ OWNER_EMAILS: "someone.else@sugarcreekskate.example" });
    expect((await send("/inbox/export/newsletter.csv", { cookie })).status).toBe(401);
  }, 60_000);
});
