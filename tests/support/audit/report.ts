// What the audit (scripts/audit.ts) prints and writes: a line per page as its runs come in,
// then reports/lighthouse.md (median scores and metrics, the thresholds, what failed),
// reports/lighthouse.json (every run's figures) and reports/lighthouse/<preset>-<page>.json
// (the median run's full Lighthouse result, readable in the Lighthouse viewer).
import { mkdirSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { projectRoot as root } from "../../../tooling/project.ts";
import { chromiumVersion } from "../chromium.ts";
import { lighthouseVersion, median } from "../lighthouse.ts";
import { categories, fmt, scoreOf, seconds, summarized } from "./figures.ts";
import { judgedAgainstFloor, type PageSummary } from "./judging.ts";
import type { Run } from "./lighthouse-run.ts";
import { insights, minimumPerfCpu, mostRuns, overFloor, type Preset } from "./targets.ts";

/** A page's medians so far, and its floor's, with the audit's time so far. */
export function printProgress(summary: PageSummary, elapsedMs: number): void {
  const { median: m, floor } = summary;
  const floorFigures = floor
    ? `  floor: perf ${floor.performance} (${floor.perfCpu} at CPU time) FCP ${fmt.fcp(floor.fcp)} (${fmt.fcp(floor.fcpCpu)} at CPU time) TBT at CPU time ${fmt.tbtCpu(floor.tbtCpu)}, at CPU time the page adds ${fmt.fcp(floor.added.fcpCpu)} and ${fmt.tbtCpu(floor.added.tbtCpu)}`
    : "";
  console.log(
    `[audit] ${summary.preset.padEnd(7)} ${summary.page.padEnd(9)} perf ${m.scores.performance} (${fmt.perfCpu(m.metrics.perfCpu)} at CPU time) a11y ${m.scores.accessibility} bp ${m.scores["best-practices"]} seo ${m.scores.seo}  FCP ${fmt.fcp(m.metrics.fcp)}  TBT ${fmt.tbt(m.metrics.tbt)} (CPU time ${fmt.tbtCpu(m.metrics.tbtCpu)})${floorFigures}  (${summary.runs.length} run(s), ${seconds(elapsedMs)})`,
  );
}

const medianRunsDir = join(root, "reports/lighthouse");

/** Empties reports/lighthouse/ of an earlier audit's runs. */
export function clearMedianRuns(): void {
  rmSync(medianRunsDir, { recursive: true, force: true });
  mkdirSync(medianRunsDir, { recursive: true });
}

/** The page's median run, whole, as reports/lighthouse/<preset>-<page>.json. */
export async function writeMedianRun(preset: Preset, label: string, runs: Run[]): Promise<void> {
  const name = label === "/" ? "home" : label.replace(/^\//, "");
  const lhrs = runs.map((r) => r.lhr);
  const representative = lhrs.length > 1 ? computeMedianRun(lhrs as never) : lhrs[0];
  await writeFile(join(medianRunsDir, `${preset}-${name}.json`), JSON.stringify(representative));
}

const range = (values: number[]) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? String(low) : `${low}–${high}`;
};

/** A row per preset and page: medians, ranges, the floor (printed, and in lighthouse.md). */
export function markdownTable(summaries: PageSummary[]): string {
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

/** The accessibility, best practices and SEO audits that did not pass, a line each. */
export const failingAuditLines = (summaries: PageSummary[]) =>
  summaries.flatMap((s) => s.failing.map((f) => `- ${s.preset} \`${s.page}\`: ${f}`));

/** What reports/lighthouse.md and reports/lighthouse.json say of a whole audit. */
export interface AuditRecord {
  summaries: PageSummary[];
  /** Why pages failed the thresholds, "<preset> <page>: <why>" each. */
  failures: string[];
  via: "caddy" | "server";
  /** Whether Caddy served the pages in front of the server. */
  behindCaddy: boolean;
  /** First runs per page. */
  runs: number;
  durationSeconds: number;
  /** The load average (1 min) when the audit started. */
  loadStart: string | undefined;
}

/** Writes reports/lighthouse.md and reports/lighthouse.json. */
export async function writeReports(record: AuditRecord): Promise<void> {
  const { summaries, failures, via, behindCaddy, runs, durationSeconds: duration } = record;
  const benchmarks = summaries.flatMap((s) => s.runs.map((r) => r.benchmarkIndex));
  const chromeVersion = chromiumVersion();
  const failingAudits = failingAuditLines(summaries);
  const markdown = [
    "# Lighthouse",
    "",
    `Written by \`npm run audit\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion}, ${chromeVersion}, the built site served by \`node server/node/index.ts\` on 127.0.0.1${
      behindCaddy
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
    `(${Math.round(Math.min(...benchmarks))} to ${Math.round(Math.max(...benchmarks))}); load average ${record.loadStart} at the start, ${loadavg()[0]?.toFixed(1)} at the end.`,
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
}
