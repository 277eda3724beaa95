// Debian's Chromium and how to launch it here: browser downloads are impossible on this
// machine, and without the background-networking flags Chromium calls home at every start.

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
