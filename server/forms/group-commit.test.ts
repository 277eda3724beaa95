import { describe, expect, it } from "vitest";
import { type NewSubmission, openDatabase } from "../node/database.ts";
import { groupCommit } from "./group-commit.ts";

const entry = (n: number): NewSubmission => ({
  form: "newsletter",
  createdAt: "2025-06-01T12:00:00.000Z",
  data: { email: `fam${n}@example.com` },
  spam: false,
});

describe("groupCommit", () => {
  it("writes the submissions of one event-loop turn in one transaction, in order", async () => {
    const inbox = openDatabase(":memory:");
    const batches: number[] = [];
    const store = groupCommit({
      insert: inbox.insert,
      insertMany(list) {
        batches.push(list.length);
        return inbox.insertMany(list);
      },
    });
    const stored = await Promise.all([1, 2, 3, 4, 5].map((n) => store(entry(n))));
    expect(batches).toEqual([5]);
    expect(stored.map((s) => s.data.email)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `fam${n}@example.com`),
    );
    expect(stored.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    await store(entry(6));
    expect(batches).toEqual([5, 1]);
    expect(inbox.listRecent(10)).toHaveLength(6);
    inbox.close();
  });

  it("falls back to one at a time when the batch fails, failing only the bad one", async () => {
    const inbox = openDatabase(":memory:");
    const store = groupCommit({
      insertMany() {
        throw new Error("batch failed");
      },
      insert(s) {
        if (s.data.email === "fam2@example.com") throw new Error("this one is bad");
        return inbox.insert(s);
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => store(entry(n))));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(inbox.listRecent(10)).toHaveLength(2);
    inbox.close();
  });

  it("rolls a failed batch back entirely", () => {
    const inbox = openDatabase(":memory:");
    const bad = { ...entry(2), data: undefined as unknown as Record<string, string> };
    expect(() => inbox.insertMany([entry(1), bad, entry(3)])).toThrow();
    expect(inbox.listRecent(10)).toEqual([]);
    expect(inbox.insertMany([entry(4), entry(5)]).map((s) => s.id)).toEqual([1, 2]);
    inbox.close();
  });
});
