// Starting and stopping the processes the tests, the audit, the budgets and the benchmark
// need: one way to find a free port, wait for an answer and stop a process with everything it
// started. `startServer` is `node server/node/index.ts` as production runs it.
import { type ChildProcess, spawn } from "node:child_process";
import { type Agent, request } from "node:http";
import { createServer } from "node:net";
import type { Writable } from "node:stream";
import { projectNode, projectRoot } from "../../tooling/project.ts";

/**
 * A port the OS says is free on 127.0.0.1, and not one of RESERVED_PORTS: ports handed out
 * earlier (the global setup's) whose servers have not bound them yet.
 */
export async function freePort(): Promise<number> {
  const reserved = new Set((process.env.RESERVED_PORTS ?? "").split(",").filter(Boolean));
  for (;;) {
    const port = await new Promise<number>((done, fail) => {
      const probe = createServer();
      probe.once("error", fail);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        const port = typeof address === "object" && address ? address.port : 0;
        probe.close(() => done(port));
      });
    });
    if (!reserved.has(String(port))) return port;
  }
}

/**
 * Resolves once `url` answers 2xx; throws if `child` exits first or after 30 s, with the
 * message `failure` makes of the reason ("exited with code 1", "did not answer … within 30 s").
 */
export async function waitUntilUp(
  url: string,
  child: ChildProcess,
  failure: (reason: string) => string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(failure(`exited with ${child.exitCode ?? child.signalCode}`));
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(failure(`did not answer ${url} within 30 s`));
}

/**
 * Stops a child spawned with `detached: true` and everything it started (its process group,
 * e.g. npm's server or wrangler's workerd): `signal` to the group, SIGKILL after `graceMs`,
 * and SIGKILL to whatever of the group outlives the child itself. Resolves once it exited.
 */
export function stopProcessGroup(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
  graceMs = 5_000,
): Promise<void> {
  const group = (s: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, s);
    } catch {
      // The group is gone already.
    }
  };
  if (child.exitCode !== null || child.signalCode !== null) {
    group("SIGKILL");
    return Promise.resolve();
  }
  return new Promise((done) => {
    const force = setTimeout(() => group("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      group("SIGKILL");
      done();
    });
    group(signal);
  });
}

export interface ServerOptions {
  /** The built site to serve (a copy of build/client, or a fake one). */
  siteDir: string;
  databasePath: string;
  /** A port chosen in advance (when another process must know it first); else a free one. */
  port?: number;
  /** More settings (SMTP_URL, NOTIFY_TO, RATE_LIMIT_PER_MINUTE, SITE_ORIGINS, …). */
  env?: Record<string, string>;
  /** Where the server's own output goes as well (it is kept for error messages anyway). */
  log?: Writable;
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM (a graceful stop), SIGKILL after 5 s; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL at once, as a crash would; for afterEach and crash tests. */
  kill(): void;
}

/**
 * `node server/node/index.ts` with the project's Node, as production runs it, on 127.0.0.1 with
 * only the settings given (nothing leaks in from the caller's environment); resolves once
 * /healthz answers, so the database is open too.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(projectNode, ["server/node/index.ts"], {
    cwd: projectRoot,
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_DIR: options.siteDir,
      DATABASE_PATH: options.databasePath,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const keep = (chunk: Buffer) => {
    // The last 64 KB are enough to say why it failed.
    printed = (printed + chunk.toString()).slice(-65_536);
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", keep);
    if (options.log) stream?.pipe(options.log, { end: false });
  }
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    port,
    process: child,
    exited,
    output: () => printed,
    stop: () => stopProcessGroup(child),
    kill() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }
    },
  };
  try {
    await waitUntilUp(`${url}/healthz`, child, (why) => `The server ${why}:\n${printed}`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * POSTs one newsletter signup for `email` to the server on `port` through `agent` (a
 * keep-alive agent makes a burst of them cheap); resolves with the status, or 0 when the
 * connection died first (the server killed mid-burst).
 */
export function postSignup(port: number, agent: Agent, email: string): Promise<number> {
  const body = JSON.stringify({ email, phone: "Not provided", type: "newsletter_signup" });
  return new Promise((done) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/f/newsletter",
        agent,
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", () => done(0));
      },
    );
    req.on("error", () => done(0));
    req.end(body);
  });
}
