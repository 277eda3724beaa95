// An update's email is one Kit broadcast, made once and counted as sent only once Kit says it
// is sending: read back after it is made (a draft is reported not sent), and a try that got
// no answer (a 5xx, a rate limit, a timeout) is followed by a look through Kit's broadcasts for
// this update's before another is made, so nobody gets the email twice. Against the Kit
// stand-in as a real HTTP server (tests/support/kit-stand-in.ts), the outbox over SQLite, and a
// clock of our own.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type KitStandIn,
  kitApiKey,
  kitFormId,
  startKitStandIn,
} from "../../tests/support/kit-stand-in.ts";
import { type Database, openDatabase } from "../node/database.ts";
import { updateRecords } from "../updates/store.ts";
import { deliveryReport, queueUpdate } from "../updates/update.ts";
import { kitBroadcastDescription, kitService } from "./kit.ts";
import { createOutbox } from "./outbox.ts";
import type { ListServices } from "./service.ts";

let kit: KitStandIn;
let inbox: Database;
let store: ReturnType<typeof updateRecords>;
let services: ListServices;
let clock: Date;
const now = () => clock;
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  kit = await startKitStandIn();
});
afterAll(async () => {
  await kit?.close();
});
beforeEach(() => {
  clock = new Date("2026-01-10T12:00:00.000Z");
  inbox = openDatabase(":memory:");
  store = updateRecords(inbox.sql);
  services = { email: kitService({ apiKey: kitApiKey, formId: kitFormId, apiUrl: kit.url }) };
  kit.requests.length = 0;
  kit.broadcasts.length = 0;
  kit.keepDrafts = false;
});
afterEach(() => inbox?.close());

const outbox = () => createOutbox({ store, services, now, retrySeconds: 30, log: () => {} });

async function queue(): Promise<string> {
  const queued = await queueUpdate(
    store,
    {
      kind: "closed-today",
      note: "Closed today: the ice storm.",
      until: new Date(clock.getTime() + 86_400_000).toISOString(),
    },
    ["email"],
    { services, rinkName: "Sugar Creek Skateland", now },
  );
  if (!queued.ok) throw new Error(queued.problems.join("; "));
  return queued.id;
}

const emailReport = async (id: string) => (await deliveryReport(store, id))?.lists[0];
const calls = () => kit.requests.map((r) => `${r.method} ${r.path.replace(/\?.*$/, "")}`);

describe("an update's Kit broadcast", () => {
  it("is made with the update's id in it, read back, and counted sent once Kit has it scheduled", async () => {
    const id = await queue();
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(1);
    expect(kit.broadcasts[0]).toMatchObject({
      description: kitBroadcastDescription(id),
      public: false,
    });
    expect(kit.broadcasts[0]?.send_at).toBe(
      new Date(kit.broadcasts[0]?.send_at ?? "").toISOString(),
    );
    expect(calls()).toEqual(["POST /v4/broadcasts", `GET /v4/broadcasts/${kit.broadcasts[0]?.id}`]);
    expect(await emailReport(id)).toMatchObject({ sent: 1, failed: 0, waiting: 0, reasons: [] });
  });

  it("reports a broadcast Kit kept as a draft as not sent, in words, and does not make another", async () => {
    kit.keepDrafts = true;
    const id = await queue();
    await outbox().drain();
    later(3600);
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(1);
    const report = await emailReport(id);
    expect(report).toMatchObject({ sent: 0, failed: 1, waiting: 0 });
    expect(report?.reasons).toEqual([
      "1 failed: Kit kept the email as a draft, so it was not sent: send it from Kit's Broadcasts page (Drafts)",
    ]);
  });

  it("after an answer lost on the way (a 502), finds the broadcast that was made and never makes a second", async () => {
    kit.loseNextCreates(1);
    const id = await queue();
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(1);
    expect(await emailReport(id)).toMatchObject({ sent: 0, waiting: 1 });
    // Meanwhile the owner made 600 broadcasts of their own in Kit: this update's is on the
    // list's second page (newest first, 500 a page).
    const ours = kit.broadcasts[0];
    for (let i = 0; i < 600; i++) {
      kit.broadcasts.push({
        ...(ours as NonNullable<typeof ours>),
        id: 10_000 + i,
        description: "Mine",
      });
    }
    kit.requests.length = 0;
    later(31);
    await outbox().drain();
    expect(
      kit.broadcasts.filter((b) => b.description === kitBroadcastDescription(id)),
    ).toHaveLength(1);
    expect(calls()).toEqual([
      "GET /v4/broadcasts",
      "GET /v4/broadcasts",
      `GET /v4/broadcasts/${ours?.id}`,
    ]);
    expect(new URLSearchParams(kit.requests[1]?.path.split("?")[1]).get("after")).toBeTruthy();
    expect(await emailReport(id)).toMatchObject({ sent: 1, waiting: 0, failed: 0, reasons: [] });
  });

  it("after Kit's rate limit (429, plain text, no Retry-After), looks first, then makes it once", async () => {
    kit.rateLimitNext(1);
    const id = await queue();
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(0);
    const waiting = await emailReport(id);
    expect(waiting).toMatchObject({ sent: 0, waiting: 1 });
    expect(waiting?.reasons).toEqual([
      "1 waiting: Kit is unavailable (429): Rate limit exceeded. Please try again later.",
    ]);
    kit.requests.length = 0;
    later(31);
    await outbox().drain();
    expect(calls()).toEqual([
      "GET /v4/broadcasts",
      "POST /v4/broadcasts",
      `GET /v4/broadcasts/${kit.broadcasts[0]?.id}`,
    ]);
    expect(kit.broadcasts).toHaveLength(1);
    expect(await emailReport(id)).toMatchObject({ sent: 1, waiting: 0 });
  });

  it("makes nothing while Kit's list cannot be read after a failed try", async () => {
    kit.failNext(1, 503);
    const id = await queue();
    await outbox().drain();
    kit.failNext(1, 503); // the look
    later(31);
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(0);
    const report = await emailReport(id);
    expect(report).toMatchObject({ sent: 0, waiting: 1 });
    expect(report?.reasons[0]).toMatch(
      /^1 waiting: Kit could not be asked whether the earlier try made the broadcast, so it is not made again yet/,
    );
    later(61);
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(1);
    expect(await emailReport(id)).toMatchObject({ sent: 1, waiting: 0 });
  });

  it("after a create that timed out (made at Kit all the same), finds it and never makes a second", async () => {
    // Kit makes the broadcast, but its answer comes after the site stopped waiting.
    let timedOut = 0;
    const slowAnswer: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (init?.method === "POST" && String(input).endsWith("/v4/broadcasts") && timedOut++ === 0) {
        throw new DOMException("The operation timed out.", "TimeoutError");
      }
      return res;
    };
    services = {
      email: kitService({ apiKey: kitApiKey, formId: kitFormId, apiUrl: kit.url }, slowAnswer),
    };
    const id = await queue();
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(1);
    const waiting = await emailReport(id);
    expect(waiting).toMatchObject({ sent: 0, waiting: 1 });
    expect(waiting?.reasons).toEqual(["1 waiting: Kit did not answer in time"]);
    later(31);
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(1);
    expect(await emailReport(id)).toMatchObject({ sent: 1, waiting: 0, failed: 0 });
  });

  it("after a pass that stopped midway (a crash), tries again: finds what it made, or makes it once", async () => {
    const stop = (id: string) => {
      // The pass claimed the row and stopped: no answer recorded.
      inbox.sql.run(
        "UPDATE outbox SET state = 'sending', attempts = 1, claimed_at = ? WHERE update_id = ?",
        clock.toISOString(),
        id,
      );
    };
    const made = await queue();
    stop(made);
    // It had made the broadcast at Kit before it stopped.
    await services.email?.broadcast({ subject: "s", text: "t", key: made });
    const before = kit.broadcasts.length;
    const none = await queue();
    stop(none);
    later(11 * 60);
    await outbox().drain();
    // One broadcast per update: the made one found, the other made now.
    expect(kit.broadcasts).toHaveLength(before + 1);
    for (const id of [made, none]) {
      expect(
        kit.broadcasts.filter((b) => b.description === kitBroadcastDescription(id)),
        id,
      ).toHaveLength(1);
      expect(await emailReport(id)).toMatchObject({ sent: 1, waiting: 0, failed: 0 });
    }
  });

  it("when it cannot be read back, asks again later about the same broadcast, without making another", async () => {
    const id = await queue();
    kit.requests.length = 0;
    kit.failNextReads(1); // the create goes through; the read-back meets an outage
    await outbox().drain();
    expect(kit.broadcasts).toHaveLength(1);
    const made = kit.broadcasts[0]?.id;
    expect(calls()).toEqual(["POST /v4/broadcasts", `GET /v4/broadcasts/${made}`]);
    const waiting = await emailReport(id);
    expect(waiting).toMatchObject({ sent: 0, waiting: 1 });
    expect(waiting?.reasons[0]).toMatch(
      /^1 waiting: Kit made the broadcast but could not be asked/,
    );
    kit.requests.length = 0;
    later(31);
    await outbox().drain();
    expect(calls()).toEqual([`GET /v4/broadcasts/${made}`]);
    expect(kit.broadcasts).toHaveLength(1);
    expect(await emailReport(id)).toMatchObject({ sent: 1, waiting: 0 });
  });
});
