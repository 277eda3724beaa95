// What the project's own tools share: the system Chromium and how to launch it here, a free
// loopback port, and "build the site unless the build is newer than its sources".
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

export const projectRoot = resolve(import.meta.dirname, "..");

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

const sources = [
  "app",
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
