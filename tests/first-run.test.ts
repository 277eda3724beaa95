// The site's first run over HTTP on both of its homes (tests/support/inbox-targets.ts), each
// from an empty database with no owner and no email: the sign-in says it cannot send email, the
// same for every address, and points to /setup; without SETUP_CODE, /setup says how to set it
// on that host; with it, a wrong code 10 times from one connection is refused past the fifth
// (the right one too), the right code from another signs the owner in at once, and /setup is
// then closed for good though SETUP_CODE is still set; once email is set up with NOTIFY_TO still
// empty, a contact message is emailed to that owner. The rules in process, with a clock of our
// own: server/owner/first-run.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cannotSendWords, firstRunWords, homeWords } from "../server/owner/words.ts";
import { workerConfig } from "../tooling/wrangler.ts";
import {
  clientAddresses,
  edgeTarget,
  type InboxTarget,
  nodeTarget,
  ownerAddress,
  pageRequest,
} from "./support/inbox-targets.ts";
import { decoded } from "./support/owner-html.ts";

const code = "a setup code for the tests";
// The address the Worker's harness lets the send_email binding write to, as a verified one.
const owner = ownerAddress;
const nextClient = clientAddresses("10.219");
// No owner and no email: NOTIFY_TO names none, and neither host has a mailer.
const noOwner = { NOTIFY_TO: "", SMTP_URL: "", NOTIFY_FROM: "" };

it("has Cloudflare run the Worker for /setup, which has no static page", () => {
  const { assets } = workerConfig() as { assets: { run_worker_first?: string[] } };
  expect(assets.run_worker_first).toContain("/setup");
});

describe.for([
  ["Node", nodeTarget, "/etc/rink-site.env"],
  ["Workers", edgeTarget, "add a secret named SETUP_CODE"],
] as const)("the first run on %s", { timeout: 60_000 }, ([, start, howToSet]) => {
  let target: InboxTarget;
  beforeAll(async () => {
    target = await start(noOwner);
  }, 90_000);
  afterAll(() => target?.stop());

  const post = (path: string, fields: Record<string, string>, client = nextClient()) =>
    pageRequest(target, client, path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const get = (path: string, cookie?: string) =>
    pageRequest(target, nextClient(), path, cookie ? { cookie } : {});
  const read = async (res: Response) => decoded(await res.text());
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("rink_owner="))
      ?.split(";")[0] ?? "";

  /** The sign-in answer for an owner's address and a stranger's: one page, the same for both. */
  async function signInAnswer(): Promise<string> {
    const pages = [];
    for (const email of [owner, "stranger@example.com"]) {
      const res = await post("/inbox/sign-in", { email });
      expect(res.status).toBe(200);
      pages.push(await read(res));
    }
    expect(pages[1]).toBe(pages[0]);
    return pages[0] ?? "";
  }

  it("says at sign-in that the site cannot send email yet, the same for every address, and points to /setup", async () => {
    const page = await signInAnswer();
    expect(page).toContain(cannotSendWords.heading);
    expect(page).not.toContain("Check your email");
    expect(page).toContain('<a href="/setup">Set up the site</a>');
    expect(await read(await get("/inbox/"))).toContain(cannotSendWords.heading);
    expect(target.mails()).toEqual([]);
    expect(target.output()).not.toContain("email or SITE_URL is not set up");
  });

  it("says how to set SETUP_CODE on this host while it is not set, and makes no owner", async () => {
    const res = await get("/setup");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    const page = await read(res);
    expect(page).toContain(firstRunWords.noCodeTitle);
    expect(page).toContain(howToSet);
    const posted = await post("/setup", { code, email: owner });
    expect(await read(posted)).toContain(firstRunWords.noCodeTitle);
    expect(target.query("SELECT * FROM owners")).toEqual([]);
  });

  it("refuses a wrong code 10 times from one connection past the fifth, the right one too", async () => {
    await target.restart({ SETUP_CODE: code });
    const form = await read(await get("/setup"));
    expect(form).toContain(firstRunWords.heading);
    expect(form).toContain(firstRunWords.codeLabel);
    const client = nextClient();
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const res = await post("/setup", { code: `wrong guess ${i}`, email: owner }, client);
      statuses.push(res.status);
      const page = await read(res);
      if (i < 5) expect(page).toContain(firstRunWords.wrongCode);
      else expect(page).toContain("Too many tries from this connection");
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    const right = await post("/setup", { code, email: owner }, client);
    expect(right.status).toBe(429);
    expect(sessionOf(right)).toBe("");
    expect(target.query("SELECT * FROM owners")).toEqual([]);
  });

  it("signs in whoever has the right code at once, with no email, as the site's owner", async () => {
    const res = await post("/setup", { code, email: owner });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/inbox/");
    const cookie = sessionOf(res);
    expect(cookie).toMatch(/^rink_owner=[\w-]{43}$/);
    const home = await read(await get("/inbox/", cookie));
    expect(home).toContain(`<h1>${homeWords.heading}</h1>`);
    // The bar names who is signed in (with line-break chances in the address).
    expect(home.replaceAll("<wbr/>", "")).toContain(`<span class="who">${owner}</span>`);
    expect(target.query("SELECT email, added_by FROM owners")).toEqual([
      { email: owner, added_by: "setup code" },
    ]);
    expect(target.mails()).toEqual([]);
    expect(target.output()).not.toContain(code);
  });

  it("is closed for good once the owner exists, SETUP_CODE still set", async () => {
    const page = await get("/setup");
    expect(page.status).toBe(404);
    expect(await read(page)).toContain(firstRunWords.closed);
    const again = await post("/setup", { code, email: "someone.else@example.com" });
    expect(again.status).toBe(404);
    expect(sessionOf(again)).toBe("");
    expect(target.query("SELECT email FROM owners")).toEqual([{ email: owner }]);
    // The sign-in still cannot email a link, and no longer sends anyone to /setup.
    const signIn = await signInAnswer();
    expect(signIn).toContain(cannotSendWords.ownerExists);
    expect(signIn).not.toContain('href="/setup"');
  });

  it("emails a contact message to that owner once email is set up, NOTIFY_TO still empty", async () => {
    await target.restart(target.emailWithoutOwner);
    const message = {
      name: "Pat Skater",
      email: "pat@example.com",
      subject: "birthday-party",
      message: "Open Friday?",
    };
    const res = await pageRequest(target, nextClient(), "/f/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(message),
    });
    expect(res.status).toBe(200);
    await target.tick();
    const [mail] = await target.waitForMails(1);
    expect(mail?.to).toBe(owner);
    expect(mail?.subject).toMatch(/^Contact message from Pat Skater/);
    expect(mail?.text).toContain("Message: Open Friday?");
  });
});
