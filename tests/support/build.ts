// The site as the tests see it: built from the fixture content (tests/fixtures/content, through
// CONTENT_DIR), never from the owner's content/, into .tmp/test-build so that build/ stays the
// owner's. The end-to-end specs, the budgets and the audit share this one build; it is made
// again only when a file it read or a setting changed (tooling/build-inputs.ts).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { whyStale } from "../../tooling/build-inputs.ts";
import { projectRoot } from "../../tooling/project.ts";
import { freePort } from "./server.ts";

/** The content every behaviour test reads: a copy of the samples that belongs to the tests. */
export const fixtureContentDir = join(projectRoot, "tests/fixtures/content");

const testBuildDir = ".tmp/test-build";

/** The pages of the test build, as a static host would serve them. */
export const testSiteDir = join(projectRoot, testBuildDir, "client");

/** `npm run build` with `env` added; throws with the build's output when it fails. */
export function runBuild(env: Record<string, string> = {}): void {
  const result = spawnSync("npm", ["run", "build"], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, CONTENT_DIR: fixtureContentDir, ...env },
  });
  if (result.status !== 0) {
    throw new Error(`the build failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
}

/**
 * Builds the test site unless the last one is still fresh; says which and how long it took.
 * Throws with the build's output when it fails.
 */
export function buildTestSite(say: (message: string) => void = console.log): void {
  const env = { ...process.env, CONTENT_DIR: fixtureContentDir };
  const why = whyStale({ buildDir: testBuildDir, env });
  if (!why) {
    say(`the test build in ${testBuildDir} is up to date`);
    return;
  }
  const started = Date.now();
  runBuild({ BUILD_DIR: testBuildDir });
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
  runBuild({ BUILD_DIR: crossBuildDir, ...endpoint });
  say(`built the cross-origin site (${why}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { siteDir, formsPort };
}

/**
 * A build with `env` added (other content, forms on another origin), copied to `siteDir`.
 * Built inside the project (the prerenderer resolves node_modules from the build's location),
 * removed from there whatever happens.
 */
export function buildSiteCopy(siteDir: string, env: Record<string, string>): void {
  const buildDir = join(projectRoot, ".tmp", `site-build-${process.pid}-${Date.now()}`);
  try {
    runBuild({ ...env, BUILD_DIR: buildDir });
    cpSync(join(buildDir, "client"), siteDir, { recursive: true });
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}
