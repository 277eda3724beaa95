// Debian's Chromium and how to launch it here: browser downloads are impossible on this
// machine, and without the background-networking flags Chromium calls home at every start.
import { spawnSync } from "node:child_process";

/** Debian's Chromium (CHROMIUM_PATH overrides): Lighthouse, the budgets, the benchmarks. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Debian's headless shell of the same Chromium (HEADLESS_SHELL_PATH overrides): the end-to-end
 * tests. The same Blink and V8 without the browser's own layer, as Playwright itself runs
 * headless tests; the suite takes half the time (decision 023). Lighthouse keeps the browser.
 */
export const headlessShellPath =
  process.env.HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";

/** Flags for Chromium on this machine: no sandbox as root, and no calls home. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** What `chromium --version` says, e.g. "Chromium 156.0.7465.52 built on Debian …". */
export const chromiumVersion = () =>
  spawnSync(chromiumPath, ["--version"], { encoding: "utf8" }).stdout.trim();
