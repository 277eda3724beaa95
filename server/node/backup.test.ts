// Nightly backups while the rink's site is live: `npm run inbox -- backup FILE` (the real
// command) during a burst of real submissions to the real server. The copy passes
// integrity_check and holds every submission acknowledged before the backup started;
// `restore` brings it back.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Agent } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { postSignup, type RunningServer, startServer } from "../../tests/support/server.ts";
import { projectNode, projectRoot } from "../../tooling/project.ts";
import { deletions } from "../owner/deletions.ts";
import { ownerStore } from "../owner/store.ts";
import { openDatabase } from "./database.ts";
import { deletionKeyFor } from "./deletion-key.ts";

let dir: ReturnType<typeof tempDir> | undefined;
const servers: RunningServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
  dir?.remove();
});

/** `npm run inbox -- …` as the owner (or the nightly timer) runs it. */
function inboxCommand(
  args: string[],
  databasePath: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(projectNode, ["scripts/inbox.ts", ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", DATABASE_PATH: databasePath },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += String(chunk);
    });
    child.on("exit", (code) => done({ code, output }));
  });
}

const person = {
  name: "Pat Skater",
  email: "pat@example.com",
  subject: "general",
  message: "Please delete what you have of me.",
};

function emailsIn(path: string): Set<string> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = db.prepare("SELECT json_extract(data, '$.email') AS email FROM submissions").all();
    return new Set(rows.map((r) => String(r.email)));
  } finally {
    db.close();
  }
}

describe("a backup during a burst of submissions", { timeout: 60_000 }, () => {
  it("holds every submission acknowledged before it started, in a sound file", async () => {
    dir = tempDir();
    const databasePath = join(dir.path, "inbox.db");
    const server = await startServer({
      siteDir: fakeSite(dir.path),
      databasePath,
      env: { RATE_LIMIT_PER_MINUTE: "0", DAILY_LIMIT_PER_FORM: "0" },
    });
    servers.push(server);

    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const submitter = async (worker: number) => {
      while (!stop) {
        sent += 1;
        const email = `burst-${worker}-${sent}@example.test`;
        const status = await postSignup(server.port, agent, email);
        if (status >= 200 && status < 300) acknowledged.push(email);
      }
    };
    const workers = Array.from({ length: 16 }, (_, i) => submitter(i));
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10));

    const before = new Set(acknowledged);
    const file = join(dir.path, "backups", "inbox-nightly.db");
    const started = acknowledged.length;
    const backup = await inboxCommand(["backup", file], databasePath);
    const during = acknowledged.length - started;
    stop = true;
    await Promise.all(workers);
    agent.destroy();

    expect(backup.output).toMatch(/^Backed up \d+ submissions to .*inbox-nightly\.db/);
    expect(backup.code).toBe(0);
    // The server kept answering while the copy was made.
    expect(during).toBeGreaterThan(0);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);

    const copy = new DatabaseSync(file, { readOnly: true });
    try {
      expect(copy.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    } finally {
      copy.close();
    }
    const saved = emailsIn(file);
    expect([...before].filter((email) => !saved.has(email))).toEqual([]);
    expect(saved.size).toBeGreaterThanOrEqual(before.size);

    // Restore into a fresh place (an owner's new machine): the same submissions.
    const restored = join(dir.path, "restored", "inbox.db");
    const restore = await inboxCommand(["restore", file], restored);
    expect(restore.code, restore.output).toBe(0);
    expect(emailsIn(restored)).toEqual(saved);
  });

  it("brings nobody back who asked to be deleted after the backup was made", async () => {
    dir = tempDir();
    const databasePath = join(dir.path, "inbox.db");
    const copy = join(dir.path, "backups", "inbox-2026-11-20.db");
    const live = openDatabase(databasePath);
    const at = "2026-11-20T03:00:00.000Z";
    const [pat] = live.insertMany([
      {
        form: "contact",
        createdAt: at,
        spam: false,
        data: { ...person, phone: "+1 317 555 0188" },
      },
      { form: "newsletter", createdAt: at, spam: false, data: { email: "sam@example.com" } },
      { form: "newsletter", createdAt: at, spam: false, data: { phone: "(317) 555-0188" } },
    ]);
    live.close();
    expect((await inboxCommand(["backup", copy], databasePath)).code).toBe(0);

    // Then Pat asks to be deleted, through the owner's inbox (its store and record).
    const inbox = openDatabase(databasePath);
    const store = ownerStore(inbox.sql, { afterDelete: () => inbox.scrub() });
    const who = await store.personOf(pat?.id ?? 0);
    if (!who) throw new Error("Pat's submission is not there");
    expect(await store.forgetPerson(who)).toEqual({ messages: 1, signups: 1, spam: 0 });
    await deletions(inbox.sql, deletionKeyFor(databasePath)).record(who, new Date());
    inbox.close();

    const restored = await inboxCommand(["restore", copy], databasePath);
    expect(restored.code).toBe(0);
    expect(restored.output).toContain(
      "Deleted 2 again: people who asked to be deleted after that backup was made.",
    );
    expect(emailsIn(databasePath)).toEqual(new Set(["sam@example.com"]));
    // Nor is any byte of them left in the restored file.
    const bytes = readFileSync(databasePath).toString("latin1");
    expect(bytes).not.toContain(person.email);
    expect(bytes).not.toContain("555 0188");
    // The backup itself still holds them, until it is 30 days old (the privacy notice).
    expect(emailsIn(copy)).toContain(person.email);
  });

  it("refuses a damaged file as a backup to restore, and keeps the inbox as it was", async () => {
    dir = tempDir();
    const databasePath = join(dir.path, "inbox.db");
    const db = new DatabaseSync(databasePath);
    db.exec("CREATE TABLE other (x); PRAGMA user_version = 0");
    db.close();
    const notAnInbox = await inboxCommand(["restore", databasePath], join(dir.path, "live.db"));
    expect(notAnInbox.code).toBe(1);
    expect(notAnInbox.output).toMatch(/is not an inbox this server knows/);
    expect(existsSync(join(dir.path, "live.db"))).toBe(false);

    const missing = await inboxCommand(
      ["backup", join(dir.path, "copy.db")],
      join(dir.path, "none.db"),
    );
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/No inbox at .*none\.db/);
  });
});
