// The stale-build check, derived from the build itself: each step of `npm run build` writes
// down every file it read (Vite's module graph and config files, the content folder, the
// Node steps' own modules and the files they copy), and the last step gathers them into
// <build>/inputs.json with the settings the build ran with. `npm start` and the audit rebuild
// when one of those files changed since, or a setting differs: nothing to keep by hand.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import { buildDirectory } from "./build-dir.ts";
import { projectRoot } from "./project.ts";

// The build being made (BUILD_DIR or build/): where its steps write their records.
const partsDir = resolve(projectRoot, buildDirectory, "inputs");
const manifestOf = (buildDir: string) => resolve(projectRoot, buildDir, "inputs.json");

interface Part {
  startedAt: number;
  files: string[];
}

interface Manifest {
  /** When the build started: a file changed after that may not be in it. */
  startedAt: number;
  settings: Record<string, string>;
  files: string[];
}

/** The environment a build reads: its address, where the forms post, which content. */
function buildSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const names = Object.keys(env).filter(
    (name) =>
      name.startsWith("VITE_") ||
      name === "SITE_URL" ||
      name === "CONTENT_DIR" ||
      name === "GITHUB_REPO" ||
      name === "GITHUB_BRANCH",
  );
  return Object.fromEntries(names.sort().map((name) => [name, env[name] ?? ""]));
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes down the files one step of the build read (files outside the project are left out). */
export function recordInputs(step: string, files: Iterable<string>, startedAt = Date.now()) {
  const inProject = [...new Set(files)].filter(
    (file) => isAbsolute(file) && file.startsWith(projectRoot) && existsSync(file),
  );
  mkdirSync(partsDir, { recursive: true });
  const part: Part = { startedAt, files: inProject.sort() };
  writeFileSync(join(partsDir, `${step}.json`), JSON.stringify(part));
}

/**
 * Vite's side: every module of the graph (our code and the packages), astro.config.ts and
 * the build's steps (tooling/), and the content folder the build read (CONTENT_DIR or
 * content/: the YAML files and the photos, which plugins read without importing them).
 */
export function recordBuildInputs(contentDir: string): Plugin {
  const startedAt = Date.now();
  const files = new Set<string>();
  return {
    name: "rink-build-inputs",
    apply: "build",
    configResolved(resolved) {
      for (const file of resolved.configFileDependencies) files.add(file);
      if (resolved.configFile) files.add(resolved.configFile);
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        if (!id.startsWith("\0")) files.add(id.split("?")[0] ?? id);
      }
    },
    closeBundle() {
      for (const file of filesUnder(contentDir)) files.add(file);
      // Astro loads its config and the build's own steps outside Vite's module graph.
      for (const file of filesUnder(join(projectRoot, "tooling"))) files.add(file);
      files.add(join(projectRoot, "astro.config.ts"));
      recordInputs(`vite-${this.environment.name}`, files, startedAt);
    },
  };
}

/** The last step of the build: gathers the steps' records into <build>/inputs.json. */
export function writeInputsManifest(): void {
  const parts: Part[] = readdirSync(partsDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(partsDir, name), "utf8")));
  const manifest: Manifest = {
    startedAt: Math.min(...parts.map((p) => p.startedAt)),
    settings: buildSettings(),
    files: [...new Set(parts.flatMap((p) => p.files))].sort(),
  };
  writeFileSync(manifestOf(buildDirectory), JSON.stringify(manifest, null, 1));
  rmSync(partsDir, { recursive: true, force: true });
}

export interface BuildTarget {
  /** The build's folder (relative to the project or absolute): build/ unless given. */
  buildDir?: string;
  /** The environment it is built with: the settings in it must match the build's. */
  env?: NodeJS.ProcessEnv;
}

/** Why a build no longer matches its sources and settings; null when it does. */
export function whyStale({ buildDir = "build", env = process.env }: BuildTarget = {}) {
  if (!existsSync(resolve(projectRoot, buildDir, "client/index.html"))) return "there is no build";
  const manifestPath = manifestOf(buildDir);
  if (!existsSync(manifestPath)) return "the build has no record of what it read";
  const manifest: Manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const settings = buildSettings(env);
  for (const name of new Set([...Object.keys(settings), ...Object.keys(manifest.settings)])) {
    if (settings[name] !== manifest.settings[name]) return `${name} differs from the build's`;
  }
  for (const file of manifest.files) {
    if (!existsSync(file)) return `${relative(projectRoot, file)} is gone`;
    if (statSync(file).mtimeMs > manifest.startedAt) {
      return `${relative(projectRoot, file)} changed`;
    }
  }
  return null;
}

/** Runs `npm run build` when the build is missing or stale; exits on failure. */
export function buildIfStale(say: (message: string) => void): void {
  const why = whyStale();
  if (!why) return;
  say(`Building the site (${why})…`);
  // A copy for this computer: the local address is right here (tooling/site-url.ts).
  const result = spawnSync("npm", ["run", "build"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, RINK_LOCAL_BUILD: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
