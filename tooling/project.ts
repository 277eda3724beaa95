// Where the project is and which Node runs its tools: shared by the npm entry points
// (scripts/), the build steps and the test support (tests/support/).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const projectRoot = resolve(import.meta.dirname, "..");

/** The project's Node 24 (`npm run` puts node_modules/.bin first; callers may run another). */
export const projectNode = existsSync(join(projectRoot, "node_modules/.bin/node"))
  ? join(projectRoot, "node_modules/.bin/node")
  : process.execPath;
