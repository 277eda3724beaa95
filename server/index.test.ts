// `node server/index.ts` as production runs it: settings from the environment, a real
// SQLite file, and a graceful stop on SIGTERM that lets a request in flight finish.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "./test-support.ts";

const root = resolve(import.meta.dirname, "..");
const projectNode = existsSync(join(root, "node_modules/.bin/node"))
  ? join(root, "node_modules/.bin/node")
  : process.execPath;

let dir: ReturnType<typeof tempDir>;
let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
  dir?.remove();
});

function env(extra: Record<string, string>) {
  return { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", ...extra };
}

async function startServer(databasePath: string) {
  const proc = spawn(projectNode, ["server/index.ts"], {
    cwd: root,
    env: env({ SITE_DIR: fakeSite(dir.path), DATABASE_PATH: databasePath }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let output = "";
  proc.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  proc.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no start:\n${output}`)), 20_000);
    proc.stdout?.on("data", () => {
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
  });
  const exited = new Promise<number | null>((done) => proc.once("exit", (code) => done(code)));
  return { proc, port, exited, output: () => output };
}

// Each case starts Node processes, which takes seconds on a busy machine.
describe("server/index.ts", { timeout: 30_000 }, () => {
  it("finishes a request in flight on SIGTERM, then closes the database and exits 0", async () => {
    dir = tempDir();
    const databasePath = join(dir.path, "data", "inbox.db");
    const server = await startServer(databasePath);

    const body = JSON.stringify({ email: "fam@example.com" });
    const answered = new Promise<{ status: number; text: string }>((done, fail) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: server.port,
          method: "POST",
          path: "/f/newsletter",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => {
            text += String(c);
          });
          res.on("end", () => done({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", fail);
      // Half the body now, the rest after SIGTERM: the request is in flight when it lands.
      req.write(body.slice(0, 5));
      setTimeout(() => {
        server.proc.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(5)), 200);
      }, 200);
    });

    expect(await answered).toEqual({
      status: 200,
      text: '{"next":"/newsletter/thanks","ok":true}',
    });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: shutting down");

    // A clean close checkpoints the WAL into the main file.
    const wal = `${databasePath}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const db = new DatabaseSync(databasePath, { readOnly: true });
    expect(db.prepare("SELECT form, data FROM submissions").all()).toEqual([
      { form: "newsletter", data: '{"email":"fam@example.com"}' },
    ]);
    expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    db.close();
  });

  it("refuses bad settings with a clear message and no stack trace", () => {
    dir = tempDir();
    const result = spawnSync(projectNode, ["server/index.ts"], {
      cwd: root,
      encoding: "utf8",
      env: env({ SMTP_URL: "smtp://127.0.0.1:2525", DATABASE_PATH: join(dir.path, "x.db") }),
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("Invalid settings:\n  NOTIFY_TO: is required with SMTP_URL");
  });
});
