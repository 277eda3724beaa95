// Debian's Caddy with the repository's deploy/Caddyfile, in front of a server, as the
// one-server deployment runs it: for the audit and the page benchmark (HTTP/2, as a phone gets
// the site) and the Caddy spec.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { projectRoot } from "../../tooling/project.ts";
import {
  freePort,
  type RunningServer,
  startServer,
  stopProcessGroup,
  waitUntilUp,
} from "./server.ts";

/** Debian's Caddy (CADDY_PATH overrides), as deploy/Caddyfile expects. */
/** Resolves once `url` answers 200 over HTTPS (any certificate); throws after 30 s. */
async function waitForHttps(url: string, failure: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const status = await new Promise<number>((done) => {
      const req = request(url, { rejectUnauthorized: false }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on("error", () => done(0));
      req.end();
    });
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${failure()}\ndid not answer ${url} within 30 s`);
}

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
    // The HTTPS site answers only once Caddy has issued its certificate, a moment later.
    await waitForHttps(`${httpsOrigin}/healthz`, () => `Caddy's HTTPS site:\n${printed}`);
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

export interface DeployedSite {
  /** Where a browser gets the site: Caddy's HTTPS origin, or the server's own with "server". */
  origin: string;
  server: RunningServer;
  /** Absent when served by the server alone. */
  caddy?: RunningCaddy;
  /** Stops Caddy, then the server; resolves once both have exited. */
  stop: () => Promise<void>;
}

/**
 * A built site served as deployed (decision 009), for the audit and the page benchmark:
 * `node server/node/index.ts` on `siteDir` (its database in `dir`, its log silent) and, in front of
 * it, Debian's Caddy with deploy/Caddyfile (HTTPS, HTTP/2), its files in `dir` too. `via:
 * "server"` leaves Caddy out: the server alone over HTTP/1.1, to compare.
 */
export async function serveAsDeployed(
  siteDir: string,
  dir: string,
  via: "caddy" | "server" = "caddy",
): Promise<DeployedSite> {
  const server = await startServer({
    siteDir,
    databasePath: join(dir, "inbox.db"),
    env: { LOG_LEVEL: "silent" },
  });
  const caddy =
    via === "caddy"
      ? await startCaddy(server.port, dir).catch(async (error) => {
          await server.stop();
          throw error;
        })
      : undefined;
  return {
    origin: caddy?.httpsOrigin ?? server.url,
    server,
    caddy,
    async stop() {
      await caddy?.stop();
      await server.stop();
    },
  };
}
