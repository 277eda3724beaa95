// What `npm run deploy` does (the deploy command of Workers Builds and of the Deploy to
// Cloudflare button), and the settings the build and the Worker both read, asked for once
// (decision 029). The wrangler commands are passed in, so the tests run the order of the steps
// without an account.
import type { WorkerConfig } from "./wrangler.ts";

/**
 * The settings both halves read: the site's address (the build's links, the Worker's sign-in
 * link and webhooks) and the editor's repository (the build's editor configuration, the
 * Worker's proxy).
 */
export const sharedSettingNames = ["SITE_URL", "GITHUB_REPO"] as const;

/**
 * Each shared setting that has a value: the environment's (a build variable, a developer's
 * shell) over wrangler.jsonc's `vars` (where the Deploy button's form puts it).
 */
export function sharedSettings(
  env: NodeJS.ProcessEnv,
  vars: Record<string, string> = {},
): Record<string, string> {
  const pairs = sharedSettingNames.map((name) => [name, env[name]?.trim() || vars[name]?.trim()]);
  return Object.fromEntries(pairs.filter((pair): pair is [string, string] => Boolean(pair[1])));
}

/**
 * The environment `npm run build` gives Astro and the steps after it: the shared settings
 * filled in from wrangler.jsonc. A copy for this computer (`npm start`, the tests:
 * RINK_LOCAL_BUILD=1) keeps its own, so it never links to the public address.
 */
export function buildEnvironment(
  env: NodeJS.ProcessEnv,
  vars: Record<string, string> = {},
): NodeJS.ProcessEnv {
  if (env.RINK_LOCAL_BUILD === "1") return env;
  return { ...env, ...sharedSettings(env, vars) };
}

/** Runs one wrangler command; `capture` returns its standard output. Rejects when it fails. */
export type Wrangler = (args: string[], capture?: boolean) => Promise<string>;

/** `wrangler d1 list --json`'s names, read past anything printed around the JSON. */
function databaseNames(listed: string): string[] {
  const json = listed.slice(listed.indexOf("["), listed.lastIndexOf("]") + 1);
  return (JSON.parse(json) as { name: string }[]).map((db) => db.name);
}

/**
 * The inbox's database made when this account has none of its name yet (a first deploy from a
 * computer or a connected repository; the Deploy button makes it before the build), the
 * migrations in server/migrations applied to it, then the Worker deployed with the shared
 * settings. Migrations first: the new code never meets the old tables. A step that fails stops
 * the rest, so nothing is deployed on a database left behind.
 */
export async function deploy(
  wrangler: Wrangler,
  config: WorkerConfig,
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
): Promise<void> {
  const [database] = config.d1_databases ?? [];
  if (!database) throw new Error("wrangler.jsonc has no d1_databases binding to migrate.");
  const name = database.database_name;
  if (!database.database_id && name) {
    if (!databaseNames(await wrangler(["d1", "list", "--json"], true)).includes(name)) {
      say(`No D1 database named ${name} in this account yet: creating it.`);
      await wrangler(["d1", "create", name, "--update-config=false"]);
    }
  }
  await wrangler(["d1", "migrations", "apply", database.binding, "--remote"]);
  const settings = Object.entries(sharedSettings(env, config.vars));
  await wrangler(["deploy", ...settings.flatMap(([key, value]) => ["--var", `${key}:${value}`])]);
}
