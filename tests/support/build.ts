// The site as the tests see it: built from the fixture content (tests/fixtures/content, through
// CONTENT_DIR), never from the owner's content/, into .tmp/test-build so that build/ stays the
// owner's. The end-to-end specs, the budgets and the audit share this one build; it is made
// again only when a file it read or a setting changed (tooling/build-inputs.ts).
import { spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { whyStale } from "../../tooling/build-inputs.ts";
import { projectRoot } from "../../tooling/project.ts";
import { freePort, stopProcessGroup } from "./server.ts";

/** The content every behaviour test reads: a copy of the samples that belongs to the tests. */
export const fixtureContentDir = join(projectRoot, "tests/fixtures/content");

const testBuildDir = ".tmp/test-build";

/** The pages of the test build, as a static host would serve them. */
export const testSiteDir = join(projectRoot, testBuildDir, "client");

/** A build that has not finished after this long is stuck, not slow (it takes 5 to 60 s). */
const buildTimeoutMs = 180_000;

/**
 * `npm run build` with `env` added, in its own process group; rejects with the build's output
 * when it fails or has not finished within three minutes (then it is stopped). Asynchronous,
 * so a test that waits for it still runs its own timers meanwhile.
 */
export function runBuild(env: Record<string, string> = {}): Promise<void> {
  const child = spawn("npm", ["run", "build"], {
    cwd: projectRoot,
    detached: true,
    env: { ...process.env, CONTENT_DIR: fixtureContentDir, RINK_LOCAL_BUILD: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      void stopProcessGroup(child, "SIGTERM", 2_000);
      fail(new Error(`the build did not finish within ${buildTimeoutMs / 1000} s:\n${output}`));
    }, buildTimeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`the build failed (${code}):\n${output}`));
    });
  });
}

/**
 * Builds the test site unless the last one is still fresh; says which and how long it took.
 * Rejects with the build's output when it fails.
 */
export async function buildTestSite(say: (message: string) => void = console.log) {
  const env = { ...process.env, CONTENT_DIR: fixtureContentDir };
  const why = whyStale({ buildDir: testBuildDir, env });
  if (!why) {
    say(`the test build in ${testBuildDir} is up to date`);
    return;
  }
  const started = Date.now();
  await runBuild({ BUILD_DIR: testBuildDir });
  say(`built the test site (${why}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const crossBuildDir = ".tmp/test-build-cross";

/** Whether nothing listens on `port` on 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once("error", () => done(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => done(true)));
  });
}

/**
 * The test site built with its forms posting to another origin (as with the hosted service):
 * an inbox on 127.0.0.1 at `formsPort`, which the caller starts. The port is written into the
 * pages, so the last run's port is taken again when it is free, and the build is made again
 * only when it is stale.
 */
export async function buildCrossOriginSite(
  say: (message: string) => void = console.log,
): Promise<{ siteDir: string; formsPort: number }> {
  const manifest = join(projectRoot, crossBuildDir, "inputs.json");
  const last = existsSync(manifest)
    ? Number(
        /:(\d+)$/.exec(
          JSON.parse(readFileSync(manifest, "utf8")).settings?.VITE_FORMS_ENDPOINT,
        )?.[1],
      )
    : Number.NaN;
  const formsPort = Number.isInteger(last) && (await isFree(last)) ? last : await freePort();
  const endpoint = { VITE_FORMS_ENDPOINT: `http://127.0.0.1:${formsPort}` };
  const why = whyStale({
    buildDir: crossBuildDir,
    env: { ...process.env, CONTENT_DIR: fixtureContentDir, ...endpoint },
  });
  const siteDir = join(projectRoot, crossBuildDir, "client");
  if (!why) {
    say(`the cross-origin test build in ${crossBuildDir} is up to date`);
    return { siteDir, formsPort };
  }
  const started = Date.now();
  // Served as pages only (static-host.spec.ts, the cross-origin forms): no Worker bundle.
  await runBuild({ BUILD_DIR: crossBuildDir, RINK_PAGES_ONLY: "1", ...endpoint });
  say(`built the cross-origin site (${why}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { siteDir, formsPort };
}

/**
 * A build with `env` added (other content, forms on another origin), copied to `siteDir`:
 * its pages only (RINK_PAGES_ONLY, tooling/finish-build.ts), since it is served by the server.
 * Built inside the project (the prerenderer resolves node_modules from the build's location),
 * removed from there whatever happens.
 */
export async function buildSiteCopy(siteDir: string, env: Record<string, string>) {
  const buildDir = join(projectRoot, ".tmp", `site-build-${process.pid}-${Date.now()}`);
  try {
    await runBuild({ RINK_PAGES_ONLY: "1", ...env, BUILD_DIR: buildDir });
    cpSync(join(buildDir, "client"), siteDir, { recursive: true });
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}
