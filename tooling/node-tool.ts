// A package's command line run by this process's Node with an environment of our own, for the
// npm scripts that need one: package.json's `VAR=1 command` form runs in a POSIX shell only,
// and npm runs scripts in cmd.exe on Windows.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "./project.ts";

/** `node_modules/<file>`: a package's own script, e.g. astro/bin/astro.mjs. */
export function toolPath(file: string): string {
  return join(projectRoot, "node_modules", file);
}

/** Runs Node with `args` in the project's folder, its output on ours; exits as it fails. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(process.execPath, args, { cwd: projectRoot, env, stdio: "inherit" });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}
