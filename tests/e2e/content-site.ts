// A build of the site from another copy of the content files, served by the real server:
// for specs that need content of their own (dates relative to today, the editor's saves).
// The build runs inside the project (the prerenderer resolves node_modules from there) and
// is moved to a temp dir; everything is removed by stop().
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  freePort,
  projectNode,
  projectRoot as root,
  stopProcess,
  waitUntilUp,
} from "../../scripts/local-tools.ts";

export interface ContentSite {
  url: string;
  stop: () => Promise<void>;
}

/** `npm run build` with `env` added; throws with the build's output when it fails. */
export function runBuild(env: Record<string, string> = {}): void {
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    throw new Error(`the build failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
}

/**
 * `npm run build` with `env` added, copied to `siteDir`. Built inside the project (the
 * prerenderer resolves node_modules from the build's location), removed from there whatever
 * happens; throws with the build's output when it fails.
 */
export function buildSiteCopy(siteDir: string, env: Record<string, string>): void {
  const buildDir = join(root, ".tmp", `site-build-${process.pid}-${Date.now()}`);
  try {
    runBuild({ ...env, BUILD_DIR: buildDir });
    cpSync(join(buildDir, "client"), siteDir, { recursive: true });
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

/** Builds the site from `contentDir` and serves it on 127.0.0.1. */
export async function serveContent(contentDir: string): Promise<ContentSite> {
  const tmp = mkdtempSync(join(tmpdir(), "rink-content-site-"));
  try {
    buildSiteCopy(join(tmp, "site"), { CONTENT_DIR: contentDir });
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const server: ChildProcess = spawn(projectNode, ["server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_DIR: join(tmp, "site"),
      DATABASE_PATH: join(tmp, "inbox.db"),
      LOG_LEVEL: "silent",
      // No email from this copy (the specs' SMTP capture belongs to the main server).
      SMTP_URL: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const stop = async () => {
    await stopProcess(server);
    rmSync(tmp, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/`, server, (why) => `The content site's server ${why}:\n${errors}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
