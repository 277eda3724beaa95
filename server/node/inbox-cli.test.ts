// `npm run inbox` as the owner runs it: a child process reading a real SQLite file.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneKey } from "../../rink/forms/phone.ts";
import { tempDir } from "../../tests/support/fake-site.ts";
import { outboxStore } from "../lists/outbox-store.ts";
import { openDatabase } from "./database.ts";

const root = resolve(import.meta.dirname, "../..");
const projectNode = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

const dir = tempDir();
const databasePath = join(dir.path, "inbox.db");

function cli(args: string[], dbPath = databasePath) {
  const result = spawnSync(projectNode, ["scripts/inbox.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: dbPath, NO_COLOR: "1" },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

beforeAll(() => {
  const inbox = openDatabase(databasePath);
  inbox.insert({
    form: "newsletter",
    createdAt: "2025-06-01T12:00:00.000Z",
    data: { email: "=1+2@example.com", phone: "(317) 555-0100" },
    spam: false,
  });
  inbox.insert({
    form: "contact",
    createdAt: "2025-06-02T12:00:00.000Z",
    data: {
      name: "Pat Skater",
      email: "pat@example.com",
      subject: "group-event",
      message: "Scouts troop,\n20 kids",
    },
    spam: false,
  });
  inbox.insert({
    form: "newsletter",
    createdAt: "2025-06-03T12:00:00.000Z",
    data: { email: "bot@example.com", _gotcha: "x" },
    spam: true,
  });
  inbox.close();
});
afterAll(() => dir.remove());

// Each case starts Node processes, which takes seconds on a busy machine.
describe("npm run inbox", { timeout: 30_000 }, () => {
  it("lists recent submissions as a table, newest first", () => {
    const { code, out, err } = cli([]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[2]).toMatch(/^#\s+Received \(UTC\)\s+Form\s+Email\s+Details$/);
    expect(lines[4]).toMatch(/^3\s+2025-06-03 12:00\s+newsletter\s+spam\s+bot@example\.com/);
    expect(lines[5]).toMatch(
      /^2\s+2025-06-02 12:00\s+contact\s+not sent\s+Pat Skater \| pat@example\.com \| Group Event \| Scouts troop, 20 kids$/,
    );
    expect(lines[6]).toMatch(/^1\s+2025-06-01 12:00\s+newsletter/);
    expect(cli(["list", "--limit", "1"]).out).not.toContain("contact");
  });

  it("exports a form as spreadsheet-safe CSV, spam left out", () => {
    const { code, out } = cli(["export", "newsletter", "--csv"]);
    expect(code).toBe(0);
    expect(out).toBe(
      "ID,Received,Email,Phone,Agreed to email news,Agreed to text alerts\r\n1,2025-06-01T12:00:00.000Z,'=1+2@example.com,(317) 555-0100,yes,waiting for YES\r\n",
    );
    // Not on the text list until the number replies YES (issue 31).
    expect(cli(["export", "newsletter", "--csv", "--list", "text"]).out).not.toContain(
      "(317) 555-0100",
    );
    expect(cli(["export", "newsletter", "--csv", "--list", "fax"]).code).toBe(2);
    expect(cli(["export", "newsletter", "--csv", "--include-spam"]).out).toContain(
      "bot@example.com",
    );
    expect(cli(["export", "contact", "--csv"]).out).toBe(
      "ID,Received,Name,Email,Phone,Subject,Message\r\n" +
        '2,2025-06-02T12:00:00.000Z,Pat Skater,pat@example.com,,Group Event,"Scouts troop,\n20 kids"\r\n',
    );
  });

  it("marks who left a list since, as the inbox's download does, and leaves them off it", async () => {
    // Three signups; then one unsubscribes from Kit's emails and one texts STOP to Twilio, as
    // the services' webhooks record it (lists/hooks.ts).
    const optedOutPath = join(dir.path, "opted-out.db");
    const inbox = openDatabase(optedOutPath);
    const signup = (createdAt: string, data: Record<string, string>) =>
      inbox.insert({ form: "newsletter", createdAt, data, spam: false });
    signup("2025-06-01T12:00:00.000Z", { email: "fam@example.com", phone: "(317) 555-0201" });
    signup("2025-06-02T12:00:00.000Z", { email: "Leaving@Example.com", phone: "(317) 555-0202" });
    signup("2025-06-03T12:00:00.000Z", { phone: "(317) 555-0204" });
    const consent = outboxStore(inbox.sql);
    const at = "2025-06-10T08:00:00.000Z";
    await consent.setConsent("email", "leaving@example.com", "out", "unsubscribed", at);
    await consent.setConsent("text", phoneKey("(317) 555-0204"), "out", "Replied STOP", at);
    // Only a number that replied YES to its confirmation text is on the text list (issue 31).
    await consent.setConsent("text", phoneKey("(317) 555-0202"), "in", "Replied YES", at);
    inbox.close();

    const exported = (...list: string[]) =>
      cli(["export", "newsletter", "--csv", ...list], optedOutPath);
    expect(exported()).toEqual({
      code: 0,
      err: "",
      out:
        "ID,Received,Email,Phone,Agreed to email news,Agreed to text alerts\r\n" +
        "1,2025-06-01T12:00:00.000Z,fam@example.com,(317) 555-0201,yes,waiting for YES\r\n" +
        '2,2025-06-02T12:00:00.000Z,Leaving@Example.com,(317) 555-0202,"opted out (unsubscribed, 2025-06-10)",yes\r\n' +
        '3,2025-06-03T12:00:00.000Z,,(317) 555-0204,no,"opted out (Replied STOP, 2025-06-10)"\r\n',
    });
    const emailList = exported("--list", "email").out;
    expect(emailList).toContain("fam@example.com");
    expect(emailList).not.toContain("Leaving@Example.com");
    const textList = exported("--list", "text").out;
    expect(textList).toContain("(317) 555-0202");
    expect(textList).not.toContain("(317) 555-0204");
    expect(textList).not.toContain("(317) 555-0201");
  });

  it("explains its usage on wrong arguments, exiting 2", () => {
    for (const args of [
      ["export"],
      ["export", "orders", "--csv"],
      ["export", "contact"],
      ["delete"],
      ["list", "--limit", "x"],
      ["--bogus"],
    ]) {
      const { code, out, err } = cli(args);
      expect(code, args.join(" ")).toBe(2);
      expect(out).toBe("");
      expect(err).toContain("Usage:\n  npm run inbox");
    }
    expect(cli(["--help"])).toMatchObject({ code: 0, out: expect.stringContaining("Usage:") });
  });

  it("says so when there is no database yet, creating none", () => {
    const missing = join(dir.path, "elsewhere", "inbox.db");
    const { code, err } = cli([], missing);
    expect(code).toBe(1);
    expect(err).toContain(`No inbox at ${missing} yet`);
    expect(existsSync(missing)).toBe(false);
  });
});
