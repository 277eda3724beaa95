// What the audit (scripts/audit.ts) measures and holds it to: the pages, the presets, and the
// targets. It fails when, on mobile, a page scores below 100 for accessibility, best practices
// or SEO (SEO is exempt on the 404 page: a 404 status is right there), or, median, its
// performance at CPU time is below 100 (the score with its timed metrics at CPU time:
// Lighthouse's own, with each main-thread task at the CPU time it used, ../cpu-time.ts), its
// first contentful paint past 0.95 s, its TBT at CPU time past 50 ms or its CLS above 0
// (issue 24), each limit moved by the page's floor where the floor misses it (`loadMisses`,
// judging.ts); or when, in any run, an insight in `insights` does not pass (photos, issue 12:
// files sized and encoded well, the largest paint's image found early, not lazy, fetched with
// high priority).
import { browsedPages } from "../../../app/site-pages.ts";
import type { Category } from "./figures.ts";

/** A page the audit runs Lighthouse on. */
export interface AuditedPage {
  label: string;
  path: string;
  file: string;
  notFound?: true;
}

/**
 * Every page a visitor browses to (app/site-pages.ts), and an unknown path for the 404 page;
 * `file`: the page's HTML in the build, which its floor rewrites.
 */
export const pages: AuditedPage[] = [
  ...browsedPages.map(({ path }) => ({ label: path, path, file: path })),
  { label: "404", path: "/this-page-does-not-exist", file: "/404.html", notFound: true },
];

export type Preset = "mobile" | "desktop";

/** Insights every run must pass (or find nothing to judge, e.g. no image on the page). */
export const insights = ["image-delivery-insight", "lcp-discovery-insight"] as const;

/** Runs added at a time, up to `mostRuns`, for a mobile page whose median misses a target. */
export const extraRuns = 2;
export const mostRuns = 7;

/**
 * Issue 24 (light pages): on mobile every page paints first within 0.1 s of the same page
 * without its scripts (its floor, 0.82-0.87 s: `npm run bench:pages`), blocks the main thread
 * at most 50 ms in all, and nothing shifts. TBT is judged at CPU time: Lighthouse's own TBT
 * is mostly this machine's wait for a CPU (decision 014); the table shows both.
 */
export const maximum = { fcpMs: 950, tbtCpuMs: 50, cls: 0 };
/** Issue 24: performance 100 on every page, scored with TBT at CPU time. */
export const minimumPerfCpu = 100;
/** The targets that move with the machine: what `loadMisses` starts from. */
export const targets = { perfCpu: minimumPerfCpu, fcp: maximum.fcpMs, tbtCpu: maximum.tbtCpuMs };

/**
 * On a machine too slow for a page with no script at all to meet those targets (seen: a
 * paravirtualised guest, docs/testing.md, where the floors painted at 0.93-1.19 s, blocked
 * 8-96 ms at CPU time and scored below 100), no code can meet them there, and the page is
 * judged by what it adds to its floor, measured in the same audit (`loadMisses`): first
 * paint at CPU time at most 0.1 s after the floor's (issue 24's own measure: 0.95 s is that
 * on a floor of 0.85 s), TBT at CPU time at most 50 ms over the floor once any floor misses a
 * target (`slowMachineOf`), a score at CPU time no lower than the floor's.
 */
export const overFloor = { fcpMs: 100, tbtCpuMs: 50 };

/**
 * The mobile scores CI holds every page to, but performance: issue 24's performance 100 is
 * held at CPU time (`minimumPerfCpu`). Lighthouse's own score is printed with its range, not
 * judged: past the other metrics it is its TBT, mostly this 2-vCPU machine's wait for a CPU,
 * which decision 014 declines to gate (2026-11-26: the 404 page, whose script blocks 1 ms at
 * CPU time, scored 97 on the median of five beside a floor at 99).
 */
export const minimum: Record<Exclude<Category, "performance">, number> = {
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};
