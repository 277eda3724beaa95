// The figures the audit reads from a Lighthouse run (scripts/audit.ts): the categories it
// scores, the metrics it keeps, a run's figures, and how each figure is written in the
// report and the progress lines.

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof categories)[number];

/** Each metric the audit keeps, and the Lighthouse audit it comes from. */
export const metrics = {
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
export type Metric = keyof typeof metrics | "requests" | "tbtCpu" | "fcpCpu" | "perfCpu";

/** The metrics a summary takes the median of, in the report table's order. */
export const summarized: Metric[] = [
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

/** What the audit keeps of one run (lighthouse-run.ts reads it from the result). */
export interface RunFigures {
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

/** A run's score on Lighthouse's 0–100 scale. */
export const scoreOf = (run: RunFigures, c: Category) => Math.round((run.scores[c] ?? 0) * 100);

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const paint = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** How each metric is written. */
export const fmt: Record<Metric, (v: number) => string> = {
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
