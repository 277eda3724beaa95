// A signup's outbox rows are the code's, written in the signup's own transaction on Node's
// SQLite file (the same on D1, over HTTP on both homes: tests/list-services.test.ts). What the
// rows then do (Kit, the confirmation text's limits) is outbox.test.ts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submissionClient } from "../forms/submission.ts";
import { type Database, type NewSubmission, openDatabase } from "../node/database.ts";
import { createOutbox } from "./outbox.ts";
import { outboxStore } from "./outbox-store.ts";

let inbox: Database;
beforeEach(() => {
  inbox = openDatabase(":memory:");
});
afterEach(() => inbox?.close());

const at = "2026-01-10T12:00:00.000Z";
const signup = (data: Record<string, string>, spam = false): NewSubmission => ({
  form: "newsletter",
  createdAt: at,
  data,
  spam,
});
const outboxQuery = "SELECT list, action, submission_id, recipient FROM outbox ORDER BY id";
// node:sqlite answers at once: the runner's rows are no promise here.
const outbox = () => inbox.sql.all(outboxQuery) as Record<string, unknown>[];
const refuseOutbox = () =>
  inbox.sql.run(`CREATE TRIGGER test_outbox_refuses BEFORE INSERT ON outbox
    BEGIN SELECT RAISE(ABORT, 'the outbox refuses'); END`);

describe("a signup's outbox rows", () => {
  it("come from no trigger: a migrated database has none (migrations/0009)", () => {
    expect(inbox.sql.all("SELECT name FROM sqlite_master WHERE type = 'trigger'")).toEqual([]);
  });

  it("are written with the signup, for the lists its form names, and none for spam or a contact", () => {
    inbox.insert({ form: "contact", createdAt: at, data: { email: "c@example.com" }, spam: false });
    inbox.insert(signup({ email: "bot@example.com", phone: "(317) 555-0109" }, true));
    const [one, two] = inbox.insertMany([
      signup({ email: " Fam@Example.com ", phone: "(317) 555-0101" }),
      signup({ email: "", phone: "317.555.0102" }),
    ]);
    expect(outbox()).toEqual([
      { list: "text", action: "text", submission_id: one?.id, recipient: "3175550101" },
      { list: "email", action: "subscribe", submission_id: one?.id, recipient: "fam@example.com" },
      { list: "text", action: "text", submission_id: two?.id, recipient: "3175550102" },
    ]);
  });

  it("are written together with the signup or not at all, alone or in a group commit", () => {
    inbox.insert(signup({ email: "first@example.com" }));
    refuseOutbox();
    expect(() => inbox.insert(signup({ email: "alone@example.com" }))).toThrow(/outbox refuses/);
    expect(() =>
      inbox.insertMany([signup({ email: "a@example.com" }), signup({ email: "b@example.com" })]),
    ).toThrow(/outbox refuses/);
    expect(inbox.listRecent(10).map((s) => s.data.email)).toEqual(["first@example.com"]);
    expect(outbox()).toHaveLength(1);
    // A submission that queues nothing is still stored.
    inbox.insert({ form: "contact", createdAt: at, data: { email: "c@example.com" }, spam: false });
    expect(inbox.listRecent(10)).toHaveLength(2);
  });

  it("keep the client a day as a hash, never its address, one for a whole IPv6 /64", async () => {
    const client = await submissionClient("2001:db8:1:2:aaaa::1");
    expect(client).toBe(await submissionClient("2001:db8:1:2:bbbb::9"));
    expect(client).not.toBe(await submissionClient("2001:db8:1:3::1"));
    expect(await submissionClient("unknown")).toBeNull();
    inbox.insert({ ...signup({ phone: "3175550103" }), client });
    const stored = () => inbox.sql.all("SELECT client_hash, client_rank FROM outbox");
    expect(stored()).toEqual([{ client_hash: client, client_rank: 1 }]);
    expect(JSON.stringify(inbox.sql.all("SELECT * FROM outbox"))).not.toContain("2001");
    // A day on, the hourly chore clears it: a client's share is counted over a day.
    const dayOn = new Date(Date.parse(at) + 86_400_000 + 1);
    const log = () => {};
    await createOutbox({
      store: outboxStore(inbox.sql),
      services: {},
      now: () => dayOn,
      log,
    }).drain();
    expect(stored()).toEqual([{ client_hash: null, client_rank: 1 }]);
  });
});
