// What the project's own tools share: the project's Node, the system Chromium and how to
// launch it here, a free loopback port, starting and stopping a server process, Caddy in
// front of it as deployed, and "build the site unless the build is newer than its sources".
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

export const projectRoot = resolve(import.meta.dirname, "..");

/** The project's Node 24 (`npm run` puts node_modules/.bin first; callers may run another). */
export const projectNode = existsSync(join(projectRoot, "node_modules/.bin/node"))
  ? join(projectRoot, "node_modules/.bin/node")
  : process.execPath;

/** Debian's Chromium (CHROMIUM_PATH overrides): browser downloads are impossible here. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Flags for Chromium on this machine: no sandbox as root, and no calls home. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A port the OS says is free on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
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
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(failure(`did not answer ${url} within 30 s`));
}

/** Sends `signal`, then SIGKILL after `graceMs`; resolves once the process has exited. */
export function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
  graceMs = 5_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    child.kill(signal);
  });
}

/**
 * stopProcess for a child spawned with `detached: true` and everything it started (its
 * process group, e.g. wrangler's workerd): `signal` to the group, SIGKILL after `graceMs`,
 * and SIGKILL to whatever of the group outlives the child itself.
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

/** Debian's Caddy (CADDY_PATH overrides), as deploy/Caddyfile expects. */
export const caddyPath = process.env.CADDY_PATH || "caddy";

export interface RunningCaddy {
  /** The deployed site: HTTPS (HTTP/2) with a certificate from Caddy's own local CA. */
  httpsOrigin: string;
  /** The same site over plain HTTP, beside it. */
  httpOrigin: string;
  /** Caddy's local CA certificate, to trust in a client (never installed in the system). */
  ca: () => Promise<Buffer>;
  stop: () => Promise<void>;
}

/**
 * The one-server deployment on 127.0.0.1: Debian's Caddy with the repository's
 * deploy/Caddyfile, imported as it is, in front of a server on `appPort`. The added global
 * options only say where Caddy may listen and write (`dir`) and give the sites certificates
 * from Caddy's local CA (`local_certs`, what `tls internal` does). Resolves once Caddy serves
 * the server's /healthz.
 */
export async function startCaddy(appPort: number, dir: string): Promise<RunningCaddy> {
  const version = spawnSync(caddyPath, ["version"], { encoding: "utf8" });
  if (version.status !== 0) {
    throw new Error(
      `This needs Debian's caddy, and \`${caddyPath} version\` did not run. ` +
        "Install it: sudo apt-get install -y caddy (or point CADDY_PATH at a caddy binary).",
    );
  }
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const httpsOrigin = `https://127.0.0.1:${httpsPort}`;
  const httpOrigin = `http://127.0.0.1:${httpPort}`;
  const config = join(dir, "Caddyfile");
  writeFileSync(
    config,
    `{
	admin off
	skip_install_trust
	local_certs
	auto_https disable_redirects
	default_bind 127.0.0.1
	storage file_system ${join(dir, "caddy")}
	http_port ${httpPort}
	https_port ${httpsPort}
}
import ${join(projectRoot, "deploy/Caddyfile")}
${httpOrigin} {
	import rink-site
}
`,
  );
  const child = spawn(caddyPath, ["run", "--config", config, "--adapter", "caddyfile"], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      XDG_DATA_HOME: join(dir, "data"),
      XDG_CONFIG_HOME: join(dir, "config"),
      SITE_ADDRESS: httpsOrigin,
      RINK_PORT: String(appPort),
    },
  });
  let printed = "";
  const collect = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  try {
    await waitUntilUp(`${httpOrigin}/healthz`, child, (why) => `Caddy ${why}:\n${printed}`);
  } catch (error) {
    await stopProcessGroup(child);
    throw error;
  }
  const root = join(dir, "caddy/pki/authorities/local/root.crt");
  return {
    httpsOrigin,
    httpOrigin,
    async ca() {
      const deadline = Date.now() + 10_000;
      while (!existsSync(root) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      return readFileSync(root);
    },
    stop: () => stopProcessGroup(child),
  };
}

const sources = [
  "admin",
  "app",
  "content",
  "forms",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "scripts/postbuild.ts",
  "server/security-headers.ts",
  "package.json",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Runs `npm run build` when build/client is missing or older than any source; exits on failure. */
export function buildIfStale(say: (message: string) => void): void {
  const built = join(projectRoot, "build/client/index.html");
  const fresh =
    existsSync(built) &&
    existsSync(join(projectRoot, "build/client/404/index.html")) &&
    Math.max(...sources.map((s) => newestMtime(join(projectRoot, s)))) <= statSync(built).mtimeMs;
  if (fresh) return;
  say("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
