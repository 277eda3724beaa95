// Running the project's wrangler offline, for `npm run start:edge`, `npm run inbox -- --edge`,
// the build's Worker bundle, the tests and the benchmark: one place that knows its flags.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { projectNode, projectRoot } from "./project.ts";

const wranglerBin = join(projectRoot, "node_modules/wrangler/bin/wrangler.js");
const compileCache = join(projectRoot, "node_modules/.cache/node-compile");

export interface WranglerPlace {
  /** Where wrangler.jsonc is (or a folder laid out like the repository); the project's by default. */
  cwd?: string;
  /** Local state (D1, the rate limits); wrangler's default is `<cwd>/.wrangler/state`. */
  persistTo?: string;
  /** A HOME of its own, so wrangler writes no settings or logs into the user's. */
  home?: string;
}

/**
 * What the tools read of wrangler.jsonc: the date workerd must support, the assets' settings,
 * the database the deploy migrates, the Worker's variables (the build takes two of them).
 */
export interface WorkerConfig {
  name: string;
  compatibility_date: string;
  minify?: boolean;
  assets: { directory: string; not_found_handling: string };
  observability?: { enabled?: boolean; logs?: { invocation_logs?: boolean } };
  ratelimits?: { name: string; simple: { limit: number; period: number } }[];
  d1_databases?: { binding: string; database_name?: string; database_id?: string }[];
  send_email?: { name: string; allowed_destination_addresses?: string[] }[];
  vars?: Record<string, string>;
}

/** The repository's wrangler.jsonc, its comments (whole lines, as it has them) left out. */
export function workerConfig(): WorkerConfig {
  const text = readFileSync(join(projectRoot, "wrangler.jsonc"), "utf8");
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ""));
}

/** No telemetry, no request to Cloudflare for the request's `cf` object, no prompts. */
export function wranglerEnv(home?: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${join(projectRoot, "node_modules/.bin")}${delimiter}${process.env.PATH ?? ""}`,
    ...(home ? { HOME: home, XDG_CONFIG_HOME: join(home, ".config") } : {}),
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_HIDE_BANNER: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    CI: "true",
    // Node keeps its compiled code of wrangler's 15 MB CLI and miniflare here, so a later start
    // (the tests start wrangler a few dozen times) compiles none of it again: `wrangler dev`
    // up in 2.5-3 s, not 3-4.5 s, on an idle 2-core machine.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || compileCache,
  };
}

const persistArgs = (place: WranglerPlace) =>
  place.persistTo ? ["--persist-to", place.persistTo] : [];

/** Runs one wrangler command to its end; rejects with its output when it fails. */
export async function runWrangler(args: string[], place: WranglerPlace = {}): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(projectNode, [wranglerBin, ...args], {
      cwd: place.cwd ?? projectRoot,
      env: wranglerEnv(place.home),
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${stderr}${stdout}`);
  }
}

/**
 * One wrangler command with its output on ours (`npm run deploy`: Workers Builds' log shows
 * it), run by this process's Node, so it works where node_modules/.bin holds only shims
 * (Windows). `capture` keeps the standard output to return instead (a `--json` answer).
 */
export function wranglerShown(args: string[], capture = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wranglerBin, ...args], {
      cwd: projectRoot,
      env: wranglerEnv(),
      stdio: ["inherit", capture ? "pipe" : "inherit", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`wrangler ${args.slice(0, 3).join(" ")} failed (exit ${code}).`));
    });
  });
}

/** The inbox's tables in the local D1 (`--remote`: the deployed one), from server/migrations. */
export function applyMigrations(place: WranglerPlace = {}, remote = false): Promise<string> {
  const where = remote ? ["--remote"] : ["--local", ...persistArgs(place)];
  return runWrangler(["d1", "migrations", "apply", "DB", ...where], place);
}

/** A parameter as an SQL literal: `wrangler d1 execute` takes no bound parameters. */
function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a number for SQL: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** One SQL statement with `?` parameters on the inbox's D1, local or `remote`; its rows. */
export async function queryD1(
  sql: string,
  params: readonly (string | number | null)[],
  place: WranglerPlace = {},
  remote = false,
): Promise<Record<string, unknown>[]> {
  const values = [...params];
  const command = sql.replace(/\?/g, () => {
    const value = values.shift();
    if (value === undefined) throw new Error(`Too few parameters for: ${sql}`);
    return literal(value);
  });
  const where = remote ? ["--remote"] : ["--local", ...persistArgs(place)];
  const out = await runWrangler(
    ["d1", "execute", "DB", ...where, "--json", "--command", command],
    place,
  );
  const [result] = JSON.parse(out) as { results: Record<string, unknown>[] }[];
  return result?.results ?? [];
}

export interface EdgeDevOptions extends WranglerPlace {
  port: number;
  host?: string;
  /** wrangler's output on ours (`npm run start:edge`) rather than piped to the caller. */
  inherit?: boolean;
  /** Worker variables over wrangler.jsonc's (`--var NAME:value`). */
  vars?: Record<string, string>;
}

/**
 * `wrangler dev`: the Worker and the static assets as Cloudflare runs them, in the workerd
 * the wrangler package ships. In its own process group (stopProcessGroup stops workerd too);
 * `--test-scheduled` lets a request to /cdn-cgi/local/scheduled run the Cron Trigger.
 */
export function spawnEdgeDev(options: EdgeDevOptions): ChildProcess {
  const vars = Object.entries(options.vars ?? {}).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  return spawn(
    projectNode,
    [
      wranglerBin,
      "dev",
      "--ip",
      options.host ?? "127.0.0.1",
      "--port",
      String(options.port),
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--log-level",
      "info",
      ...persistArgs(options),
      ...vars,
    ],
    {
      cwd: options.cwd ?? projectRoot,
      detached: true,
      stdio: options.inherit ? "inherit" : ["ignore", "pipe", "pipe"],
      env: wranglerEnv(options.home),
    },
  );
}

export interface WorkerBundle {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * The Worker as `wrangler deploy` would upload it, into `outdir`. Throws when the bundle
 * imports a module: without the nodejs_compat flag workerd provides none, so an import left
 * in the bundle (node:fs, node:net, …) is a Worker that would fail on Cloudflare.
 */
export async function bundleWorker(
  outdir: string,
  assetsDir: string,
  place: WranglerPlace = {},
): Promise<WorkerBundle> {
  await runWrangler(["deploy", "--dry-run", "--outdir", outdir, "--assets", assetsDir], place);
  const file = join(outdir, "worker.js");
  const code = readFileSync(file);
  // Static imports anywhere on a line (minified code has no line starts) and dynamic ones.
  const imports = [
    ...String(code).matchAll(
      /\bimport\s*(?:[\w$*{][^;"']*?\bfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2]);
  if (imports.length > 0) {
    throw new Error(
      `The Worker's bundle imports ${imports.join(", ")}: Workers have no such module. Keep Node-only code out of server/edge/ and the shared inbox modules.`,
    );
  }
  return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}
