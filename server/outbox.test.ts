// The outbox and the list services in one process, against the Kit and Twilio stand-ins as
// real HTTP servers (tests/support/), with a clock of our own: what both homes share, from the
// signup's row to the service, through an outage, a refusal and a STOP. The homes' wiring (the
// timer, the Cron Trigger, the webhooks over HTTP) is tests/list-services.test.ts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type KitStandIn,
  kitApiKey,
  kitFormId,
  startKitStandIn,
} from "../tests/support/kit-stand-in.ts";
import {
  startTwilioStandIn,
  type TwilioStandIn,
  twilioAccountSid,
  twilioAuthToken,
  twilioMessagingServiceSid,
} from "../tests/support/twilio-stand-in.ts";
import { type Inbox, openInbox } from "./inbox.ts";
import { kitService } from "./kit.ts";
import type { ListServices } from "./list-service.ts";
import { createOutbox } from "./outbox.ts";
import { type OutboxStore, outboxStore } from "./outbox-store.ts";
import { twilioService } from "./twilio.ts";
import { deliveryReport, queueUpdate } from "./updates.ts";

let kit: KitStandIn;
let twilio: TwilioStandIn;
let inbox: Inbox;
let store: OutboxStore;
let services: ListServices;
let clock: Date;
const now = () => clock;
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const rinkName = "Sugar Creek Skateland";

beforeAll(async () => {
  [kit, twilio] = await Promise.all([startKitStandIn(), startTwilioStandIn()]);
});
afterAll(async () => {
  await Promise.all([kit?.close(), twilio?.close()]);
});
beforeEach(() => {
  clock = new Date("2026-01-10T12:00:00.000Z");
  inbox = openInbox(":memory:");
  store = outboxStore(inbox.sql);
  services = {
    email: kitService({ apiKey: kitApiKey, formId: kitFormId, apiUrl: kit.url }),
    text: twilioService({
      accountSid: twilioAccountSid,
      authToken: twilioAuthToken,
      messagingServiceSid: twilioMessagingServiceSid,
      apiUrl: twilio.url,
    }),
  };
  kit.requests.length = 0;
  kit.subscribers.clear();
  kit.broadcasts.length = 0;
  twilio.requests.length = 0;
  twilio.messages.length = 0;
  twilio.optedOut.clear();
});
afterEach(() => inbox?.close());

const signup = (data: Record<string, string>, spam = false) =>
  inbox.insert({ form: "newsletter", createdAt: clock.toISOString(), data, spam });
const outbox = (log: string[] = []) =>
  createOutbox({ store, services, now, retrySeconds: 30, log: (m) => log.push(m) });
// node:sqlite answers at once: the runner's rows are no promise here.
const rows = () =>
  inbox.sql.all(
    "SELECT action, recipient, state, attempts, last_error FROM outbox ORDER BY id",
  ) as Record<string, unknown>[];
const update = (note = "Closed today: the ice storm. Stay safe!") => ({
  kind: "closed-today" as const,
  note,
  endsAt: new Date(clock.getTime() + 86_400_000).toISOString(),
});

describe("the outbox", () => {
  it("writes a row in the signup's own statement, and adds the person to Kit's form with its double opt-in", async () => {
    signup({ email: "Fam@Example.com", phone: "(317) 555-0101" });
    signup({ phone: "(317) 555-0102" });
    signup({ email: "bot@example.com" }, true);
    expect(rows()).toEqual([
      {
        action: "subscribe",
        recipient: "fam@example.com",
        state: "waiting",
        attempts: 0,
        last_error: null,
      },
    ]);
    await outbox().drain();
    expect(rows()).toMatchObject([{ state: "sent", attempts: 1 }]);
    expect(kit.subscribers.get("fam@example.com")).toMatchObject({
      state: "inactive",
      forms: [kitFormId],
    });
    expect(kit.requests.map((r) => r.path)).toEqual([
      "/v4/subscribers",
      `/v4/forms/${kitFormId}/subscribers`,
    ]);
  });

  it("loses nothing while Kit is down and sends once it is back, waiting longer each time", async () => {
    signup({ email: "a@example.com" });
    signup({ email: "b@example.com" });
    kit.failNext(3, 503);
    const log: string[] = [];
    const box = outbox(log);
    await box.drain();
    // The first failure stops the pass: the other row keeps its tries for after the outage.
    expect(rows()).toMatchObject([
      {
        state: "waiting",
        attempts: 1,
        last_error: expect.stringMatching(/^Kit is unavailable \(503\)/),
      },
      { state: "waiting", attempts: 0 },
    ]);
    await box.drain(); // the first row is not due again yet; the second is tried
    expect(rows()).toMatchObject([{ attempts: 1 }, { state: "waiting", attempts: 1 }]);
    later(30);
    await box.drain(); // still down: the first row now waits twice as long
    expect(rows()).toMatchObject([{ state: "waiting", attempts: 2 }, { attempts: 1 }]);
    later(30);
    await box.drain(); // Kit is back: the second row goes; the first is not due yet
    expect(rows()).toMatchObject([
      { state: "waiting", attempts: 2 },
      { state: "sent", attempts: 2 },
    ]);
    later(30);
    await box.drain();
    expect(rows()).toMatchObject([
      { state: "sent", attempts: 3 },
      { state: "sent", attempts: 2 },
    ]);
    expect([...kit.subscribers.values()].map((s) => [s.email_address, s.forms])).toEqual([
      ["b@example.com", [kitFormId]],
      ["a@example.com", [kitFormId]],
    ]);
    expect(log.join("\n")).toContain("will be tried again");
  });

  it("records a refusal in the service's words, and does not try it again", async () => {
    signup({ email: "c@example.com" });
    kit.failNext(1, 422, { errors: ["Email address is invalid"] });
    await outbox().drain();
    expect(rows()).toMatchObject([
      { state: "failed", last_error: "Kit refused it (422): Email address is invalid" },
    ]);
    later(3600);
    await outbox().drain();
    expect(kit.requests).toHaveLength(1);
  });

  it("lets two passes at once send each row once (each is claimed before it is sent)", async () => {
    for (let i = 0; i < 6; i++) signup({ email: `p${i}@example.com` });
    const one = outbox();
    const two = outbox();
    await Promise.all([one.drain(), two.drain(), one.drain()]);
    expect(kit.requests.filter((r) => r.path === "/v4/subscribers")).toHaveLength(6);
    expect(rows().every((r) => r.state === "sent")).toBe(true);
  });

  it("after a pass that stopped midway, repeats an add to the list but never a text", async () => {
    signup({ email: "d@example.com", phone: "3175550104" });
    const queued = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    expect(queued.ok).toBe(true);
    inbox.sql.run("UPDATE outbox SET state = 'sending', claimed_at = ?", clock.toISOString());
    later(11 * 60);
    await outbox().drain();
    expect(rows()).toMatchObject([
      { action: "subscribe", state: "sent" },
      {
        action: "text",
        state: "failed",
        last_error: "Stopped while sending; not sent again, in case it went out",
      },
    ]);
    expect(twilio.messages).toEqual([]);
  });
});

describe("an update", () => {
  it("goes to Kit as one broadcast and to each number that agreed as one text naming the rink", async () => {
    signup({ email: "e@example.com", phone: "(317) 555-0105" });
    signup({ phone: "317.555.0106" });
    signup({ phone: "+1 317 555 0106" }); // the same number again: one text
    const queued = await queueUpdate(store, update(), ["email", "text"], {
      services,
      rinkName,
      now,
    });
    expect(queued).toMatchObject({ ok: true, lists: { email: "queued", text: "queued" } });
    await outbox().drain();
    expect(kit.broadcasts).toMatchObject([
      {
        subject: "Sugar Creek Skateland: Closed today",
        content: "<p>Closed today: the ice storm. Stay safe!</p>",
      },
    ]);
    expect(twilio.messages.map((m) => m.to).sort()).toEqual(["+13175550105", "+13175550106"]);
    const text =
      "Sugar Creek Skateland: Closed today: the ice storm. Stay safe! Reply STOP to opt out.";
    expect(twilio.messages.map((m) => m.body)).toEqual([text, text]);
    const report = await deliveryReport(store, queued.ok ? queued.id : "");
    expect(report?.lists).toEqual([
      { list: "email", sent: 1, waiting: 0, failed: 0, skipped: 0, reasons: [] },
      { list: "text", sent: 2, waiting: 0, failed: 0, skipped: 0, reasons: [] },
    ]);
  });

  it("texts nobody who replied STOP, even after it was queued, and counts why", async () => {
    signup({ phone: "3175550107" });
    signup({ phone: "3175550108" });
    signup({ phone: "3175550109" });
    later(60);
    await store.setConsent("text", "3175550107", "out", "Replied STOP", clock.toISOString());
    const queued = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    later(1);
    await store.setConsent("text", "3175550108", "out", "Replied STOP", clock.toISOString());
    twilio.optedOut.add("+13175550109"); // Twilio knows of a STOP we missed
    await outbox().drain();
    expect(twilio.messages).toEqual([]);
    const report = await deliveryReport(store, queued.ok ? queued.id : "");
    expect(report?.lists[0]).toMatchObject({ list: "text", sent: 0, skipped: 2, failed: 0 });
    expect(report?.lists[0]?.reasons).toEqual([
      "1 not sent: Opted out: Replied STOP",
      "1 not sent: Twilio refused it (400): Attempt to send to unsubscribed recipient",
    ]);
    // The next update does not even queue them; a new signup after a STOP is consent again.
    later(60);
    signup({ phone: "3175550108" });
    const next = await queueUpdate(store, update("Open again!"), ["text"], {
      services,
      rinkName,
      now,
    });
    await outbox().drain();
    expect(twilio.messages.map((m) => m.to)).toEqual(["+13175550108"]);
    expect((await deliveryReport(store, next.ok ? next.id : ""))?.lists[0]?.sent).toBe(1);
  });

  it("sends nothing twice when Twilio fails, then recovers", async () => {
    for (const n of ["0110", "0111", "0112"]) signup({ phone: `317555${n}` });
    twilio.failNext(1, 500);
    const queued = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    const box = outbox();
    await box.drain();
    expect(twilio.messages).toHaveLength(0);
    const report = await deliveryReport(store, queued.ok ? queued.id : "");
    expect(report?.lists[0]).toMatchObject({ sent: 0, waiting: 3 });
    expect(report?.lists[0]?.reasons).toEqual([
      "1 waiting: Twilio is unavailable (500): Internal Server Error",
    ]);
    later(30);
    await box.drain();
    later(30);
    await box.drain();
    expect(twilio.messages.map((m) => m.to).sort()).toEqual([
      "+13175550110",
      "+13175550111",
      "+13175550112",
    ]);
    expect((await deliveryReport(store, queued.ok ? queued.id : ""))?.lists[0]).toMatchObject({
      sent: 3,
      waiting: 0,
    });
  });

  it("says in words why a list was not sent to, and refuses what cannot go", async () => {
    signup({ phone: "3175550113" });
    const emailOnly = { email: services.email };
    const queued = await queueUpdate(store, update(), ["email", "text"], {
      services: emailOnly,
      rinkName,
      now,
    });
    expect(queued).toMatchObject({
      ok: true,
      lists: { email: "queued", text: "The text service is not set up" },
    });
    const report = await deliveryReport(store, queued.ok ? queued.id : "");
    expect(report?.lists[1]).toEqual({
      list: "text",
      sent: 0,
      waiting: 0,
      failed: 0,
      skipped: 0,
      reasons: ["The text service is not set up"],
    });

    const refused = await queueUpdate(
      store,
      { kind: "news" as never, note: "x".repeat(200), endsAt: "2026-03-01T00:00:00Z" },
      ["text", "fax" as never],
      { services, rinkName, now },
    );
    expect(refused).toEqual({
      ok: false,
      problems: [
        "The update can hold at most 14 days ahead.",
        "The note is 86 characters too long for one text message.",
        'There is no list called "fax".',
      ],
    });
    const emoji = await queueUpdate(store, update("Closed today ❄"), ["text"], {
      services,
      rinkName,
      now,
    });
    expect(emoji).toEqual({
      ok: false,
      problems: ['The text cannot carry "❄" in one message: please leave it out.'],
    });
    for (let i = 0; i < 4; i++) await queueUpdate(store, update(), [], { services, rinkName, now });
    expect(await queueUpdate(store, update(), [], { services, rinkName, now })).toEqual({
      ok: false,
      problems: ["At most 5 updates a day: please wait before sending another."],
    });
  });
});
