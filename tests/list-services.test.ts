// The list services on both of the inbox's homes (tests/support/inbox-targets.ts), against
// the Kit and Twilio stand-ins as real HTTP servers on this machine (tests/support/): a signup
// reaches Kit through the outbox; a Twilio outage loses nothing and sends nothing twice; a
// STOP, signed as Twilio signs it, means that number is never texted; a forged webhook is
// refused; Kit's unsubscribe marks the person in the owner's CSV; bad input gets a clear 4xx.
// The outbox's rules with a clock of our own are server/outbox.test.ts.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxStore } from "../server/outbox-store.ts";
import { deliveryReport, queueUpdate } from "../server/updates.ts";
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
  /** An incoming text, signed for the URL the server sees (no SITE_URL: its own). */
  const reply = (params: Record<string, string>, signature?: string) =>
    post("/hooks/twilio", {
      body: new URLSearchParams(params).toString(),
      type: "application/x-www-form-urlencoded",
      headers: {
        "X-Twilio-Signature": signature ?? signTwilio(`${target.url}/hooks/twilio`, params),
      },
    });
  const kitHook = (body: unknown, secret = kitSecret) =>
    post(`/hooks/kit/${secret}`, { body: JSON.stringify(body), type: "application/json" });
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
      expect(target.query("SELECT action, recipient, state FROM outbox")).toEqual([
        { action: "subscribe", recipient: "fam@example.com", state: "sent" },
      ]),
    );
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

  it("after STOP, texts an update once to every other number, naming the rink in one segment; a Twilio outage loses nothing", async () => {
    for (const phone of ["3175550202", "3175550203", "3175550204"]) {
      expect((await signup({ phone })).status).toBe(200);
    }
    const res = await reply(incomingMessage("+13175550204", "stop", "STOP"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(target.query("SELECT list, person, state, reason FROM list_consent")).toEqual([
      { list: "text", person: "3175550204", state: "out", reason: "Replied STOP" },
    ]);
    // HELP is left to the Messaging Service's own reply; nothing changes.
    expect((await reply(incomingMessage("+13175550203", "HELP", "HELP"))).status).toBe(200);

    twilio.failNext(2, 503);
    const store = outboxStore(target.sql);
    const queued = await queueUpdate(
      store,
      {
        kind: "closed-today",
        note: "Closed today for the ice storm.",
        endsAt: new Date(Date.now() + 36e5).toISOString(),
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
    await eventually(() => expect(twilio.messages).toHaveLength(3));
    const text = `${rinkName}: Closed today for the ice storm. Reply STOP to opt out.`;
    expect(text.length).toBeLessThanOrEqual(160);
    expect(twilio.messages.map((m) => [m.to, m.body]).sort()).toEqual([
      ["+13175550201", text],
      ["+13175550202", text],
      ["+13175550203", text],
    ]);
    // Two 503s went first: retried, and still each number got exactly one text.
    expect(twilio.requests.length).toBe(5);
    await eventually(() => expect(kit.broadcasts).toHaveLength(1));
    expect(kit.broadcasts[0]).toMatchObject({ subject: `${rinkName}: Closed today` });
    await eventually(async () => undefined);
    const report = await deliveryReport(store, id);
    expect(report?.lists).toEqual([
      { list: "email", sent: 1, waiting: 0, failed: 0, skipped: 0, reasons: [] },
      { list: "text", sent: 3, waiting: 0, failed: 0, skipped: 0, reasons: [] },
    ]);
    // More passes send nothing more.
    await target.tick();
    await new Promise((r) => setTimeout(r, 1500));
    expect(twilio.messages).toHaveLength(3);
    expect(kit.broadcasts).toHaveLength(1);
  });

  it("marks who unsubscribed at Kit, and the owner's CSV shows it and leaves them off the email list", async () => {
    expect((await signup({ email: "leaving@example.com" })).status).toBe(200);
    const res = await kitHook(kitLegacyWebhook("Leaving@Example.com", "cancelled"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, recorded: 1 });

    // The owner signs in by the emailed link and downloads the signups.
    const links = () =>
      target.mails().filter((m) => m.subject === "Your sign-in link for the rink's inbox");
    await post("/inbox/sign-in", {
      body: new URLSearchParams({ email: ownerAddress }).toString(),
      type: "application/x-www-form-urlencoded",
      headers: { Origin: target.url },
    });
    await eventually(() => expect(links()).toHaveLength(1));
    const token = /\/inbox\/auth\?token=(\S+)/.exec(links()[0]?.text ?? "")?.[1] ?? "";
    const auth = await fetch(`${target.url}/inbox/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url },
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
    expect(all).toMatch(/,Fam@Example\.com,\(317\) 555-0201,yes,yes\r\n/);
    expect(all).toMatch(/,\(317\) 555-0204,no,"?opted out \(Replied STOP/);
    const emailList = await csv("?list=email");
    expect(emailList).toContain("Fam@Example.com");
    expect(emailList).not.toContain("leaving@example.com");
    expect(await csv("?list=text")).not.toContain("(317) 555-0204");
  });

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
});
