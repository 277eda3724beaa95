// `npm run audit`: Lighthouse on the built site, served by the real server (issue 4).
//
//   1. builds the test site (fixture content, tests/support/build.ts) unless it is fresh: in
//      `npm test` the end-to-end step has just made it;
//   2. copies it to a temp dir, so a rebuild in the work tree cannot change the
//      pages mid-audit, starts `node server/node/index.ts` on a free 127.0.0.1 port and, in
//      front of it, Debian's Caddy with deploy/Caddyfile: HTTPS and HTTP/2, as a phone gets
//      the site from the one small server (and from a static host: both speak HTTP/2). Lantern,
//      Lighthouse's simulation, models the server's own HTTP/1.1 as up to six cold connections,
//      each with its own handshake and slow start: ~0.5 s more FCP than the same bytes over
//      one HTTP/2 connection. `--via=server` audits the server directly, to compare;
//   3. runs Lighthouse (Debian's Chromium, headless) on every page and an unknown path, with
//      the mobile preset (simulated throttling) and the desktop preset, once each: a mobile
//      page that misses a target that moves with the machine's load (performance 100 at CPU
//      time, first paint 0.95 s, TBT at CPU time 50 ms) gets two more runs and is judged on
//      the median of three, then five, then seven, as long as the median misses (Lighthouse's own advice
//      for variance: the median of several runs; one slow run does not decide, a real
//      regression still fails: its median misses in every round). Each extra round also
//      measures the page's floor, the same page without its scripts (tests/support/floor.ts),
//      twice, each run right after one of the page's: where the floor's own median misses a
//      target, this machine cannot give any page that figure, and the page is judged by what
//      it adds to its floor instead, at CPU time, the median over those pairs (`loadMisses`);
//   4. writes reports/lighthouse.md (median scores and metrics), reports/lighthouse.json
//      (every run's figures) and reports/lighthouse/<preset>-<page>.json (the median run's
//      full Lighthouse result, readable in the Lighthouse viewer);
//   5. exits 1 when, on mobile, a page scores below 100 for accessibility, best practices or
//      SEO (SEO is exempt on the 404 page: a 404 status is right there), or, median, its
//      performance at CPU time is below 100 (the score with its timed metrics at CPU time:
//      Lighthouse's own, with each main-thread task at the CPU time it used,
//      tests/support/cpu-time.ts),
//      its first contentful paint past 0.95 s, its TBT at CPU
//      time past 50 ms or its CLS above 0 (issue 24), each limit moved by the page's floor
//      where the floor misses it (`loadMisses`); or when,
//      in any run, an insight in `insights` does not pass
//      (photos, issue 12: files sized and encoded well, the largest paint's image found early,
//      not lazy, fetched with high priority).
//
// Options: --runs=N (first runs per page, default 1), --only=mobile|desktop, --page=/about (repeatable),
// --via=caddy|server (default caddy).
// Nothing leaves the machine: the server and Chromium listen on 127.0.0.1 only.

import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { Audit } from "lighthouse/core/audits/audit.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { browsedPages } from "../app/site-pages.ts";
import { buildTestSite, testSiteDir } from "../tests/support/build.ts";
import { serveAsDeployed } from "../tests/support/caddy.ts";
import { chromiumPath, chromiumVersion } from "../tests/support/chromium.ts";
import { type AtCpuTime, metricsAtCpuTime } from "../tests/support/cpu-time.ts";
import { makeFloor } from "../tests/support/floor.ts";
import {
  launchChromeForLighthouse,
  lighthouseVersion,
  median,
} from "../tests/support/lighthouse.ts";
import { projectRoot as root } from "../tooling/project.ts";

// Every page a visitor browses to (app/site-pages.ts), and an unknown path for the 404 page;
// `file`: the page's HTML in the build, which its floor rewrites.
const pages: { label: string; path: string; file: string; notFound?: true }[] = [
  ...browsedPages.map(({ path }) => ({ label: path, path, file: path })),
  { label: "404", path: "/this-page-does-not-exist", file: "/404.html", notFound: true },
];

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof categories)[number];

const metrics = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
  bytes: "total-byte-weight",
} as const;
/**
 * "tbtCpu", "fcpCpu": Lighthouse's TBT and first contentful paint with each main-thread task
 * at its CPU time (cpu-time.ts); "perfCpu": the performance score (0-100) with first paint,
 * largest paint, Speed Index and TBT all at CPU time (`performanceAtCpuTime`).
 */
type Metric = keyof typeof metrics | "requests" | "tbtCpu" | "fcpCpu" | "perfCpu";

/** The metrics a summary takes the median of, in the report table's order. */
const summarized: Metric[] = [
  "fcp",
  "fcpCpu",
  "lcp",
  "tbt",
  "tbtCpu",
  "perfCpu",
  "cls",
  "si",
  "bytes",
  "requests",
];

/** Insights every run must pass (or find nothing to judge, e.g. no image on the page). */
const insights = ["image-delivery-insight", "lcp-discovery-insight"] as const;

/** Runs added at a time, up to `mostRuns`, for a mobile page whose median misses a target. */
const extraRuns = 2;
const mostRuns = 7;

/**
 * Issue 24 (light pages): on mobile every page paints first within 0.1 s of the same page
 * without its scripts (its floor, 0.82-0.87 s: `npm run bench:pages`), blocks the main thread
 * at most 50 ms in all, and nothing shifts. TBT is judged at CPU time: Lighthouse's own TBT
 * is mostly this machine's wait for a CPU (decision 014); the table shows both.
 */
const maximum = { fcpMs: 950, tbtCpuMs: 50, cls: 0 };
/** Issue 24: performance 100 on every page, scored with TBT at CPU time. */
const minimumPerfCpu = 100;
/** The targets that move with the machine: what `loadMisses` starts from. */
const targets = { perfCpu: minimumPerfCpu, fcp: maximum.fcpMs, tbtCpu: maximum.tbtCpuMs };

/**
 * On a machine too slow for a page with no script at all to meet those targets (seen: a
 * paravirtualised guest, docs/testing.md, where the floors painted at 0.93-1.19 s, blocked
 * 8-96 ms at CPU time and scored below 100), no code can meet them there, and the page is
 * judged by what it adds to its floor, measured in the same audit (`loadMisses`): first
 * paint at CPU time at most 0.1 s after the floor's (issue 24's own measure: 0.95 s is that
 * on a floor of 0.85 s), TBT at CPU time at most 50 ms over the floor once any floor misses a
 * target (`slowMachineOf`), a score at CPU time no lower than the floor's.
 */
const overFloor = { fcpMs: 100, tbtCpuMs: 50 };

/**
 * The mobile scores CI holds every page to, but performance: issue 24's performance 100 is
 * held at CPU time (`minimumPerfCpu`). Lighthouse's own score is printed with its range, not
 * judged: past the other metrics it is its TBT, mostly this 2-vCPU machine's wait for a CPU,
 * which decision 014 declines to gate (2026-11-26: the 404 page, whose script blocks 1 ms at
 * CPU time, scored 97 on the median of five beside a floor at 99).
 */
const minimum: Record<Exclude<Category, "performance">, number> = {
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

// --- the parts of a Lighthouse result this script reads --------------------------------

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  /** A metric's score curve: its 10th percentile and median (Lighthouse's log-normal). */
  scoringOptions?: { p10: number; median: number };
  details?: { items?: Record<string, unknown>[] };
}
interface Lhr {
  requestedUrl: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
  runWarnings: string[];
  categories: Record<
    Category,
    { score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<string, AuditResult>;
}

interface RunFigures {
  scores: Record<Category, number | null>;
  metrics: Record<Metric, number>;
  /** Audits in accessibility, best practices and SEO that did not pass, e.g. "color-contrast". */
  failing: string[];
  /** Lighthouse's measure of this machine's speed during the run (higher is faster). */
  benchmarkIndex: number;
  /** Insights in `insights` that did not pass, e.g. "lcp-discovery-insight (fetchpriority…)". */
  insightsFailing: string[];
  /**
   * Best practices lost points only because the browser logs the document's own 404 status
   * as a console error ("Failed to load resource… 404"): right for the 404 page, like SEO's
   * http-status-code there. Any other console error or failing audit still counts.
   */
  onlyOwn404Logged: boolean;
}

// --- figures ----------------------------------------------------------------------------

/**
 * Lighthouse's performance score, weighted as Lighthouse weighs it, with each timed metric
 * (first paint, largest paint, Speed Index, TBT) scored at CPU time on its own log-normal
 * curve instead of on the run's figure; CLS as Lighthouse scored it.
 */
function performanceAtCpuTime(lhr: Lhr, cpu: AtCpuTime): number {
  const atCpu: Record<string, number> = {
    [metrics.fcp]: cpu.fcp,
    [metrics.lcp]: cpu.lcp,
    [metrics.si]: cpu.si,
    [metrics.tbt]: cpu.tbt,
  };
  let total = 0;
  let weights = 0;
  for (const { id, weight } of lhr.categories.performance?.auditRefs ?? []) {
    if (weight === 0) continue;
    const audit = lhr.audits[id];
    const value = atCpu[id];
    const score =
      value !== undefined && audit?.scoringOptions
        ? Audit.computeLogNormalScore(audit.scoringOptions, value)
        : audit?.score;
    if (typeof score !== "number" || Number.isNaN(score)) return Number.NaN;
    total += score * weight;
    weights += weight;
  }
  return weights ? Math.round((total / weights) * 100) : Number.NaN;
}

function figures({ lhr, cpu }: Run): RunFigures {
  const scores = Object.fromEntries(
    categories.map((c) => [c, lhr.categories[c]?.score ?? null]),
  ) as Record<Category, number | null>;
  const numbers = Object.fromEntries(
    Object.entries(metrics).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as Record<Metric, number>;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  // Only what the page itself loaded: the data: URLs Lighthouse lists are not requests.
  numbers.requests = requests.filter((r) => !String(r.url).startsWith("data:")).length;
  numbers.tbtCpu = cpu.tbt;
  numbers.fcpCpu = cpu.fcp;
  numbers.perfCpu = performanceAtCpuTime(lhr, cpu);
  const failing = new Set<string>();
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode)) continue;
      // Performance is the metrics in the table; its other audits carry no weight.
      if (c === "performance") continue;
      if (audit.score < 1) failing.add(`${c}: ${audit.id} (${audit.title})`);
    }
  }
  const bestPracticeFailures = (lhr.categories["best-practices"]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative");
  const logged = (lhr.audits["errors-in-console"]?.details?.items ?? []) as {
    description?: string;
    sourceLocation?: { url?: string };
  }[];
  const onlyOwn404Logged =
    bestPracticeFailures.length === 1 &&
    bestPracticeFailures[0]?.id === "errors-in-console" &&
    logged.length > 0 &&
    logged.every(
      (item) =>
        item.sourceLocation?.url === lhr.finalDisplayedUrl &&
        /^Failed to load resource: the server responded with a status of 404\b/.test(
          item.description ?? "",
        ),
    );
  const insightsFailing = insights.flatMap((id) => {
    const audit = lhr.audits[id];
    if (!audit) return [`${id} (missing from this Lighthouse)`];
    if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) return [];
    if (audit.score === null || audit.score >= 1) return [];
    return [`${id} (${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ""})`];
  });
  return {
    scores,
    metrics: numbers,
    insightsFailing,
    failing: [...failing],
    onlyOwn404Logged,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

interface PageSummary {
  preset: Preset;
  page: string;
  url: string;
  runs: RunFigures[];
  median: { scores: Record<Category, number>; metrics: Record<Metric, number> };
  /** The lowest score of any run: accessibility, best practices and SEO must not vary. */
  lowest: Record<Category, number>;
  failing: string[];
  /**
   * The same page without its scripts, measured beside it (mobile, when it missed a target):
   * its medians, and what the page adds to it, the median of each page run less the floor run
   * measured right after it (`added`).
   */
  floor?: { runs: number; added: Added; fcpCpu: number } & Timing;
}

type Preset = "mobile" | "desktop";

/** A run's score on Lighthouse's 0–100 scale. */
const scoreOf = (run: RunFigures, c: Category) => Math.round((run.scores[c] ?? 0) * 100);

function summarize(
  preset: Preset,
  page: string,
  url: string,
  runs: RunFigures[],
  floorRuns: RunFigures[],
): PageSummary {
  // Each floor run follows one page run (`main`): the page's last runs, in order.
  const paired = runs.slice(runs.length - floorRuns.length);
  const added = (m: Metric) =>
    median(paired.map((r, i) => r.metrics[m] - (floorRuns[i] as RunFigures).metrics[m]));
  return {
    floor: floorRuns.length
      ? {
          runs: floorRuns.length,
          added: { perfCpu: added("perfCpu"), fcpCpu: added("fcpCpu"), tbtCpu: added("tbtCpu") },
          performance: Math.round(median(floorRuns.map((r) => scoreOf(r, "performance")))),
          perfCpu: Math.round(median(floorRuns.map((r) => r.metrics.perfCpu))),
          fcp: median(floorRuns.map((r) => r.metrics.fcp)),
          fcpCpu: median(floorRuns.map((r) => r.metrics.fcpCpu)),
          tbtCpu: median(floorRuns.map((r) => r.metrics.tbtCpu)),
        }
      : undefined,
    preset,
    page,
    url,
    runs,
    median: {
      scores: Object.fromEntries(
        categories.map((c) => [c, Math.round(median(runs.map((r) => scoreOf(r, c))))]),
      ) as Record<Category, number>,
      metrics: Object.fromEntries(
        summarized.map((m) => [m, median(runs.map((r) => r.metrics[m]))]),
      ) as Record<Metric, number>,
    },
    lowest: Object.fromEntries(
      categories.map((c) => [c, Math.round(Math.min(...runs.map((r) => scoreOf(r, c))))]),
    ) as Record<Category, number>,
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

type Timing = { performance: number; perfCpu: number; fcp: number; tbtCpu: number };
/** What a page adds to its floor: first paint and TBT at CPU time, and the score at it. */
type Added = { perfCpu: number; fcpCpu: number; tbtCpu: number };
const timingOf = ({ median }: PageSummary): Timing => ({
  performance: median.scores.performance,
  perfCpu: Math.round(median.metrics.perfCpu),
  fcp: median.metrics.fcp,
  tbtCpu: median.metrics.tbtCpu,
});

/** Whether a floor's medians miss a target: a page with no script cannot meet it here. */
const floorMisses = (floor: Timing) =>
  floor.fcp > targets.fcp || floor.tbtCpu > targets.tbtCpu || floor.perfCpu < targets.perfCpu;

/**
 * Whether any floor measured so far misses a target: the machine cannot give a page with no
 * script the targets (a paravirtualised guest, docs/testing.md), so what any page's script
 * costs is read against its own floor, TBT at CPU time included.
 */
const slowMachineOf = (summaries: PageSummary[]) =>
  summaries.some((s) => s.floor !== undefined && floorMisses(s.floor));

/**
 * The targets that move with the machine's load, which one run can miss (the score, first
 * paint, TBT at CPU time), missed by the page's medians and, where its floor was measured,
 * by what the page adds to its floor (`overFloor`): a page may miss a target its floor
 * misses, by no more than that. What it adds is the median over the runs measured in turn,
 * page then floor, so that a busy minute weighs on both sides of each difference: compared
 * as two medians of runs at different times, a page whose script runs after its first paint
 * was judged 0.11 s after its floor in one CI run (/events, 1.06 s against 0.95 s, seven
 * runs) and within it in the next. Both sides are read at CPU time: in wall time the first
 * layout and paint task of the same HTML took 18-80 ms as the machine's other work allowed,
 * and a fresh-clone run still judged /about 0.10 s after its floor over six pairs, where at
 * CPU time its five pairs read 12-35 ms (decision 014). TBT at CPU time is read against the
 * floor only on a slow machine (`slowMachineOf`): elsewhere 50 ms, as issue 24 says. Written with `!(… >= …)`: a
 * figure that could not be computed (NaN) misses too. `main` measures more runs while one is
 * missed.
 */
function loadMisses(summary: PageSummary, slowMachine: boolean): string[] {
  const page = timingOf(summary);
  const added = summary.floor?.added;
  const pairs = `median of ${summary.floor?.runs} runs in turn`;
  const fcpOver = added && !(added.fcpCpu <= overFloor.fcpMs);
  const tbtOver = added && slowMachine && !(added.tbtCpu <= overFloor.tbtCpuMs);
  return [
    !(page.perfCpu >= targets.perfCpu) &&
      !(added && added.perfCpu >= 0) &&
      `performance at CPU time ${fmt.perfCpu(page.perfCpu)} < ${targets.perfCpu}${added ? `, and ${fmt.perfCpu(-added.perfCpu)} under its floor's (${pairs})` : ""}`,
    !(page.fcp <= targets.fcp) &&
      (!added || fcpOver) &&
      `first contentful paint ${fmt.fcp(page.fcp)} > ${fmt.fcp(targets.fcp)}${added ? `, and at CPU time ${fmt.fcp(added.fcpCpu)} after its floor's > ${fmt.fcp(overFloor.fcpMs)} (${pairs})` : ""}`,
    !(page.tbtCpu <= targets.tbtCpu) &&
      (!added || !slowMachine || tbtOver) &&
      `TBT at CPU time ${fmt.tbtCpu(page.tbtCpu)} > ${fmt.tbtCpu(targets.tbtCpu)}${tbtOver ? `, and ${fmt.tbtCpu(added.tbtCpu)} over its floor's > ${overFloor.tbtCpuMs} ms (${pairs})` : ""}`,
  ].filter((miss) => typeof miss === "string");
}

/** True when the page misses a target its floor lets it miss: it is judged against the floor. */
function judgedAgainstFloor(summary: PageSummary): boolean {
  const page = timingOf(summary);
  return (
    summary.floor !== undefined &&
    (page.perfCpu < targets.perfCpu || page.fcp > targets.fcp || page.tbtCpu > targets.tbtCpu)
  );
}

/** Why a page fails the CI thresholds (the insights on both presets, the rest on mobile); [] when it passes. */
function problems(summary: PageSummary, notFound: boolean, slowMachine: boolean): string[] {
  const found = [...new Set(summary.runs.flatMap((r) => r.insightsFailing))].map(
    (i) => `insight not passed: ${i}`,
  );
  if (summary.preset !== "mobile") return found;
  found.push(...loadMisses(summary, slowMachine));
  if (summary.median.metrics.cls > maximum.cls) {
    found.push(`cumulative layout shift ${fmt.cls(summary.median.metrics.cls)} > 0`);
  }
  for (const c of ["accessibility", "best-practices", "seo"] as const) {
    if (c === "seo" && notFound) continue;
    const exempt =
      c === "best-practices" &&
      notFound &&
      summary.runs.every((r) => r.scores[c] === 1 || r.onlyOwn404Logged);
    if (exempt) continue;
    if (summary.lowest[c] < minimum[c]) found.push(`${c} ${summary.lowest[c]} < ${minimum[c]}`);
  }
  return found;
}

// --- the report -------------------------------------------------------------------------

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const paint = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmt: Record<Metric, (v: number) => string> = {
  fcp: paint,
  fcpCpu: paint,
  lcp: seconds,
  si: seconds,
  tbt: (v) => `${Math.round(v)} ms`,
  tbtCpu: (v) => `${Math.round(v)} ms`,
  perfCpu: (v) => String(Math.round(v)),
  cls: (v) => v.toFixed(3),
  bytes: (v) => `${(v / 1024).toFixed(1)} KB`,
  requests: (v) => String(Math.round(v)),
};

const range = (values: number[]) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? String(low) : `${low}–${high}`;
};

function markdownTable(summaries: PageSummary[]): string {
  const head = [
    "preset",
    "page",
    "Perf",
    "A11y",
    "Best pr.",
    "SEO",
    "FCP",
    "FCP at CPU time",
    "LCP",
    "TBT",
    "TBT at CPU time",
    "Perf at CPU time",
    "CLS",
    "Speed Index",
    "Transferred",
    "Requests",
    "Runs",
    "Perf range",
    "TBT range",
    "Floor: perf, FCP (at CPU time), TBT at CPU time",
  ];
  const rows = summaries.map((s) => [
    s.preset,
    `\`${s.page}\``,
    ...categories.map((c) => String(s.median.scores[c])),
    ...summarized.map((m) => fmt[m](s.median.metrics[m])),
    String(s.runs.length),
    range(s.runs.map((r) => scoreOf(r, "performance"))),
    `${range(s.runs.map((r) => Math.round(r.metrics.tbt)))} ms`,
    s.floor
      ? `${s.floor.performance} (${s.floor.perfCpu} at CPU time), ${fmt.fcp(s.floor.fcp)} (${fmt.fcp(s.floor.fcpCpu)}), ${fmt.tbtCpu(s.floor.tbtCpu)} (${s.floor.runs} run(s); at CPU time the page adds ${fmt.fcp(s.floor.added.fcpCpu)} of first paint, ${fmt.tbtCpu(s.floor.added.tbtCpu)} of TBT${judgedAgainstFloor(s) ? "; judged against it" : ""})`
      : "not measured",
  ]);
  return [
    `| ${head.join(" | ")} |`,
    `| ${head.map((_, i) => (i < 2 ? "---" : "---:")).join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

// --- main -------------------------------------------------------------------------------

/** A page being audited with one preset, and its runs so far, and its floor's. */
interface Audited {
  page: (typeof pages)[number];
  url: string;
  results: Run[];
  floorResults: Run[];
}

/** One Lighthouse run: its result, and its timed metrics with each task at its CPU time. */
interface Run {
  lhr: Lhr;
  cpu: AtCpuTime;
}

async function audit(url: string, port: number, preset: Preset, notFound: boolean): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: "error",
      output: "json",
      onlyCategories: [...categories],
      // The picture of the whole page after load is only for the report viewer's element
      // thumbnails; scores and metrics come from the load before it. A fifth of a run's time.
      disableFullPageScreenshot: true,
      // The 404 page is served, on purpose, with a 404 status.
      ignoreStatusCode: notFound,
    },
    preset === "desktop" ? desktopConfig : undefined,
  );
  const lhr = result?.lhr as unknown as Lhr | undefined;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) {
    const none = Number.NaN;
    return { lhr, cpu: { tbt: none, fcp: none, lcp: none, si: none } };
  }
  return { lhr, cpu: await metricsAtCpuTime(result?.artifacts) };
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "1" },
      only: { type: "string" },
      page: { type: "string", multiple: true },
      via: { type: "string", default: "caddy" },
    },
  });
  const via = values.via;
  if (via !== "caddy" && via !== "server") throw new Error("--via must be caddy or server");
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number ≥ 1");
  const presets: Preset[] = values.only ? [values.only as Preset] : ["mobile", "desktop"];
  const chosen = values.page?.length
    ? pages.filter((p) => values.page?.includes(p.label) || values.page?.includes(p.path))
    : [...pages];
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: sudo apt-get install -y chromium`);
  }

  const started = performance.now();
  const loadStart = loadavg()[0]?.toFixed(1);
  await buildTestSite((m) => console.log(`[audit] ${m}`));

  const tmp = mkdtempSync(join(tmpdir(), "rink-audit-"));
  const siteDir = join(tmp, "site");
  cpSync(testSiteDir, siteDir, { recursive: true });
  const site = await serveAsDeployed(siteDir, tmp, via);
  const { caddy, origin } = site;
  // The floors, served alike, made the first time a page misses a target.
  let floorSite: Awaited<ReturnType<typeof serveAsDeployed>> | undefined;
  const floorOrigin = async () => {
    if (!floorSite) {
      const floorDir = join(tmp, "floor");
      cpSync(testSiteDir, join(floorDir, "site"), { recursive: true });
      makeFloor(
        join(floorDir, "site"),
        pages.map((p) => p.file),
      );
      floorSite = await serveAsDeployed(join(floorDir, "site"), floorDir, via);
      console.log(`[audit] the floors (every page without its scripts) at ${floorSite.origin}`);
    }
    return floorSite.origin;
  };
  const chrome = await launchChromeForLighthouse();
  console.log(
    `[audit] ${caddy ? `Caddy ${origin} in front of the server` : `server ${origin}`}, Chromium on port ${chrome.port}, ${runs} run(s) each`,
  );

  const outDir = join(root, "reports/lighthouse");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const summaries: PageSummary[] = [];
  const failures: string[] = [];
  try {
    for (const preset of presets) {
      const audited: Audited[] = chosen.map((page) => ({
        page,
        url: `${origin}${page.path}`,
        results: [],
        floorResults: [],
      }));
      const summaryOf = ({ page, results, floorResults }: Audited) =>
        summarize(preset, page.label, page.path, results.map(figures), floorResults.map(figures));
      const measure = async (page: Audited["page"], url: string, results: Run[]) => {
        // A run can fail when the machine is very busy (no paint within Lighthouse's time
        // limits): try it again, twice, before giving up on the page.
        for (let attempt = 1; ; attempt++) {
          const run = await audit(url, chrome.port, preset, "notFound" in page);
          const { lhr } = run;
          if (!lhr.runtimeError) {
            results.push(run);
            return;
          }
          const why = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
          if (attempt === 3) throw new Error(`Lighthouse failed on ${url} (${preset}): ${why}`);
          console.warn(`[audit] ${preset} ${page.label}: run failed (${why}), retrying`);
        }
      };
      const report = (entry: Audited) => {
        const { median: m, floor } = summaryOf(entry);
        const floorFigures = floor
          ? `  floor: perf ${floor.performance} (${floor.perfCpu} at CPU time) FCP ${fmt.fcp(floor.fcp)} (${fmt.fcp(floor.fcpCpu)} at CPU time) TBT at CPU time ${fmt.tbtCpu(floor.tbtCpu)}, at CPU time the page adds ${fmt.fcp(floor.added.fcpCpu)} and ${fmt.tbtCpu(floor.added.tbtCpu)}`
          : "";
        console.log(
          `[audit] ${preset.padEnd(7)} ${entry.page.label.padEnd(9)} perf ${m.scores.performance} (${fmt.perfCpu(m.metrics.perfCpu)} at CPU time) a11y ${m.scores.accessibility} bp ${m.scores["best-practices"]} seo ${m.scores.seo}  FCP ${fmt.fcp(m.metrics.fcp)}  TBT ${fmt.tbt(m.metrics.tbt)} (CPU time ${fmt.tbtCpu(m.metrics.tbtCpu)})${floorFigures}  (${entry.results.length} run(s), ${seconds(performance.now() - started)})`,
        );
      };
      for (const entry of audited) {
        for (let i = 0; i < runs; i++) await measure(entry.page, entry.url, entry.results);
        report(entry);
      }
      // First paint and the performance score (through TBT) move with the machine's load:
      // on this 2-vCPU machine the navigation's commit, 8 ms of CPU, can take 40 ms of wall
      // time while Chromium's browser process and Lighthouse hold the other CPU (decision
      // 014), and the floor's first paint moves 0.81-0.94 s. A page whose median meets the
      // targets is done; one that misses gets two more runs and the median of three, then
      // five, then seven, while the median misses, and its floor as many runs, page and
      // floor in turn (on a slow machine the floor decides what can be asked: `overFloor`).
      // The extra runs go round the missing pages in turn, so a few busy seconds fall on
      // several pages' runs, not on all of one page's. A real regression misses in every
      // round.
      while (preset === "mobile") {
        const again: Audited[] = [];
        // Once a round: whether any floor so far misses a target.
        const slow = slowMachineOf(audited.map(summaryOf));
        for (const entry of audited) {
          const misses = loadMisses(summaryOf(entry), slow);
          if (misses.length === 0 || entry.results.length + extraRuns > mostRuns) continue;
          console.warn(
            `[audit] mobile ${entry.page.label}: ${misses.join(", ")} (median of ${entry.results.length}), measuring ${extraRuns} more, and its floor`,
          );
          again.push(entry);
        }
        if (again.length === 0) break;
        const floor = await floorOrigin();
        for (let i = 0; i < extraRuns; i++) {
          for (const entry of again) {
            await measure(entry.page, entry.url, entry.results);
            await measure(entry.page, `${floor}${entry.page.path}`, entry.floorResults);
          }
        }
        for (const entry of again) report(entry);
      }
      const slowMachine = slowMachineOf(audited.map(summaryOf));
      for (const entry of audited) {
        const summary = summaryOf(entry);
        summaries.push(summary);
        const name = entry.page.label === "/" ? "home" : entry.page.label.replace(/^\//, "");
        const lhrs = entry.results.map((r) => r.lhr);
        const representative = lhrs.length > 1 ? computeMedianRun(lhrs as never) : lhrs[0];
        await writeFile(join(outDir, `${preset}-${name}.json`), JSON.stringify(representative));
        const found = problems(summary, "notFound" in entry.page, slowMachine);
        for (const p of found) failures.push(`${preset} ${entry.page.label}: ${p}`);
      }
    }
  } finally {
    await chrome.kill();
    await site.stop();
    await floorSite?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }

  const duration = (performance.now() - started) / 1000;
  const benchmarks = summaries.flatMap((s) => s.runs.map((r) => r.benchmarkIndex));
  const chromeVersion = chromiumVersion();
  const failingAudits = summaries.flatMap((s) =>
    s.failing.map((f) => `- ${s.preset} \`${s.page}\`: ${f}`),
  );
  const markdown = [
    "# Lighthouse",
    "",
    `Written by \`npm run audit\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion}, ${chromeVersion}, the built site served by \`node server/node/index.ts\` on 127.0.0.1${
      caddy
        ? ", behind Caddy with deploy/Caddyfile (HTTPS, HTTP/2), as deployed"
        : " directly (HTTP/1.1; `--via=server`)"
    }.`,
    `${runs} run(s) per page and preset; a mobile page whose median misses performance ${minimumPerfCpu} at CPU time, first paint 0.95 s or TBT at CPU time 50 ms gets two more runs, up to ${mostRuns}, and is judged on their median (the table's runs column says), and its floor (the same page without its scripts) as many runs from then on, each right after one of the page's; mobile uses simulated throttling (slow 4G, 4x CPU).`,
    "`404` is an unknown path, served with status 404: its SEO score is expected below 100",
    "(http-status-code, is-crawlable: noindex), and best practices loses points only because",
    "the browser logs the page's own 404 status as a console error; the audit checks that no",
    "other error was logged.",
    `The audit took ${duration.toFixed(0)} s on ${cpus().length} cores; Lighthouse's benchmark index`,
    `(machine speed, higher is faster) had a median of ${Math.round(median(benchmarks))}`,
    `(${Math.round(Math.min(...benchmarks))} to ${Math.round(Math.max(...benchmarks))}); load average ${loadStart} at the start, ${loadavg()[0]?.toFixed(1)} at the end.`,
    "A busy machine lowers the performance score (TBT, FCP): compare runs at similar indexes.",
    "TBT at CPU time is Lighthouse's TBT from the same run's trace with each main-thread task at the CPU time it used (tests/support/cpu-time.ts): what the page costs, without the wait for a CPU on a busy machine.",
    "",
    markdownTable(summaries),
    "",
    "## Accessibility, best practices and SEO audits that did not pass",
    "",
    ...(failingAudits.length ? failingAudits : ["None."]),
    "",
    "## CI thresholds (mobile)",
    "",
    `Accessibility, best practices and SEO 100 on every page (SEO exempt on 404), performance ${minimumPerfCpu} at CPU time (the score with first paint, largest paint, Speed Index and TBT at CPU time; Lighthouse's own score is in the table with its range, not judged), first contentful paint ≤ 0.95 s, TBT at CPU time ≤ 50 ms and CLS 0 (median, mobile); where the page's floor, measured beside a page that missed, misses one of these itself, no page can meet it on this machine, and the page is judged by what it adds to its floor instead, the median over the page's runs less the floor run measured right after each: first paint at CPU time at most ${overFloor.fcpMs} ms after the floor's (issue 24's "within 0.1 s of the floor"), TBT at CPU time at most ${overFloor.tbtCpuMs} ms over the page's floor once any floor misses a target, and performance at CPU time no lower than the floor's (the floor column says "judged against it"); in every run (both presets) these insights pass: ${insights.join(", ")}.`,
    "",
    failures.length ? failures.map((f) => `- FAILED ${f}`).join("\n") : "All pages pass.",
    "",
  ].join("\n");
  mkdirSync(join(root, "reports"), { recursive: true });
  await writeFile(join(root, "reports/lighthouse.md"), markdown);
  await writeFile(
    join(root, "reports/lighthouse.json"),
    JSON.stringify(
      { date: new Date().toISOString(), via, runs, durationSeconds: duration, summaries },
      null,
      2,
    ),
  );

  console.log(`\n${markdownTable(summaries)}\n`);
  console.log(`[audit] wrote reports/lighthouse.md, reports/lighthouse.json, reports/lighthouse/`);
  console.log(`[audit] took ${duration.toFixed(0)} s`);
  if (failures.length) {
    console.error(`[audit] below the thresholds:\n  ${failures.join("\n  ")}`);
    if (failingAudits.length) console.error(failingAudits.join("\n"));
    process.exit(1);
  }
}

await main();
