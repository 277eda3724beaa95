// Debian's Chromium and how to launch it here: browser downloads are impossible on this
// machine, and without the background-networking flags Chromium calls home at every start.
import { spawnSync } from "node:child_process";

/** Debian's Chromium (CHROMIUM_PATH overrides). */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

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
