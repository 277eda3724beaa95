// One Lighthouse run of the audit (scripts/audit.ts) in the Chromium lighthouse.ts launched:
// the mobile preset (simulated throttling) or the desktop preset, the four categories, the
// timed metrics again at CPU time (cpu-time.ts), and the figures the audit reads from it.
import lighthouse from "lighthouse";
import { Audit } from "lighthouse/core/audits/audit.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { type AtCpuTime, metricsAtCpuTime } from "../cpu-time.ts";
import { type Category, categories, type Metric, metrics, type RunFigures } from "./figures.ts";
import { type AuditedPage, insights, type Preset } from "./targets.ts";

// --- the parts of a Lighthouse result the audit reads -------------------------------------

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
export interface Lhr {
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

/** One Lighthouse run: its result, and its timed metrics with each task at its CPU time. */
export interface Run {
  lhr: Lhr;
  cpu: AtCpuTime;
}

// --- the run ------------------------------------------------------------------------------

async function lighthouseRun(
  url: string,
  port: number,
  preset: Preset,
  notFound: boolean,
): Promise<Run> {
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

/**
 * Lighthouse on `url` (the page's own or its floor's) with `preset`, on the Chromium at
 * `port`. A run can fail when the machine is very busy (no paint within Lighthouse's time
 * limits): it is tried again, twice, before the audit gives up on the page.
 */
export async function runLighthouse(
  url: string,
  port: number,
  preset: Preset,
  page: AuditedPage,
): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouseRun(url, port, preset, "notFound" in page);
    const { lhr } = run;
    if (!lhr.runtimeError) return run;
    const why = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url} (${preset}): ${why}`);
    console.warn(`[audit] ${preset} ${page.label}: run failed (${why}), retrying`);
  }
}

// --- the figures read from it -------------------------------------------------------------

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

/** What the audit keeps of a run. */
export function figures({ lhr, cpu }: Run): RunFigures {
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
