// `npm run inbox` as the owner runs it: a child process reading a real SQLite file.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../tests/support/fake-site.ts";
import { openInbox } from "./inbox.ts";

const root = resolve(import.meta.dirname, "..");
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
  const inbox = openInbox(databasePath);
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
      "ID,Received,Email,Phone,Agreed to email news,Agreed to text alerts\r\n1,2025-06-01T12:00:00.000Z,'=1+2@example.com,(317) 555-0100,yes,yes\r\n",
    );
    expect(cli(["export", "newsletter", "--csv", "--list", "text"]).out).toContain(
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
