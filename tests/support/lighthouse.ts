// Lighthouse's browser: Debian's Chromium, headless, launched by chrome-launcher (Lighthouse
// drives it over its debugging port), for the audit and the page benchmark.
import * as chromeLauncher from "chrome-launcher";
import lighthousePackage from "lighthouse/package.json" with { type: "json" };
import { chromiumArgs, chromiumPath } from "./chromium.ts";

/** The Lighthouse these figures come from, e.g. "13.5.0". */
export const lighthouseVersion: string = lighthousePackage.version;

/** Debian's Chromium for Lighthouse; `kill()` it when done. */
export function launchChromeForLighthouse(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    // Caddy's certificate comes from its own local CA, which this browser does not know.
    chromeFlags: ["--headless=new", ...chromiumArgs, "--ignore-certificate-errors"],
    // chrome-launcher's own defaults (no extensions, no default-browser check, …) still apply.
    logLevel: "error",
  });
}

/** The median of a run's figures, the runs that gave none (NaN) left out. */
export const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
