// `npm run bench:pages`: what each page a visitor browses to costs a phone, beside the targets
// of issue 24 (light pages: React renders every page at build and only what moves hydrates;
// decision 014). Before the migration React Router hydrated the whole document on every page
// (~110 KiB of script, and module preloads that held first paint). This prints, for every
// page, the figures the migration had to move, measured the way the spike measured home:
//
//   1. the test build (fixture content, tests/support/build.ts), made unless it is fresh,
//      copied twice to a temp dir: as built, and as the "floor", where each browsed page has
//      lost its JavaScript (external and module scripts, modulepreload links, Astro's island
//      loader; the `js` class boot script, the announcement's expiry and the JSON-LD stay) and its .br/.gz copies are made again. The floor is the first paint the
//      page would have with no script at all: issue 24 wants FCP within 0.1 s of it;
//   2. both served as deployed, as `npm run audit` does (decision 009): `node server/node/index.ts`
//      behind Debian's Caddy with deploy/Caddyfile, HTTPS and HTTP/2 on 127.0.0.1;
//   3. JavaScript on the wire (tests/support/js-on-the-wire.ts): a phone loads each page,
//      scrolls to the end without touching a form, then taps a field of each form; the script
//      bytes it received (brotli) and their gzip -9 size, before the first scroll, read to the
//      end, and once the forms were touched;
//   4. Lighthouse, mobile preset (simulated slow 4G, 4x CPU), performance only, `--runs` runs
//      of each page and of its floor, interleaved (page, floor, next page, …, then again) so a
//      change in the machine's load falls on both alike; medians of FCP, LCP, TBT, CLS and the
//      score, and the floor's FCP; and TBT at CPU time (each main-thread task at the CPU time it
//      used: what the page costs, without this machine's wait for a CPU; not a target);
//   5. prints one Markdown table, each figure marked against issues 24's and 43's targets:
//      JavaScript on the wire (sent) read to the end without touching a form ≤ 10 KiB on every
//      page, and once the forms are touched ≤ 71 KiB on the pages with a form island (those
//      with a shell of their own in app/site-pages.ts: / and /contact);
//      FCP ≤ 0.95 s, TBT ≤ 50 ms, CLS 0 (as Lighthouse shows it, three decimals), performance
//      100. With the load average before and after, and the versions measured with.
// A benchmark, not a check: it exits 0 whatever the figures (`npm run budgets` enforces the
// JavaScript, `npm run audit` the Lighthouse figures), 1 only when it could not measure. Not part of `npm test`. The
// figures move with the machine's load: run it on a quiet machine, compare within one run.
//
// Options: --runs=N (Lighthouse runs of each page and floor, default 3), --page=/about
// (repeatable; default every browsed page).
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { browsedPages } from "../app/site-pages.ts";
import { buildTestSite, testSiteDir } from "../tests/support/build.ts";
import { type DeployedSite, serveAsDeployed } from "../tests/support/caddy.ts";
import { chromiumArgs, chromiumPath, chromiumVersion } from "../tests/support/chromium.ts";
import { metricsAtCpuTime } from "../tests/support/cpu-time.ts";
import { makeFloor } from "../tests/support/floor.ts";
import { jsOnTheWire, type Wire } from "../tests/support/js-on-the-wire.ts";
import {
  launchChromeForLighthouse,
  lighthouseVersion,
  median,
} from "../tests/support/lighthouse.ts";

// --- issue 24's targets -------------------------------------------------------------------

/** JavaScript on the wire read to the end without touching a form, KiB sent: every page. */
const jsTarget = 10;
/**
 * Once a visitor has touched the forms, KiB sent: React and the islands on a page with a form
 * island (a shell of its own in app/site-pages.ts), nothing more than read on the others.
 */
const touchedTarget = (page: (typeof browsedPages)[number]) =>
  "shell" in page && page.shell ? 71 : jsTarget;
const targets = { fcpMs: 950, tbtMs: 50, cls: 0, performance: 100 };

// --- options, and what to stop if the run is interrupted ----------------------------------

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    page: { type: "string", multiple: true },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number ≥ 1");
const pages = values.page?.length
  ? browsedPages.filter((p) => values.page?.includes(p.path))
  : [...browsedPages];
if (pages.length === 0) {
  throw new Error(`--page: none of ${browsedPages.map((p) => p.path).join(", ")}`);
}
if (!existsSync(chromiumPath)) {
  throw new Error(`No Chromium at ${chromiumPath}: sudo apt-get install -y chromium`);
}

// The servers, Caddy and Lighthouse's Chromium run in process groups of their own, which
// Ctrl-C does not reach: on SIGINT or SIGTERM each gets its signal here, and the temp dir
// goes, before this exits.
const running = new Set<() => void>();
let tmp: string | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const stopNow of running) stopNow();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  });
}
/** Signals the site's Caddy and server at once (their stop() sends the signal as it starts). */
const stopSiteNow = (site: DeployedSite) => () => {
  void site.caddy?.stop();
  void site.server.stop();
};

const say = (message: string) => console.log(`[bench:pages] ${message}`);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

// --- Lighthouse ---------------------------------------------------------------------------

interface Run {
  fcp: number;
  lcp: number;
  tbt: number;
  /** TBT with each main-thread task at its CPU time (tests/support/cpu-time.ts). */
  tbtCpu: number;
  cls: number;
  performance: number;
  benchmarkIndex: number;
}

/** One Lighthouse run, mobile preset, performance only; a failed run is tried twice more. */
async function lighthouseRun(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance"],
      // As the audit (tests/support/audit/lighthouse-run.ts): no picture of the whole page
      // after the load measured.
      disableFullPageScreenshot: true,
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) {
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        fcp: value("first-contentful-paint"),
        lcp: value("largest-contentful-paint"),
        tbt: value("total-blocking-time"),
        tbtCpu: (await metricsAtCpuTime(result.artifacts)).tbt,
        cls: value("cumulative-layout-shift"),
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
    }
    const why = lhr?.runtimeError
      ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}`
      : "no result";
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${why}`);
    say(`Lighthouse run failed on ${url} (${why}), retrying`);
  }
}

// --- main ---------------------------------------------------------------------------------

const started = performance.now();
const loadBefore = load();
say(`load average ${loadBefore} (1, 5, 15 min)`);
await buildTestSite(say);

tmp = mkdtempSync(join(tmpdir(), "rink-bench-pages-"));
const dirs = { built: join(tmp, "built"), floor: join(tmp, "floor") };
const wires = new Map<string, Wire>();
const lighthouseRuns = new Map<string, { page: Run[]; floor: Run[] }>();
const sites: DeployedSite[] = [];
try {
  cpSync(testSiteDir, join(dirs.built, "site"), { recursive: true });
  cpSync(testSiteDir, join(dirs.floor, "site"), { recursive: true });
  makeFloor(
    join(dirs.floor, "site"),
    pages.map((p) => p.path),
  );
  const built = await serveAsDeployed(join(dirs.built, "site"), dirs.built);
  sites.push(built);
  running.add(stopSiteNow(built));
  const floor = await serveAsDeployed(join(dirs.floor, "site"), dirs.floor);
  sites.push(floor);
  running.add(stopSiteNow(floor));
  say(`Caddy ${built.origin} in front of the build, ${floor.origin} in front of the floor`);

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const { path } of pages) {
      const measured = await jsOnTheWire(browser, `${built.origin}${path}`);
      wires.set(path, measured);
      say(
        `${path.padEnd(9)} JS ${kib(measured.sent)} KiB sent, ${kib(measured.gzip)} KiB gzip -9, ${measured.scripts} scripts`,
      );
    }
  } finally {
    await browser.close();
  }

  const chrome = await launchChromeForLighthouse();
  const killChrome = () => void chrome.kill();
  running.add(killChrome);
  try {
    for (let run = 1; run <= runs; run++) {
      for (const { path } of pages) {
        const found = lighthouseRuns.get(path) ?? { page: [], floor: [] };
        lighthouseRuns.set(path, found);
        for (const [kind, site] of [
          ["page", built],
          ["floor", floor],
        ] as const) {
          const r = await lighthouseRun(`${site.origin}${path}`, chrome.port);
          found[kind].push(r);
          say(
            `run ${run}/${runs} ${path.padEnd(9)} ${kind.padEnd(5)} perf ${r.performance} FCP ${seconds(r.fcp)} LCP ${seconds(r.lcp)} TBT ${Math.round(r.tbt)} ms (CPU time ${Math.round(r.tbtCpu)}) CLS ${r.cls.toFixed(3)}`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
    running.delete(killChrome);
  }
} finally {
  for (const site of sites) await site.stop();
  running.clear();
  rmSync(tmp, { recursive: true, force: true });
}

// --- the table ----------------------------------------------------------------------------

const mark = (met: boolean) => (met ? "✓" : "✗");
const head = [
  "page",
  "JS sent read to the end, KiB (br)",
  "JS gzip -9, KiB",
  "JS sent before scrolling, KiB",
  "JS sent once the forms are touched, KiB",
  "scripts",
  "FCP (≤ 0.95 s)",
  "floor FCP",
  "FCP − floor",
  "LCP",
  "TBT (≤ 50 ms)",
  "TBT at CPU time",
  "CLS (0)",
  "perf (100)",
  "targets met",
];
const rows = pages.map((page) => {
  const { path } = page;
  const w = wires.get(path);
  const lh = lighthouseRuns.get(path) ?? { page: [], floor: [] };
  const m = (key: keyof Run) => median(lh.page.map((r) => r[key]));
  const fcp = m("fcp");
  const floorFcp = median(lh.floor.map((r) => r.fcp));
  const cls = Number(m("cls").toFixed(3));
  const met = {
    js: w !== undefined && w.sent <= jsTarget * 1024,
    touched: w !== undefined && w.sentTouched <= touchedTarget(page) * 1024,
    fcp: fcp <= targets.fcpMs,
    tbt: m("tbt") <= targets.tbtMs,
    cls: cls === targets.cls,
    performance: m("performance") >= targets.performance,
  };
  const distance = fcp - floorFcp;
  return [
    `\`${path}\``,
    w ? `${kib(w.sent)} ${mark(met.js)} (≤ ${jsTarget})` : "-",
    w ? kib(w.gzip) : "-",
    w ? kib(w.sentBeforeScroll) : "-",
    w ? `${kib(w.sentTouched)} ${mark(met.touched)} (≤ ${touchedTarget(page)})` : "-",
    w ? String(w.scripts) : "-",
    `${seconds(fcp)} ${mark(met.fcp)}`,
    seconds(floorFcp),
    `${distance >= 0 ? "+" : "−"}${seconds(Math.abs(distance))}`,
    seconds(m("lcp")),
    `${Math.round(m("tbt"))} ms ${mark(met.tbt)}`,
    `${Math.round(m("tbtCpu"))} ms`,
    `${cls.toFixed(3)} ${mark(met.cls)}`,
    `${Math.round(m("performance"))} ${mark(met.performance)} (${lh.page.map((r) => r.performance).join("/")})`,
    `${Object.values(met).filter(Boolean).length} of ${Object.keys(met).length}`,
  ];
});
const table = [
  `| ${head.join(" | ")} |`,
  `| ${head.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
  ...rows.map((r) => `| ${r.join(" | ")} |`),
].join("\n");

const allWires = [...wires.values()];
const encodings = new Map<string, number>();
for (const e of allWires.flatMap((w) => w.encodings)) encodings.set(e, (encodings.get(e) ?? 0) + 1);
const benchmarks = [...lighthouseRuns.values()].flatMap((l) =>
  [...l.page, ...l.floor].map((r) => r.benchmarkIndex),
);
console.log(`\n${table}\n`);
console.log(
  [
    "✓ issue 24's or 43's target met, ✗ not met. JS: every script response at 390x844 (3x) scrolled to the end without touching a form, bytes received (br) and gzip -9 of the bodies, and once a field of each form was tapped;",
    `Lighthouse mobile (simulated), performance only, median of ${runs} run(s) (perf: each run's score); the floor: the same page without its scripts, served alike.`,
    `Served as deployed: Caddy with deploy/Caddyfile in front of node server/node/index.ts, document over ${[...new Set(allWires.map((w) => w.protocol))].join(", ")}, scripts' Content-Encoding ${[...encodings].map(([e, n]) => `${e} ${n}`).join(", ")} (the build compresses no file under 1 KiB).`,
    `${chromiumVersion()}, Lighthouse ${lighthouseVersion}; Lighthouse's benchmark index ${Math.round(Math.min(...benchmarks))} to ${Math.round(Math.max(...benchmarks))} (median ${Math.round(median(benchmarks))}).`,
    `Load average (1, 5, 15 min) ${loadBefore} before, ${load()} after; took ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  ].join("\n"),
);
process.exit(0);
