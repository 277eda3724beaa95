// `npm run test:e2e`: the Playwright suite (tests/e2e) in Debian's Chromium headless shell.
// Checks for the browser first, since Playwright's own browser download cannot work here. Extra
// arguments go to `playwright test`, e.g. `npm run test:e2e -- navigation -g "at 390x844"`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { headlessShellPath } from "../tests/support/chromium.ts";

const root = resolve(import.meta.dirname, "..");

if (!existsSync(headlessShellPath)) {
  console.error(
    `The end-to-end tests need Chromium's headless shell, and there is none at ${headlessShellPath}.`,
  );
  console.error("Install Debian's:   sudo apt-get install -y chromium-headless-shell");
  console.error("or point HEADLESS_SHELL_PATH at a chrome-headless-shell binary.");
  process.exit(1);
}

const result = spawnSync(
  join(root, "node_modules/.bin/playwright"),
  ["test", ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(result.status ?? 1);
