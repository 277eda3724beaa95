import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../tests/support/fake-site.ts";
import { openDatabase, schemaVersion } from "./database.ts";

let dir: ReturnType<typeof tempDir>;
afterEach(() => dir?.remove());

const entry = (n: number, form = "contact", spam = false) => ({
  form,
  createdAt: `2025-06-0${n}T12:00:00.000Z`,
  data: { name: `Skater ${n}`, email: `s${n}@example.com` },
  spam,
});

describe("openDatabase", () => {
  it("creates the folder and the schema, in WAL mode with full syncs", () => {
    dir = tempDir();
    const path = join(dir.path, "nested", "data", "inbox.db");
    const inbox = openDatabase(path);
    inbox.close();
    expect(existsSync(path)).toBe(true);

    const db = new DatabaseSync(path);
    try {
      expect(db.prepare("PRAGMA user_version").get()).toEqual({ user_version: schemaVersion });
      expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      const columns = db
        .prepare("SELECT name FROM pragma_table_info('submissions')")
        .all()
        .map((c) => c.name);
      expect(columns).toEqual([
        "id",
        "form",
        "created_at",
        "data",
        "spam",
        "notify_sent_at",
        "notify_attempts",
        "notify_last_error",
        "handled_at",
        "notify_claimed_at",
        "phone_key",
      ]);
    } finally {
      db.close();
    }
  });

  it("reopens an existing file without touching its rows", () => {
    dir = tempDir();
    const path = join(dir.path, "inbox.db");
    const first = openDatabase(path);
    first.insert(entry(1));
    first.close();
    const again = openDatabase(path);
    expect(again.listRecent(10).map((s) => s.data.name)).toEqual(["Skater 1"]);
    again.close();
  });

  it("gives the phones of a file from before phone keys their key, whatever their format", () => {
    dir = tempDir();
    const path = join(dir.path, "inbox.db");
    const old = new DatabaseSync(path);
    const migrations = join(import.meta.dirname, "..", "migrations");
    for (const file of ["0001_submissions.sql", "0002_owner_inbox.sql"]) {
      old.exec(readFileSync(join(migrations, file), "utf8"));
    }
    old.exec("PRAGMA user_version = 2");
    const insert = old.prepare(
      "INSERT INTO submissions (form, created_at, data) VALUES ('contact', '2026-11-01', ?)",
    );
    for (const phone of ["+1 317 555 0100", "(317) 555-0100", "317.555.0100", "1-317-555-0100"]) {
      insert.run(JSON.stringify({ name: "Pat", phone }));
    }
    insert.run(JSON.stringify({ name: "No phone" }));
    old.close();
    openDatabase(path).close();
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const keys = db.prepare("SELECT phone_key FROM submissions ORDER BY id").all();
      expect(keys.map((r) => r.phone_key)).toEqual([
        "3175550100",
        "3175550100",
        "3175550100",
        "3175550100",
        null,
      ]);
    } finally {
      db.close();
    }
  });

  it("refuses a database from a newer version of the server", () => {
    dir = tempDir();
    const path = join(dir.path, "inbox.db");
    openDatabase(path).close();
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${schemaVersion + 1}`);
    db.close();
    expect(() => openDatabase(path)).toThrow(/newer than this server knows/);
  });
});

describe("the inbox's queries", () => {
  it("stores, lists and tracks the email of each submission", () => {
    dir = tempDir();
    const inbox = openDatabase(join(dir.path, "inbox.db"));
    const one = inbox.insert(entry(1));
    inbox.insert(entry(2, "newsletter"));
    inbox.insert(entry(3, "contact", true));
    const four = inbox.insert(entry(4));

    expect(one).toEqual({
      id: 1,
      form: "contact",
      createdAt: "2025-06-01T12:00:00.000Z",
      data: { name: "Skater 1", email: "s1@example.com" },
      spam: false,
      notifySentAt: null,
      notifyAttempts: 0,
      notifyLastError: null,
      handledAt: null,
    });
    expect(inbox.listRecent(2).map((s) => s.id)).toEqual([4, 3]);
    expect(inbox.listByForm("contact").map((s) => s.id)).toEqual([1, 4]);
    expect(inbox.listByForm("contact", { includeSpam: true }).map((s) => s.id)).toEqual([1, 3, 4]);

    // Spam is never mailed; the rest waits until sent or out of attempts.
    expect(inbox.listUnsent(3, 10).map((s) => s.id)).toEqual([1, 2, 4]);
    inbox.markSent(one.id, "2025-06-01T12:00:05.000Z");
    inbox.markFailed(four.id, "connect ECONNREFUSED 127.0.0.1:25");
    inbox.markFailed(four.id, "connect ECONNREFUSED 127.0.0.1:25");
    expect(inbox.get(one.id)).toMatchObject({
      notifySentAt: "2025-06-01T12:00:05.000Z",
      notifyAttempts: 1,
      notifyLastError: null,
    });
    expect(inbox.get(four.id)).toMatchObject({
      notifySentAt: null,
      notifyAttempts: 2,
      notifyLastError: "connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(inbox.listUnsent(3, 10).map((s) => s.id)).toEqual([2, 4]);
    expect(inbox.listUnsent(2, 10).map((s) => s.id)).toEqual([2]);
    expect(inbox.listUnsent(3, 1).map((s) => s.id)).toEqual([2]);
    inbox.close();
    inbox.close(); // twice is harmless, as shutdown paths may overlap
  });

  it("keeps text exactly, whatever characters it holds", () => {
    dir = tempDir();
    const inbox = openDatabase(join(dir.path, "inbox.db"));
    const data = { message: "Zoë's party 🎉\nline two \u0000 \"quoted\" ' -- DROP TABLE x;" };
    const stored = inbox.insert({ ...entry(1), data });
    expect(inbox.get(stored.id)?.data).toEqual(data);
    inbox.close();
  });
});
