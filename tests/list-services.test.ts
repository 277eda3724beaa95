// The list services on both of the inbox's homes (tests/support/inbox-targets.ts), against
// the Kit and Twilio stand-ins as real HTTP servers on this machine (tests/support/): a signup
// reaches Kit through the outbox; a signup's number is asked to reply YES and is texted
// nothing else until it does; a Twilio outage loses nothing and sends nothing twice; a STOP
// (any of its words), signed by Twilio's own library, means that number is never texted; any
// other reply is a message in the owner's inbox; the carriers' statuses come back signed and
// the report counts them; a forged webhook is refused; Kit's unsubscribe marks the person in
// the owner's CSV; bad input gets a clear 4xx; on Node a signup's confirmation text and Kit
// subscribe go within 5 s, with the outbox's timer an hour away. The outbox's rules with a
// clock of our own (quiet hours, the confirmations' ceiling) are server/lists/outbox.test.ts.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rinkWallClock } from "../rink/clock.ts";
import { confirmationText } from "../server/lists/text-message.ts";
import { updateRecords } from "../server/updates/store.ts";
import { deliveryReport, queueUpdate } from "../server/updates/update.ts";
import {
  clientAddresses,
  edgeTarget,
  type InboxTarget,
  nodeTarget,
  ownerAddress,
} from "./support/inbox-targets.ts";
import {
  type KitStandIn,
  kitFormId,
  kitLegacyWebhook,
  startKitStandIn,
} from "./support/kit-stand-in.ts";
import { listServiceSettings } from "./support/list-service-settings.ts";
import {
  incomingMessage,
  signTwilio,
  startTwilioStandIn,
  type TwilioStandIn,
} from "./support/twilio-stand-in.ts";

const kitSecret = "kit-webhook-secret-for-the-tests-0123";
const rinkName = "Sugar Creek Skateland";

const nextClient = clientAddresses("10.77");

describe.for([
  ["Node", nodeTarget],
  ["Workers", edgeTarget],
] as const)("the list services on %s", { timeout: 60_000 }, ([, start]) => {
  let target: InboxTarget;
  let kit: KitStandIn;
  let twilio: TwilioStandIn;

  beforeAll(async () => {
    [kit, twilio] = await Promise.all([startKitStandIn(), startTwilioStandIn()]);
    target = await start({
      ...listServiceSettings(kit.url, twilio.url, rinkName),
      KIT_WEBHOOK_SECRET: kitSecret,
    });
    // The carriers' statuses reach the site here, signed for SITE_URL (the target's own).
    twilio.deliverTo(target.url);
  }, 90_000);
  afterAll(async () => {
    await target?.stop();
    await Promise.all([kit?.close(), twilio?.close()]);
  });

  const post = (
    path: string,
    init: { body: string; type: string; headers?: Record<string, string> },
  ) =>
    fetch(`${target.url}${path}`, {
      method: "POST",
      headers: { [target.clientHeader]: nextClient(), "Content-Type": init.type, ...init.headers },
      body: init.body,
    });
  const signup = (fields: Record<string, string>) =>
    post("/f/newsletter", { body: JSON.stringify(fields), type: "application/json" });
  /** An incoming text, signed by Twilio's library for the URL Twilio was given (SITE_URL's). */
  const reply = (params: Record<string, string>, signature?: string, path = "/hooks/twilio") =>
    post(path, {
      body: new URLSearchParams(params).toString(),
      type: "application/x-www-form-urlencoded",
      headers: {
        "X-Twilio-Signature": signature ?? signTwilio(`${target.url}${path}`, params),
      },
    });
  const kitHook = (body: unknown, secret = kitSecret) =>
    post(`/hooks/kit/${secret}`, { body: JSON.stringify(body), type: "application/json" });
  /** News for the next hour to the text list, queued as the owner's post queues it. */
  async function queueTextNews(note: string) {
    const store = updateRecords(target.sql);
    const queued = await queueUpdate(
      store,
      { kind: "news", note, until: new Date(Date.now() + 36e5).toISOString() },
      ["text"],
      // The services the server has; queueing only needs to know which are set up.
      { services: { text: { name: "Twilio" } as never }, rinkName },
    );
    return { store, id: queued.ok ? queued.id : "" };
  }
  /** Polls `check` (running a retry pass each time on the Worker) until it holds, up to 20 s. */
  async function eventually(check: () => void) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        check();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      await target.tick();
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it("adds a signup that agreed to email to Kit's form, through the outbox", async () => {
    expect((await signup({ email: "Fam@Example.com", phone: "(317) 555-0201" })).status).toBe(200);
    await eventually(() =>
      expect(kit.subscribers.get("fam@example.com")?.forms).toEqual([kitFormId]),
    );
    await eventually(() =>
      expect(
        target.query("SELECT action, recipient, state FROM outbox WHERE action = 'subscribe'"),
      ).toEqual([{ action: "subscribe", recipient: "fam@example.com", state: "sent" }]),
    );
  });

  it("writes a signup and its outbox rows together or not at all, with no trigger of the database's own (issue 32)", async () => {
    // The migrations leave no trigger: the signup's rows are the code's (lists/signup-outbox.ts).
    expect(target.query("SELECT name FROM sqlite_master WHERE type = 'trigger'")).toEqual([]);
    const count = (table: string) => target.query(`SELECT count(*) AS n FROM ${table}`)[0]?.n;
    const [submissions, outbox] = [count("submissions"), count("outbox")];
    // The outbox refuses its row: the signup is not stored without it (a server fault, a 5xx).
    await target.sql.run(`CREATE TRIGGER test_outbox_refuses BEFORE INSERT ON outbox
      BEGIN SELECT RAISE(ABORT, 'the outbox refuses'); END`);
    try {
      expect((await signup({ email: "halfway@example.com" })).status).toBe(500);
    } finally {
      await target.sql.run("DROP TRIGGER test_outbox_refuses");
    }
    expect([count("submissions"), count("outbox")]).toEqual([submissions, outbox]);
  });

  it("refuses a forged or unsigned Twilio webhook (403) and records nothing", async () => {
    const stop = incomingMessage("+13175550201", "STOP", "STOP");
    const forged = signTwilio(`${target.url}/hooks/twilio`, stop, "not-the-auth-token");
    for (const signature of [forged, ""]) {
      const res = await reply(stop, signature);
      expect(res.status, signature).toBe(403);
      expect(await res.json()).toEqual({ error: "The signature does not match." });
    }
    // Signed, then changed on the way: the signature covers every parameter.
    const signed = signTwilio(`${target.url}/hooks/twilio`, stop);
    expect((await reply({ ...stop, From: "+13175550299" }, signed)).status).toBe(403);
    expect(target.query("SELECT * FROM list_consent")).toEqual([]);
  });

  const confirmation = confirmationText(rinkName, 4);
  const asked = () => twilio.messages.filter((m) => m.body === confirmation).map((m) => m.to);

  it("asks a signup's number to reply YES, once, and puts it on the text list only when that phone does", async () => {
    // The first test's signup (0201) was asked already.
    await eventually(() => expect(asked()).toEqual(["+13175550201"]));
    for (const phone of ["3175550202", "3175550203", "3175550204"]) {
      expect((await signup({ phone })).status).toBe(200);
    }
    expect((await signup({ phone: "(317) 555-0202" })).status).toBe(200); // again: not asked twice
    await eventually(() =>
      expect(asked().sort()).toEqual([
        "+13175550201",
        "+13175550202",
        "+13175550203",
        "+13175550204",
      ]),
    );
    expect(target.query("SELECT * FROM list_consent")).toEqual([]);
    for (const [from, body] of [
      ["+13175550201", "YES"],
      ["+13175550202", "Yes!"],
      ["+13175550203", "yes"],
      ["+13175550204", "YES"],
    ] as const) {
      expect((await reply(incomingMessage(from, body, "START"))).status).toBe(200);
    }
    expect(target.query("SELECT person, state, reason FROM list_consent ORDER BY person")).toEqual([
      { person: "3175550201", state: "in", reason: "Replied YES" },
      { person: "3175550202", state: "in", reason: "Replied YES" },
      { person: "3175550203", state: "in", reason: "Replied YES" },
      { person: "3175550204", state: "in", reason: "Replied YES" },
    ]);
  });

  it("after STOP, texts an update once to every other number, naming the rink in one segment; a Twilio outage loses nothing", async () => {
    const before = twilio.requests.length;
    const res = await reply(incomingMessage("+13175550204", "stop", "STOP"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(
      target.query("SELECT list, person, state, reason FROM list_consent WHERE state = 'out'"),
    ).toEqual([{ list: "text", person: "3175550204", state: "out", reason: "Replied STOP" }]);
    // HELP is left to the Messaging Service's own reply; nothing changes.
    expect((await reply(incomingMessage("+13175550203", "HELP", "HELP"))).status).toBe(200);

    twilio.failNext(2, 503);
    const store = updateRecords(target.sql);
    const queued = await queueUpdate(
      store,
      {
        kind: "closed-today",
        note: "Closed today for the ice storm.",
        until: new Date(Date.now() + 36e5).toISOString(),
      },
      ["email", "text"],
      {
        // The same services the server has; queueing only needs to know which are set up.
        services: { email: { name: "Kit" } as never, text: { name: "Twilio" } as never },
        rinkName,
      },
    );
    expect(queued.ok).toBe(true);
    const id = queued.ok ? queued.id : "";
    const updateTexts = () => twilio.messages.filter((m) => m.body !== confirmation);
    await eventually(() => expect(updateTexts()).toHaveLength(3));
    const text = `${rinkName}: Closed today for the ice storm. Reply STOP to opt out.`;
    expect(text.length).toBeLessThanOrEqual(160);
    expect(
      updateTexts()
        .map((m) => [m.to, m.body])
        .sort(),
    ).toEqual([
      ["+13175550201", text],
      ["+13175550202", text],
      ["+13175550203", text],
    ]);
    // Two 503s went first: retried, and still each number got exactly one text.
    expect(twilio.requests.length - before).toBe(5);
    // Each asked for a status callback at SITE_URL, which the stand-in posted, signed.
    expect(updateTexts().map((m) => m.statusCallback)).toEqual(
      Array(3).fill(`${target.url}/hooks/twilio/status`),
    );
    await eventually(() => expect(kit.broadcasts).toHaveLength(1));
    expect(kit.broadcasts[0]).toMatchObject({ subject: `${rinkName}: Closed today` });
    await twilio.settled();
    expect(twilio.callbacks.every((c) => c.status === 204)).toBe(true);
    const report = await deliveryReport(store, id);
    expect(report?.lists).toEqual([
      { list: "email", sent: 1, waiting: 0, failed: 0, skipped: 0, reasons: [] },
      { list: "text", sent: 3, delivered: 3, waiting: 0, failed: 0, skipped: 0, reasons: [] },
    ]);
    // More passes send nothing more.
    await target.tick();
    await new Promise((r) => setTimeout(r, 1500));
    expect(updateTexts()).toHaveLength(3);
    expect(kit.broadcasts).toHaveLength(1);
  });

  it("counts what the carriers said: delivered, or failed with the reason in words", async () => {
    // 0202 turns out to be a landline; 0203's sender is not registered yet.
    twilio.outcomes.set("+13175550202", { status: "undelivered", code: 30006 });
    twilio.outcomes.set("+13175550203", { status: "failed", code: 30034 });
    const { store, id } = await queueTextNews("Theme night Friday!");
    await eventually(() =>
      expect(twilio.messages.filter((m) => m.body.includes("Theme night"))).toHaveLength(3),
    );
    await twilio.settled();
    await eventually(async () => undefined);
    const report = await deliveryReport(store, id);
    expect(report?.lists).toEqual([
      {
        list: "text",
        sent: 3,
        delivered: 1,
        waiting: 0,
        failed: 2,
        skipped: 0,
        reasons: [
          "1 failed: the number is a landline (error 30006)",
          "1 failed: the sender is not registered with carriers yet (error 30034)",
        ],
      },
    ]);
    twilio.outcomes.clear();
  });

  it("hears every reply: each STOP word takes the number off, START puts it back, and anything else reaches the owner's inbox and email", async () => {
    const phone = "+13175550203";
    const state = () =>
      target.query("SELECT state, reason FROM list_consent WHERE person = '3175550203'")[0];
    for (const word of ["Opt out.", "REVOKE", "cancel!", " End ", "quit", "OPTOUT", "stopall"]) {
      expect((await reply(incomingMessage(phone, "START", "START"))).status).toBe(200);
      expect(state()).toMatchObject({ state: "in" });
      // No OptOutType: Twilio does not know REVOKE or OPT OUT; our own reading does.
      expect((await reply(incomingMessage(phone, word))).status, word).toBe(200);
      expect(state(), word).toMatchObject({ state: "out" });
    }
    // A web signup does not put it back; only the phone's own START or YES does.
    expect((await signup({ phone: "3175550203" })).status).toBe(200);
    expect(state()).toMatchObject({ state: "out" });
    expect((await reply(incomingMessage(phone, "unstop", "START"))).status).toBe(200);
    expect(state()).toEqual({ state: "in", reason: "Replied UNSTOP" });

    const before = target.mails().length;
    const res = await reply(incomingMessage(phone, "please stop texting me after 9pm"));
    expect(res.status).toBe(200);
    expect(state()).toMatchObject({ state: "in" }); // a person reads it, and decides
    const [message] = target.rows().filter((r) => r.data.message?.includes("please stop"));
    expect(message).toMatchObject({
      form: "contact",
      spam: 0,
      data: {
        name: "Text from (317) 555-0203",
        phone: "(317) 555-0203",
        subject: "A text message",
        message: "please stop texting me after 9pm",
      },
    });
    await eventually(() =>
      expect(
        target
          .mails()
          .slice(before)
          .map((m) => m.subject),
      ).toContain("Contact message from Text from (317) 555-0203: A text message"),
    );
    // HELP is Twilio's to answer (Advanced Opt-Out): nothing stored, nothing changed.
    const rows = target.rows().length;
    expect((await reply(incomingMessage(phone, "HELP", "HELP"))).status).toBe(200);
    expect(target.rows()).toHaveLength(rows);
    // Not a phone number in the server's log (wrangler dev's own lines print each email's
    // subject, which Cloudflare's deployed Worker does not).
    if (target.platform === "node") expect(target.output()).not.toMatch(/555-?0203|5550203/);
  });

  it("marks who unsubscribed at Kit, and the owner's CSV shows it and leaves them off the email list", async () => {
    expect((await signup({ email: "leaving@example.com" })).status).toBe(200);
    expect((await signup({ phone: "3175550206" })).status).toBe(200); // not answered yet
    const res = await kitHook(kitLegacyWebhook("Leaving@Example.com", "cancelled"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, recorded: 1 });

    // The owner signs in by the emailed link and downloads the signups.
    const links = () =>
      target.mails().filter((m) => m.subject === "Your sign-in link for the rink's inbox");
    await post("/inbox/sign-in", {
      body: new URLSearchParams({ email: ownerAddress }).toString(),
      type: "application/x-www-form-urlencoded",
      // A form posted from the inbox's page, as a browser says it (Fetch metadata).
      headers: { Origin: target.url, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
    });
    await eventually(() => expect(links()).toHaveLength(1));
    const token = /\/inbox\/auth\?token=(\S+)/.exec(links()[0]?.text ?? "")?.[1] ?? "";
    const auth = await fetch(`${target.url}/inbox/auth`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: target.url,
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Dest": "document",
      },
      body: new URLSearchParams({ token }).toString(),
    });
    const cookie = (auth.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const csv = async (query = "") =>
      (
        await fetch(`${target.url}/inbox/export/newsletter.csv${query}`, {
          headers: { Cookie: cookie },
        })
      ).text();
    const all = await csv();
    expect(all).toMatch(
      /,leaving@example\.com,,"?opted out \(unsubscribed, \d{4}-\d\d-\d\d\)"?,no\r\n/,
    );
    expect(all).toMatch(/,Fam@Example\.com,\(317\) 555-0201,yes,yes\r\n/); // replied YES
    expect(all).toMatch(/,\(317\) 555-0204,no,"?opted out \(Replied STOP/);
    expect(all).toMatch(/,,\(317\) 555-0206,no,waiting for YES\r\n/);
    // The Signups page says where each number stands on the text list.
    const signups = await (
      await fetch(`${target.url}/inbox/?view=signups`, { headers: { Cookie: cookie } })
    ).text();
    expect(signups).toContain("Text alerts: Waiting for YES");
    expect(signups).toMatch(
      /Text alerts: On the list since \w{3}, \w{3} \d+, [\d:]+ [AP]M \(Replied YES\)/,
    );
    expect(signups).toMatch(
      /Text alerts: Opted out \w{3}, \w{3} \d+, [\d:]+ [AP]M \(Replied STOP\)/,
    );
    const emailList = await csv("?list=email");
    expect(emailList).toContain("Fam@Example.com");
    expect(emailList).not.toContain("leaving@example.com");
    expect(await csv("?list=text")).not.toContain("(317) 555-0204");
    expect(await csv("?list=text")).not.toContain("(317) 555-0206");
  });

  it("holds texts, the confirmation included, outside SMS_SEND_HOURS, and sends them when the hours open", async () => {
    // A one-hour window that is not now on the rink's clock (and will not be within the test).
    const hour = Number(rinkWallClock(new Date()).time.slice(0, 2));
    const pad = (h: number) => String(h).padStart(2, "0");
    const closed = hour <= 20 ? `${pad(hour + 2)}:00-${pad(hour + 3)}:00` : "00:00-01:00";
    const settings = {
      ...listServiceSettings(kit.url, twilio.url, rinkName),
      KIT_WEBHOOK_SECRET: kitSecret,
    };
    await target.restart({ ...settings, SMS_SEND_HOURS: closed });
    const sent = twilio.requests.length;
    expect((await signup({ phone: "3175550205" })).status).toBe(200);
    const { store, id } = await queueTextNews("Skate late Saturday!");
    for (let i = 0; i < 6; i++) {
      await target.tick();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(twilio.requests.length).toBe(sent);
    const report = await deliveryReport(store, id);
    expect(report?.lists[0]).toMatchObject({ sent: 0, waiting: 3 }); // 0201, 0202, 0203
    // The hours open (here: all day): what waited goes.
    await target.restart(settings);
    await eventually(() => {
      expect(asked()).toContain("+13175550205");
      expect(twilio.messages.filter((m) => m.body.includes("Skate late"))).toHaveLength(3);
    });
  }, 120_000);

  it("answers bad input to the webhooks with a clear 4xx, never a 5xx", async () => {
    const form = "application/x-www-form-urlencoded";
    const cases: [string, Promise<Response>, number][] = [
      [
        "Kit, wrong secret",
        kitHook(kitLegacyWebhook("x@example.com", "cancelled"), "wrong-secret"),
        403,
      ],
      [
        "Kit, not JSON",
        post(`/hooks/kit/${kitSecret}`, { body: "{nope", type: "application/json" }),
        400,
      ],
      ["Kit, not a delivery", kitHook({ hello: "world" }), 400],
      ["Kit, a form", post(`/hooks/kit/${kitSecret}`, { body: "a=1", type: form }), 415],
      ["Kit, no secret", kitHook({}, ""), 404],
      ["Twilio, JSON", post("/hooks/twilio", { body: "{}", type: "application/json" }), 415],
      [
        "Twilio status, unsigned",
        post("/hooks/twilio/status", {
          body: new URLSearchParams({
            MessageSid: `SM${"1".repeat(32)}`,
            MessageStatus: "delivered",
          }).toString(),
          type: form,
          headers: { "X-Twilio-Signature": "forged" },
        }),
        403,
      ],
      [
        "Twilio status, not a message's SID",
        reply(
          { MessageSid: "nope", MessageStatus: "delivered" },
          undefined,
          "/hooks/twilio/status",
        ),
        400,
      ],
      [
        "Twilio, From not a phone",
        reply({ ...incomingMessage("+13175550201", "STOP"), From: "nobody" }),
        400,
      ],
      [
        "Twilio, too large",
        post("/hooks/twilio", { body: `Body=${"x".repeat(70_000)}`, type: form }),
        413,
      ],
      ["a GET", fetch(`${target.url}/hooks/twilio`), 405],
      ["an unknown hook", post("/hooks/other", { body: "", type: form }), 404],
    ];
    for (const [name, sent, status] of cases) {
      const res = await sent;
      expect(res.status, name).toBe(status);
      expect(((await res.json()) as { error: string }).error, name).toEqual(expect.any(String));
    }
  });

  it("sends all of an update's texts after one pass, with no timer or Cron after it: on the Worker each pass that leaves texts queues the next (a Queue message, 5 texts an invocation)", async () => {
    // Twelve confirmed numbers, written as their signups and their YES would have written them.
    const at = new Date().toISOString();
    const keys = Array.from({ length: 12 }, (_, i) => `31755507${String(i).padStart(2, "0")}`);
    for (const key of keys) {
      await target.sql.run(
        "INSERT INTO submissions (form, created_at, data, spam, phone_key) VALUES ('newsletter', ?, ?, 0, ?)",
        at,
        JSON.stringify({ phone: key }),
        key,
      );
      await target.sql.run(
        "INSERT INTO list_consent (list, person, state, reason, at) VALUES ('text', ?, 'in', 'Replied YES', ?)",
        key,
        at,
      );
    }
    const { store, id } = await queueTextNews("Open late tonight!");
    const rows = Number(
      target.query("SELECT count(*) AS n FROM outbox WHERE update_id = ?", id)[0]?.n,
    );
    expect(rows).toBeGreaterThanOrEqual(keys.length);
    const texts = () => twilio.messages.filter((m) => m.body.includes("Open late tonight!"));
    // One pass: the Cron's on the Worker (5 texts), every row on Node. Then only waiting.
    await target.tick();
    const deadline = Date.now() + 20_000;
    while (texts().length < rows && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(texts()).toHaveLength(rows);
    // Each number once, though passes met (the Cron's, a request's, the chain's).
    const to = texts().map((m) => m.to);
    expect(new Set(to).size).toBe(rows);
    for (const key of keys) expect(to).toContain(`+1${key}`);
    // Counted as the carriers said (each text's status callback, which the stand-in posts).
    await twilio.settled();
    await expect
      .poll(async () => (await deliveryReport(store, id))?.lists[0], { timeout: 10_000 })
      .toMatchObject({ sent: rows, delivered: rows, waiting: 0, failed: 0 });
  }, 60_000);
});

// Issue 42: on Node the signup's own pass was never started (an optional call skips its
// arguments where there is no background task), so its confirmation text and Kit subscribe
// waited for the outbox's timer. Here the timer's next pass is an hour away (its first ran at
// the start, before the signup), and the Worker's Cron is never run: only the pass the signup
// starts (on the Worker, the one it asks for on the outbox's Queue) can send within the test.
describe.for([
  ["Node, with the outbox's timer an hour away", nodeTarget],
  ["Workers, with no Cron run", edgeTarget],
] as const)("a signup on %s", { timeout: 30_000 }, ([, start]) => {
  let target: InboxTarget;
  let kit: KitStandIn;
  let twilio: TwilioStandIn;

  beforeAll(async () => {
    [kit, twilio] = await Promise.all([startKitStandIn(), startTwilioStandIn()]);
    target = await start({
      ...listServiceSettings(kit.url, twilio.url, rinkName),
      OUTBOX_RETRY_SECONDS: "3600",
    });
  }, 60_000);
  afterAll(async () => {
    await target?.stop();
    await Promise.all([kit?.close(), twilio?.close()]);
  });

  it("texts the number its confirmation request and adds the email to Kit within 5 s", async () => {
    const signedUp = Date.now();
    const res = await fetch(`${target.url}/f/newsletter`, {
      method: "POST",
      headers: { [target.clientHeader]: nextClient(), "Content-Type": "application/json" },
      body: JSON.stringify({ email: "Quick@Example.com", phone: "(317) 555-0301" }),
    });
    expect(res.status).toBe(200);
    const confirmation = confirmationText(rinkName, 4);
    const arrived = () =>
      twilio.messages.some((m) => m.to === "+13175550301" && m.body === confirmation) &&
      kit.subscribers.get("quick@example.com")?.forms.includes(kitFormId);
    while (!arrived() && Date.now() - signedUp < 5_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Date.now() - signedUp).toBeLessThan(5_000);
    expect(twilio.messages.map((m) => [m.to, m.body])).toEqual([["+13175550301", confirmation]]);
    expect(kit.subscribers.get("quick@example.com")?.forms).toEqual([kitFormId]);
  });
});
