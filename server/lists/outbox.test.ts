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
} from "../../tests/support/kit-stand-in.ts";
import {
  startTwilioStandIn,
  type TwilioStandIn,
  twilioAccountSid,
  twilioApiKeySecret,
  twilioApiKeySid,
  twilioAuthToken,
  twilioMessagingServiceSid,
} from "../../tests/support/twilio-stand-in.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { updateWords } from "../updates/outbox-rows.ts";
import { updateRecords } from "../updates/store.ts";
import { deliveryReport, queueUpdate } from "../updates/update.ts";
import { kitService } from "./kit.ts";
import { createOutbox, neverInHours, type TextRules } from "./outbox.ts";
import { outboxStore, staleConfirmationReason } from "./outbox-store.ts";
import type { ListServices } from "./service.ts";
import { pastShareReason, signupsPerClientPerDay } from "./signup-outbox.ts";
import { confirmationText } from "./text-message.ts";
import { twilioService } from "./twilio.ts";

let kit: KitStandIn;
let twilio: TwilioStandIn;
let inbox: Database;
let store: ReturnType<typeof updateRecords>;
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
  inbox = openDatabase(":memory:");
  store = updateRecords(inbox.sql);
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

/** A signup from `client` (a connection as forms/submission.ts submissionClient keeps it). */
const signup = (data: Record<string, string>, spam = false, client?: string) =>
  inbox.insert({ form: "newsletter", createdAt: clock.toISOString(), data, spam, client });
const confirmation = confirmationText(rinkName, 4);
/** Texts at any hour, unless a test says otherwise (the quiet hours have their own tests). */
const allDay: TextRules = {
  sendHours: { start: "00:00", end: "24:00" },
  confirmationsPerDay: 100,
  confirmation,
};
const outbox = (log: string[] = [], texts: TextRules = allDay) =>
  createOutbox({ store, services, now, retrySeconds: 30, log: (m) => log.push(m), texts });
/** These numbers replied YES to the confirmation text (as /hooks/twilio records it). */
const confirmed = (...keys: string[]) =>
  Promise.all(
    keys.map((key) => store.setConsent("text", key, "in", "Replied YES", clock.toISOString())),
  );
/** The texts Twilio took that were an update's, not a confirmation request. */
const updateTexts = () => twilio.messages.filter((m) => m.body !== confirmation);
// node:sqlite answers at once: the runner's rows are no promise here.
const rows = () =>
  inbox.sql.all(
    "SELECT action, recipient, state, attempts, last_error FROM outbox ORDER BY id",
  ) as Record<string, unknown>[];
const update = (note = "Closed today: the ice storm. Stay safe!") => ({
  kind: "closed-today" as const,
  note,
  until: new Date(clock.getTime() + 86_400_000).toISOString(),
});

describe("the outbox", () => {
  it("writes a row in the signup's own transaction, and adds the person to Kit's form with its double opt-in", async () => {
    signup({ email: "Fam@Example.com", phone: "(317) 555-0101" });
    signup({ phone: "(317) 555-0102" });
    signup({ email: "bot@example.com" }, true);
    const kitRows = () => rows().filter((r) => r.action === "subscribe");
    expect(kitRows()).toEqual([
      {
        action: "subscribe",
        recipient: "fam@example.com",
        state: "waiting",
        attempts: 0,
        last_error: null,
      },
    ]);
    await outbox().drain();
    expect(kitRows()).toMatchObject([{ state: "sent", attempts: 1 }]);
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
    await confirmed("3175550104");
    const queued = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    expect(queued.ok).toBe(true);
    inbox.sql.run("UPDATE outbox SET state = 'sending', claimed_at = ?", clock.toISOString());
    later(11 * 60);
    await outbox().drain();
    const stopped = {
      action: "text",
      state: "failed",
      last_error: "Stopped while sending; not sent again, in case it went out",
    };
    // The signup's confirmation request and the update's text alike.
    expect(rows()).toHaveLength(3);
    expect(rows()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "subscribe", state: "sent" }),
        expect.objectContaining(stopped),
        expect.objectContaining(stopped),
      ]),
    );
    expect(twilio.messages).toEqual([]);
  });
});

describe("an update", () => {
  it("goes to Kit as one broadcast and to each number that agreed as one text naming the rink", async () => {
    signup({ email: "e@example.com", phone: "(317) 555-0105" });
    signup({ phone: "317.555.0106" });
    signup({ phone: "+1 317 555 0106" }); // the same number again: one text
    await confirmed("3175550105", "3175550106");
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
    // Twilio took both; what the carriers made of them comes by the status callback.
    expect(report?.lists).toEqual([
      { list: "email", sent: 1, waiting: 0, failed: 0, skipped: 0, reasons: [] },
      { list: "text", sent: 2, delivered: 0, waiting: 2, failed: 0, skipped: 0, reasons: [] },
    ]);
    const [landline, mobile] = twilio.messages;
    expect(
      await store.recordDelivery(mobile?.sid ?? "", "delivered", null, now().toISOString()),
    ).toBe("3175550106");
    expect(
      await store.recordDelivery("SM-unknown", "delivered", null, now().toISOString()),
    ).toBeNull();
    await store.recordDelivery(landline?.sid ?? "", "failed", 30006, now().toISOString());
    // A late "delivered" after the failure changes nothing: the first final status counts.
    await store.recordDelivery(landline?.sid ?? "", "delivered", null, now().toISOString());
    expect((await deliveryReport(store, queued.ok ? queued.id : ""))?.lists[1]).toEqual({
      list: "text",
      sent: 2,
      delivered: 1,
      waiting: 0,
      failed: 1,
      skipped: 0,
      reasons: ["1 failed: the number is a landline (error 30006)"],
    });
  });

  it("texts nobody who replied STOP, even after it was queued, and counts why", async () => {
    signup({ phone: "3175550107" });
    signup({ phone: "3175550108" });
    signup({ phone: "3175550109" });
    await confirmed("3175550107", "3175550108", "3175550109");
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
    // Twilio's own words quote the number: the reason is its code, in our words.
    expect(report?.lists[0]?.reasons).toEqual([
      "1 not sent: Opted out: Replied STOP",
      "1 not sent: Twilio refused it (400): the number opted out (replied STOP) (error 21610)",
    ]);
    // The next update does not even queue them; a new web signup after a STOP is not consent
    // again (anyone can type a number), and asks nothing of it: only START or YES from it is.
    later(60);
    signup({ phone: "3175550108" });
    const skipped = await queueUpdate(store, update("Open again!"), ["text"], {
      services,
      rinkName,
      now,
    });
    await outbox().drain();
    expect(twilio.messages).toEqual([]);
    expect((await deliveryReport(store, skipped.ok ? skipped.id : ""))?.lists[0]?.reasons).toEqual([
      "Nobody is on this list yet",
    ]);
    later(60);
    await store.setConsent("text", "3175550108", "in", "Replied START", clock.toISOString());
    const next = await queueUpdate(store, update("Open again, really!"), ["text"], {
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
    await confirmed("3175550110", "3175550111", "3175550112");
    twilio.failNext(1, 500);
    const queued = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    const box = outbox();
    await box.drain();
    expect(twilio.messages).toHaveLength(0);
    const report = await deliveryReport(store, queued.ok ? queued.id : "");
    expect(report?.lists[0]).toMatchObject({ sent: 0, waiting: 3 });
    expect(report?.lists[0]?.reasons).toEqual([
      "1 waiting: Twilio is unavailable (500): Twilio error 20500",
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
    // Twilio took each once; the carriers' word on them has not come yet.
    expect((await deliveryReport(store, queued.ok ? queued.id : ""))?.lists[0]).toMatchObject({
      sent: 3,
      delivered: 0,
      waiting: 3,
      failed: 0,
    });
  });

  it("tries a broadcast again after an unanswered try on a Worker's drain of 5 calls, though its look through Kit's list may take 22", async () => {
    signup({ email: "e@example.com" });
    await queueUpdate(store, update(), ["email"], { services, rinkName, now });
    // A try that got no answer: the next looks through Kit's broadcasts first (kit.ts).
    inbox.sql.run("UPDATE outbox SET attempts = 1 WHERE action = 'broadcast'");
    const box = createOutbox({ store, services, now, texts: allDay, callsPerDrain: 5 });
    // The signup's add to the list first (2 calls), and the broadcast does not fit the rest.
    expect(await box.drain()).toEqual({ more: true });
    expect(kit.broadcasts).toEqual([]);
    // Alone at the next drain's start.
    await box.drain();
    expect(kit.broadcasts).toMatchObject([{ subject: "Sugar Creek Skateland: Closed today" }]);
    expect(inbox.sql.all("SELECT state FROM outbox WHERE action = 'broadcast'")).toEqual([
      { state: "sent" },
    ]);
  });

  it("asks for no drain at once after an outage, though rows are left; after it, again for want of calls", async () => {
    // On a Worker "more" queues the next pass at once (edge/worker.ts): during an outage that
    // would spend a row's try on it each time, pass after pass.
    const keys = Array.from({ length: 12 }, (_, i) => `31755503${String(i).padStart(2, "0")}`);
    for (const key of keys) signup({ phone: key });
    await confirmed(...keys);
    await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    const log: string[] = [];
    const box = createOutbox({
      store,
      services,
      now,
      texts: allDay,
      callsPerDrain: 5,
      log: (m) => log.push(m),
    });
    twilio.failNext(1, 500);
    expect(await box.drain()).toEqual({ more: false });
    expect(updateTexts()).toHaveLength(0);
    expect(log).toEqual([expect.stringContaining("will be tried again")]);
    later(60);
    expect(await box.drain()).toEqual({ more: true });
    expect(updateTexts()).toHaveLength(5);
  });

  it("asks for no drain at once when nothing due can go yet: the day's confirmation requests are all sent", async () => {
    // Past the day's ceiling the requests wait where they are, due: a chain of passes at once
    // would read them again and again until the day is over.
    for (let i = 0; i < 8; i++) signup({ phone: `31755504${String(i).padStart(2, "0")}` });
    const box = createOutbox({
      store,
      services,
      now,
      texts: { ...allDay, confirmationsPerDay: 2 },
      callsPerDrain: 5,
    });
    // The drain reads no more of them than the day has room for, so knows none can go after.
    expect(await box.drain()).toEqual({ more: false });
    expect(twilio.messages).toHaveLength(2);
    expect(await box.drain()).toEqual({ more: false });
    expect(twilio.messages).toHaveLength(2);
  });

  it("makes at most its calls a drain, in a few queries whatever its size, and the rest at the next drains, each once", async () => {
    // A Worker's drain spends at most its share of Cloudflare's free plan (50 requests and 50
    // D1 queries an invocation): the texts past it wait for the next Cron, none lost or doubled.
    const keys = Array.from({ length: 30 }, (_, i) => `31755502${String(i).padStart(2, "0")}`);
    for (const key of keys) signup({ phone: key });
    await confirmed(...keys);
    const queued = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    let queries = 0;
    const counting =
      <A extends unknown[], R>(call: (...args: A) => R) =>
      (...args: A): R => {
        queries++;
        return call(...args);
      };
    const counted: typeof inbox.sql = {
      all: counting(inbox.sql.all),
      run: counting(inbox.sql.run),
      batch: counting(inbox.sql.batch),
    };
    const box = createOutbox({
      store: outboxStore(counted, updateWords),
      services,
      now,
      texts: allDay,
      callsPerDrain: 12,
    });
    const sentAfterEachDrain: number[] = [];
    const queriesEachDrain: number[] = [];
    const moreAfterEachDrain: boolean[] = [];
    for (let drain = 0; drain < 3; drain++) {
      queries = 0;
      moreAfterEachDrain.push((await box.drain()).more);
      queriesEachDrain.push(queries);
      sentAfterEachDrain.push(updateTexts().length);
      later(60);
    }
    expect(sentAfterEachDrain).toEqual([12, 24, 30]);
    // Each drain says whether it left rows for want of calls (the Worker chains the next): here
    // the signups' 30 confirmation requests, skipped (the numbers said YES), are left too.
    expect(moreAfterEachDrain).toEqual([true, true, true]);
    const waiting = () => rows().filter((row) => row.state === "waiting").length;
    expect(waiting()).toBe(24);
    expect((await box.drain()).more).toBe(true);
    expect(waiting()).toBe(12);
    // The last 12, as many as its calls: it reads no more rows than that, so cannot know that
    // none are behind them. The next drain finds none, and says so.
    expect((await box.drain()).more).toBe(true);
    expect(waiting()).toBe(0);
    expect((await box.drain()).more).toBe(false);
    // Before: three queries a text (its claim, the STOP check, its outcome), 36 and more here.
    for (const n of queriesEachDrain) expect(n).toBeLessThanOrEqual(12);
    expect(new Set(updateTexts().map((m) => m.to)).size).toBe(30);
    expect((await deliveryReport(store, queued.ok ? queued.id : ""))?.lists[0]).toMatchObject({
      sent: 30,
      failed: 0,
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
      delivered: 0,
      waiting: 0,
      failed: 0,
      skipped: 0,
      reasons: ["The text service is not set up"],
    });

    const refused = await queueUpdate(
      store,
      { kind: "news" as never, note: "x".repeat(200), until: "2026-03-01T00:00:00Z" },
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

describe("the text list by confirmed consent (issue 31)", () => {
  const asked = () => twilio.messages.filter((m) => m.body === confirmation).map((m) => m.to);

  it("asks a signup's number once a day to reply YES, and texts it nothing else until it does", async () => {
    expect(confirmation).toBe(
      "Sugar Creek Skateland: reply YES for event, deal & closure alerts, up to 4 msgs/mo. Msg & data rates may apply. HELP for help, STOP to cancel",
    );
    expect(confirmationText("x".repeat(40), 4).length).toBeLessThanOrEqual(160);
    signup({ phone: "(317) 555-0120" });
    signup({ phone: "317-555-0120" }); // again the same day: not asked twice
    signup({ email: "f@example.com", phone: "3175550121" });
    signup({ phone: "3175550122" }, true); // spam: never texted
    await outbox().drain();
    expect(asked().sort()).toEqual(["+13175550120", "+13175550121"]);

    // Not on the list yet: an update goes to nobody.
    const first = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    await outbox().drain();
    expect(updateTexts()).toEqual([]);
    expect((await deliveryReport(store, first.ok ? first.id : ""))?.lists[0]?.reasons).toEqual([
      "Nobody is on this list yet",
    ]);

    // 0120 replies YES: the next update goes to it alone.
    later(60);
    await confirmed("3175550120");
    await queueUpdate(store, update("Open at noon."), ["text"], { services, rinkName, now });
    await outbox().drain();
    expect(updateTexts().map((m) => m.to)).toEqual(["+13175550120"]);

    // A day on: 0121 signs up again and is asked again; 0120, on the list, is not asked.
    later(86_400);
    signup({ phone: "3175550121" });
    signup({ phone: "3175550120" });
    await outbox().drain();
    expect(asked().sort()).toEqual(["+13175550120", "+13175550121", "+13175550121"]);
  });

  it("asks nothing of a number that replied STOP before its confirmation went", async () => {
    signup({ phone: "3175550123" });
    await store.setConsent("text", "3175550123", "out", "Replied STOP", clock.toISOString());
    await outbox().drain();
    expect(twilio.messages).toEqual([]);
    expect(rows()).toMatchObject([
      { action: "text", state: "skipped", last_error: "Opted out: Replied STOP" },
    ]);
  });

  it("sends texts only inside the sending hours, the confirmation included, and the rest when they open", async () => {
    const hours: TextRules = { ...allDay, sendHours: { start: "09:00", end: "20:00" } };
    // 12:00 UTC on January 10 is 7:00 AM at the rink (Indianapolis, EST).
    signup({ phone: "3175550124" });
    signup({ phone: "3175550125" });
    await confirmed("3175550125");
    await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    const box = outbox([], hours);
    await box.drain();
    expect(twilio.requests).toHaveLength(0);
    later(2 * 3600 - 1); // 8:59:59 AM
    await box.drain();
    expect(twilio.requests).toHaveLength(0);
    later(1); // 9:00 AM
    await box.drain();
    expect(asked()).toEqual(["+13175550124"]);
    expect(updateTexts().map((m) => m.to)).toEqual(["+13175550125"]);
    // 8:00 PM: closed again until 9:00 AM.
    later(11 * 3600);
    signup({ phone: "3175550126" });
    await box.drain();
    expect(asked()).toEqual(["+13175550124"]);
    later(13 * 3600);
    await box.drain();
    expect(asked()).toEqual(["+13175550124", "+13175550126"]);
  });

  it("holds confirmation requests to the day's ceiling, and the updates' texts still go", async () => {
    const ceiling: TextRules = { ...allDay, confirmationsPerDay: 2 };
    for (const n of ["0127", "0128", "0129"]) signup({ phone: `317555${n}` });
    signup({ phone: "3175550130" });
    await confirmed("3175550130");
    await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    const box = outbox([], ceiling);
    // Two passes at once (a timer and a kick): the ceiling holds for both together.
    await Promise.all([box.drain(), outbox([], ceiling).drain()]);
    expect(asked().sort()).toEqual(["+13175550127", "+13175550128"]);
    expect(updateTexts().map((m) => m.to)).toEqual(["+13175550130"]);
    later(3600);
    await box.drain();
    expect(asked()).toHaveLength(2);
    // A day on, the ceiling has room again, but the third signup is a day old: its request is
    // dropped, never sent late (issue 42).
    later(23 * 3600 + 1);
    await box.drain();
    expect(asked()).toHaveLength(2);
    expect(rows().find((r) => r.recipient === "3175550129")).toMatchObject({
      state: "skipped",
      last_error: staleConfirmationReason,
    });
  });

  it("drops a confirmation request not sent within 24 hours, and sends each connection's first before anyone's second, oldest first", async () => {
    const log: string[] = [];
    const box = outbox(log, { ...allDay, confirmationsPerDay: 1 });
    signup({ phone: "3175550160" }, false, "client-a");
    await box.drain();
    expect(asked()).toEqual(["+13175550160"]); // the day's one
    later(3600);
    signup({ phone: "3175550162" }, false, "client-b");
    await box.drain();
    later(3600);
    const stale = await signup({ phone: "3175550161" }, false, "client-a");
    await box.drain();
    expect(asked()).toEqual(["+13175550160"]); // both wait at the ceiling
    // A day after the first was sent there is room for one: the second connection's first,
    // before the first connection's second.
    later(22 * 3600 + 1);
    await box.drain();
    expect(asked()).toEqual(["+13175550160", "+13175550162"]);
    // Two hours on, 0161's signup is a day old: dropped, and not sent when the ceiling next
    // has room, a day after that.
    later(2 * 3600);
    await box.drain();
    expect(rows().find((r) => r.recipient === "3175550161")).toMatchObject({
      state: "skipped",
      last_error: "Dropped: not sent within 24 hours of the signup",
    });
    expect(log.join("\n")).toContain("1 confirmation text(s) dropped, a day old");
    // The owner's Signups page reads which (owner/inbox-page.tsx).
    expect(await store.droppedConfirmations()).toEqual(new Map([[stale.id, "stale"]]));
    later(24 * 3600);
    await box.drain();
    expect(asked()).toEqual(["+13175550160", "+13175550162"]);
    // The same number signing up again is asked again.
    signup({ phone: "3175550161" });
    await box.drain();
    expect(asked()).toEqual(["+13175550160", "+13175550162", "+13175550161"]);
  });

  it("sends a family's confirmation within the day's ceiling however many numbers one connection posted before it", async () => {
    const box = outbox([], { ...allDay, confirmationsPerDay: 3 });
    signup({ phone: "3175550180" }, false, "family");
    later(60);
    for (let i = 1; i <= 8; i++) signup({ phone: `31755501${90 + i}` }, false, "junk");
    await box.drain();
    // Everyone's first, oldest first, then the junk's second: not its newest.
    expect(asked()).toEqual(["+13175550180", "+13175550191", "+13175550192"]);
  });

  it("queues no text and no Kit add past a connection's share of the day, keeps the signup, and says so", async () => {
    const log: string[] = [];
    const box = outbox(log);
    const posts = [];
    for (let i = 1; i <= signupsPerClientPerDay + 1; i++) {
      posts.push(
        await signup({ phone: `31755502${i}0`, email: `s${i}@example.com` }, false, "one"),
      );
    }
    await signup({ phone: "3175550299", email: "other@example.com" }, false, "two");
    await box.drain();
    // Each connection's first, then the first connection's others, oldest first.
    const firstFive = [1, 2, 3, 4, 5].map((i) => `+131755502${i}0`);
    expect(signupsPerClientPerDay).toBe(5);
    expect(asked()).toEqual([firstFive[0], "+13175550299", ...firstFive.slice(1)]);
    expect([...kit.subscribers.keys()].sort()).toEqual([
      "other@example.com",
      "s1@example.com",
      "s2@example.com",
      "s3@example.com",
      "s4@example.com",
      "s5@example.com",
    ]);
    // The sixth signup is kept, whole; its rows are written not sent, with why.
    const last = posts.at(-1);
    expect(inbox.get(last?.id ?? 0)?.data).toMatchObject({ email: "s6@example.com" });
    expect(rows().filter((r) => r.state === "skipped")).toEqual([
      expect.objectContaining({
        action: "text",
        recipient: "3175550260",
        last_error: pastShareReason,
      }),
      expect.objectContaining({ action: "subscribe", last_error: pastShareReason }),
    ]);
    // The owner's Signups page says its text was not sent (owner/inbox-page.tsx).
    expect(await store.droppedConfirmations()).toEqual(new Map([[last?.id, "share"]]));
    // A day on, the connection has a share again.
    later(86_400 + 1);
    signup({ phone: "3175550277" }, false, "one");
    await box.drain();
    expect(asked().at(-1)).toBe("+13175550277");
  });

  it("holds a text until the sending hours are open on the recipient's clock too, every zone of its area code (issue 42)", async () => {
    const hours: TextRules = { ...allDay, sendHours: { start: "09:00", end: "20:00" } };
    const box = outbox([], hours);
    // January 10, 2026 at the rink (Indianapolis, EST, UTC-5).
    const at = (time: string) => {
      clock = new Date(`2026-01-10T${time}:00.000-05:00`);
    };
    const texted = () => twilio.messages.map((m) => m.to);
    // San Francisco (Pacific), Indianapolis, Idaho's 208 (Mountain and Pacific), St. John's
    // (Newfoundland, 1:30 ahead of the rink), and an area code the map does not have.
    const numbers = ["4155550170", "3175550171", "2085550172", "7095550173", "9995550174"];
    at("07:00");
    for (const phone of numbers) signup({ phone });
    await confirmed(...numbers);
    const queued = await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    const id = queued.ok ? queued.id : "";
    // 9:30 AM at the rink is 6:30 AM in San Francisco: only the rink's and St. John's go.
    at("09:30");
    await box.drain();
    expect(texted().sort()).toEqual(["+13175550171", "+17095550173"]);
    // The others wait in the outbox for their own 9 AM: noon at the rink for the Pacific
    // numbers, 2 PM for the area code the map does not have (below).
    const held = inbox.sql.all(
      "SELECT recipient, due_at FROM outbox WHERE update_id = ? AND state = 'waiting' ORDER BY recipient",
      id,
    );
    expect(held).toEqual([
      { recipient: "2085550172", due_at: "2026-01-10T17:00:00.000Z" },
      { recipient: "4155550170", due_at: "2026-01-10T17:00:00.000Z" },
      { recipient: "9995550174", due_at: "2026-01-10T19:00:00.000Z" },
    ]);
    // 11:59 AM is 8:59 AM in the Pacific zone, still closed for San Francisco and for 208.
    at("11:59");
    await box.drain();
    expect(texted()).toHaveLength(2);
    // Noon: 9 AM Pacific.
    at("12:00");
    await box.drain();
    expect(texted().sort()).toEqual([
      "+12085550172",
      "+13175550171",
      "+14155550170",
      "+17095550173",
    ]);
    // The unknown area code waits for 9 AM in Hawaii, 2 PM at the rink in January (the widest
    // spread of the US and Canada: number-time-zones.ts).
    at("13:59");
    await box.drain();
    expect(texted()).toHaveLength(4);
    at("14:00");
    await box.drain();
    expect(texted()).toContain("+19995550174");

    // The evening: 7 PM at the rink is 8:30 PM in St. John's, past its 8 PM.
    twilio.messages.length = 0;
    at("19:00");
    await queueUpdate(store, update("Open late tomorrow."), ["text"], { services, rinkName, now });
    await box.drain();
    expect(texted().sort()).toEqual(["+12085550172", "+13175550171", "+14155550170"]);
    // It goes the next morning, when both clocks are open (9 AM at the rink).
    clock = new Date("2026-01-11T13:59:00.000Z");
    await box.drain();
    expect(texted()).toHaveLength(3);
    clock = new Date("2026-01-11T14:00:00.000Z");
    await box.drain();
    expect(texted()).toContain("+17095550173");
  });

  it("sends nothing, and says why, to a number whose zones the sending hours never all cover", async () => {
    // Noon to 1 PM at the rink is 3 to 4 AM the next day in Guam.
    const narrow: TextRules = { ...allDay, sendHours: { start: "12:00", end: "13:00" } };
    clock = new Date("2026-01-10T17:30:00.000Z"); // 12:30 PM at the rink
    signup({ phone: "6715550180" });
    signup({ phone: "3175550181" });
    await outbox([], narrow).drain();
    expect(asked()).toEqual(["+13175550181"]);
    expect(rows().find((r) => r.recipient === "6715550180")).toMatchObject({
      state: "skipped",
      last_error: neverInHours,
    });
  });

  it("keeps and logs Twilio's refusals by their code, never Twilio's words (which quote the number)", async () => {
    signup({ phone: "3175550131" });
    await confirmed("3175550131");
    twilio.failNext(1, 400, {
      code: 21211,
      message: "The 'To' number +13175550131 is not a valid phone number.",
      more_info: "https://www.twilio.com/docs/errors/21211",
      status: 400,
    });
    await queueUpdate(store, update(), ["text"], { services, rinkName, now });
    const log: string[] = [];
    await outbox(log).drain();
    const failed = rows().find((r) => r.state === "failed");
    expect(failed?.last_error).toBe(
      "Twilio refused it (400): not a valid phone number (error 21211)",
    );
    expect(log.join("\n")).toContain("error 21211");
    expect(log.join("\n")).not.toContain("5550131");
  });
});

describe("Twilio with an API key (TWILIO_API_KEY_SID and _SECRET)", () => {
  it("sends with the key's basic auth instead of the auth token, with a status callback asked for", async () => {
    const keyed = twilioService({
      accountSid: twilioAccountSid,
      authToken: "not-used-for-sending",
      messagingServiceSid: twilioMessagingServiceSid,
      apiUrl: twilio.url,
      apiKey: { sid: twilioApiKeySid, secret: twilioApiKeySecret },
      statusCallbackUrl: "https://rink.example.com/hooks/twilio/status",
    });
    expect(await keyed.send("+13175550140", "Hello")).toMatchObject({ ok: true });
    const [request] = twilio.requests;
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${twilioApiKeySid}:${twilioApiKeySecret}`).toString("base64")}`,
    );
    expect(twilio.messages).toMatchObject([
      { to: "+13175550140", statusCallback: "https://rink.example.com/hooks/twilio/status" },
    ]);
    // A wrong secret: Twilio's 401 (20003), refused, in words by its code.
    const wrong = twilioService({
      accountSid: twilioAccountSid,
      authToken: twilioAuthToken,
      messagingServiceSid: twilioMessagingServiceSid,
      apiUrl: twilio.url,
      apiKey: { sid: twilioApiKeySid, secret: "wrong" },
    });
    expect(await wrong.send("+13175550140", "Hello")).toEqual({
      ok: false,
      retry: false,
      reason:
        "Twilio refused it (401): the site's Twilio credentials were refused (the API key or auth token) (error 20003)",
    });
  });
});
