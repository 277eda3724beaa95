// `npm run test:e2e`: the Playwright suite (tests/e2e) in Debian's Chromium. Checks for the
// browser first, since Playwright's own browser download cannot work here. Extra arguments
// go to `playwright test`, e.g. `npm run test:e2e -- navigation --headed`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!existsSync(chromium)) {
  console.error(`The end-to-end tests need Chromium, and there is none at ${chromium}.`);
  console.error("Install Debian's:   sudo apt-get install -y chromium");
  console.error("or point CHROMIUM_PATH at a Chromium or Chrome binary.");
  process.exit(1);
}

const result = spawnSync(
  join(root, "node_modules/.bin/playwright"),
  ["test", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(result.status ?? 1);
