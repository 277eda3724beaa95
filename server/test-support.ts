// Helpers for the server's tests: a throwaway site folder and database, and a real SMTP
// server on 127.0.0.1 that keeps what it receives.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { SMTPServer } from "smtp-server";
import { projectNode, projectRoot as root } from "../scripts/local-tools.ts";
import { renderHeadersFile } from "./security-headers.ts";

/** A temp folder removed by the returned function. */
export function tempDir(prefix = "rink-server-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The inline scripts of the fake pages, and their CSP hashes as the build computes them. */
export const fakeInlineScripts = {
  "/": "window.__home = 1;",
  "/about/": "window.__about = 1;",
  "/404/": "window.__notFound = 1;",
} as const;

export function scriptHash(body: string): string {
  return `sha256-${createHash("sha256").update(body).digest("base64")}`;
}

/**
 * A stand-in for build/client: a home page (with .br and .gz copies), an about page, the 404
 * page, their copies for static hosts (about.html, 404.html), one asset, and the `_headers`
 * file written as the build writes it.
 */
export function fakeSite(root: string, options: { formsOrigin?: string } = {}): string {
  const page = (title: string, script: string) =>
    `<!doctype html><title>${title}</title><h1>${title} page</h1><script>${script}</script>`;
  const files: Record<string, string> = {
    "index.html": page("Home", fakeInlineScripts["/"]),
    "about/index.html": page("About", fakeInlineScripts["/about/"]),
    "404/index.html": page("Page not found", fakeInlineScripts["/404/"]).replace(
      "<h1>Page not found page</h1>",
      "<h1>Page not found</h1>",
    ),
    "assets/app-1a2b3c.js": "console.log('app')",
    _headers: renderHeadersFile({
      pages: Object.entries(fakeInlineScripts).map(([path, body]) => ({
        path,
        scriptHashes: [scriptHash(body)],
        styleHashes: [],
      })),
      formsOrigin: options.formsOrigin ?? null,
    }),
  };
  // The copies the build writes for static hosts (scripts/postbuild.ts).
  files["about.html"] = files["about/index.html"] ?? "";
  files["404.html"] = files["404/index.html"] ?? "";
  const site = join(root, "site");
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(site, name)), { recursive: true });
    writeFileSync(join(site, name), text);
  }
  const home = Buffer.from(files["index.html"] ?? "");
  writeFileSync(join(site, "index.html.br"), brotliCompressSync(home));
  writeFileSync(join(site, "index.html.gz"), gzipSync(home));
  return site;
}

// The project's own helpers (scripts/local-tools.ts): one of each for the whole project.
export { freePort, projectNode } from "../scripts/local-tools.ts";

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
  /** SIGKILL unless it already exited; for afterEach. */
  kill(): void;
}

/**
 * `node server/index.ts` as production runs it, on 127.0.0.1 and a port the OS picks; resolves
 * once it logs the address it listens on.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(projectNode, ["server/index.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((done) => proc.once("exit", (code) => done(code)));
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no start:\n${output}`)), 20_000);
    const read = (chunk: unknown) => {
      output += String(chunk);
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    };
    proc.stdout?.on("data", read);
    proc.stderr?.on("data", read);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    proc,
    port,
    exited,
    output: () => output,
    kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or fails after 5 s). */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: STARTTLS would offer a self-signed certificate.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done());
  });
  const address = server.server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    async waitFor(count) {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Only ${received.length} of ${count} mails`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
