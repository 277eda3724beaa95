// `node server/node/index.ts` as production runs it: settings from the environment, a real
// SQLite file, and a graceful stop on SIGTERM that lets a request in flight finish.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { Agent, get, request } from "node:http";
import { connect, type Socket } from "node:net";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { type RunningServer, startServer } from "../../tests/support/server.ts";
import { projectNode } from "../../tooling/project.ts";

const root = resolve(import.meta.dirname, "../..");

let dir: ReturnType<typeof tempDir>;
let server: RunningServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
  dir?.remove();
});

function serve(databasePath: string) {
  return startServer({ siteDir: fakeSite(dir.path), databasePath });
}

// Each case starts Node processes, which takes seconds on a busy machine.
describe("server/node/index.ts", { timeout: 30_000 }, () => {
  it("finishes a request in flight on SIGTERM, then closes the database and exits 0", async () => {
    dir = tempDir();
    const databasePath = join(dir.path, "data", "inbox.db");
    server = await serve(databasePath);
    const { port, process: proc } = server;

    const body = JSON.stringify({ email: "fam@example.com" });
    const agent = new Agent({ keepAlive: true });
    const answered = new Promise<{ status: number; connection?: string; text: string }>(
      (done, fail) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            agent,
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
            res.on("end", () =>
              done({ status: res.statusCode ?? 0, connection: res.headers.connection, text }),
            );
          },
        );
        req.on("error", fail);
        // Half the body now, the rest after SIGTERM: the request is in flight when it lands.
        req.write(body.slice(0, 5));
        setTimeout(() => {
          proc.kill("SIGTERM");
          setTimeout(() => req.end(body.slice(5)), 200);
        }, 200);
      },
    );

    expect(await answered).toEqual({
      status: 200,
      connection: "close",
      text: '{"next":"/newsletter/thanks","ok":true}',
    });
    const answeredAt = Date.now();
    expect(await server.exited).toBe(0);
    // The answer closed its keep-alive connection: no wait for the keep-alive timeout.
    expect(Date.now() - answeredAt).toBeLessThan(3000);
    expect(server.output()).toContain("SIGTERM: shutting down");
    expect(server.output()).toContain("stopped; inbox closed");
    agent.destroy();

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

  it("closes an idle keep-alive connection at once on SIGTERM", async () => {
    dir = tempDir();
    server = await serve(join(dir.path, "inbox.db"));
    const { port, process: proc } = server;
    const agent = new Agent({ keepAlive: true });
    try {
      // A browser's connection, idle after its page: it must not hold the process until
      // Node's 5 s keep-alive timeout.
      const socket = await new Promise<Socket>((done, fail) => {
        get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
          const { socket } = res;
          res.resume();
          res.on("end", () => done(socket));
        }).on("error", fail);
      });
      const closed = new Promise<number>((done) => socket.once("close", () => done(Date.now())));
      const signalled = Date.now();
      proc.kill("SIGTERM");
      expect((await closed) - signalled).toBeLessThan(4000);
      expect(await server.exited).toBe(0);
    } finally {
      agent.destroy();
    }
  });

  it("reads the rest of an oversized post after its 413, so the client gets the answer", async () => {
    dir = tempDir();
    server = await serve(join(dir.path, "inbox.db"));
    const socket = connect(server.port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => {
      text += String(chunk);
    });
    const failed = new Promise<never>((_, fail) => {
      socket.on("error", fail);
      socket.on("close", () => fail(new Error(`closed after: ${text.slice(0, 300)}`)));
    });
    const until = (pattern: RegExp) =>
      Promise.race([
        failed,
        new Promise<void>((done) => {
          const check = () => (pattern.test(text) ? done() : setTimeout(check, 10));
          check();
        }),
      ]);
    try {
      // The refusal comes from the Content-Length, before the body: the rest is sent after it,
      // as a slow phone's upload would be. Closing on it would reset the connection and could
      // lose the answer; the server discards the rest, then serves the next request.
      const size = 200_000;
      socket.write(
        "POST /f/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          `Accept: application/json\r\nContent-Length: ${size}\r\n\r\n${"x".repeat(1000)}`,
      );
      await until(/^HTTP\/1\.1 413 [\s\S]*larger than 64 KB/);
      socket.write("x".repeat(size - 1000));
      socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      await until(/HTTP\/1\.1 413 [\s\S]*HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
    }
  });

  it("writes one JSON log line per request, without the client's address", async () => {
    dir = tempDir();
    server = await serve(join(dir.path, "inbox.db"));
    await fetch(`http://127.0.0.1:${server.port}/about?email=pat@example.com`);
    const deadline = Date.now() + 5000;
    while (!server.output().includes('"path":"/about"') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const line = server
      .output()
      .split("\n")
      .find((l) => l.includes('"path":"/about"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      level: 30,
      method: "GET",
      path: "/about",
      status: 200,
      msg: "request",
    });
    expect(line).not.toContain("127.0.0.1");
    expect(line).not.toContain("pat@example.com");
  });

  it("refuses bad settings with a clear message and no stack trace", () => {
    dir = tempDir();
    const result = spawnSync(projectNode, ["server/node/index.ts"], {
      cwd: root,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        SMTP_URL: "smtp://127.0.0.1:2525",
        DATABASE_PATH: join(dir.path, "x.db"),
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Invalid settings:\n  NOTIFY_FROM: is required with SMTP_URL when NOTIFY_TO is not set (the sender's address)",
    );
  });

  it("refuses to serve a site without its _headers file, in one line", () => {
    dir = tempDir();
    const site = fakeSite(dir.path);
    rmSync(join(site, "_headers"));
    const result = spawnSync(projectNode, ["server/node/index.ts"], {
      cwd: root,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        SITE_DIR: site,
        DATABASE_PATH: join(dir.path, "x.db"),
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `${join(site, "_headers")} is missing: build the site first (npm run build).`,
    );
  });
});
