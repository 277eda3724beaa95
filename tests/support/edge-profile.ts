// Where a Worker job's CPU time goes, for `npm run bench:edge -- --profile` (edge-budget.ts):
// V8's sampling profiler on this process, one profile a run, and the self time per job by the
// bundle's source file and function (through its source map). The profiler slows what it
// samples, so a profiled run's figures are not the budget's.
import { readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { SourceMap } from "node:module";
import { pathToFileURL } from "node:url";

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** V8's sampling profiler on this process, one profile a run. */
export class Profiler {
  private session = new Session();
  private ready = false;

  async start() {
    if (!this.ready) {
      this.session.connect();
      await this.session.post("Profiler.enable");
      await this.session.post("Profiler.setSamplingInterval", { interval: 50 });
      this.ready = true;
    }
    await this.session.post("Profiler.start");
  }

  async stop(): Promise<CpuProfile> {
    const { profile } = await this.session.post("Profiler.stop");
    return profile as unknown as CpuProfile;
  }
}

/** Self time per job, by the bundle's source file and function (its source map). */
export class ProfileSummary {
  private map: SourceMap | undefined;
  private bundleUrl: string;
  private jobs = new Map<string, { total: number; runs: number; by: Map<string, number> }>();

  constructor(bundle: string) {
    this.bundleUrl = pathToFileURL(bundle).href;
    try {
      this.map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, "utf8")));
    } catch {
      this.map = undefined;
    }
  }

  private where(frame: CpuProfile["nodes"][number]["callFrame"]): string {
    if (!frame.url.startsWith(this.bundleUrl)) {
      return frame.url
        ? `(host) ${frame.url.replace(/^.*\/node_modules\//, "")}`
        : frame.functionName;
    }
    const entry = this.map?.findEntry(frame.lineNumber, frame.columnNumber);
    if (!entry || !("originalSource" in entry)) return "(bundle)";
    const source = entry.originalSource.replace(
      /^.*?\/(node_modules\/|server\/|rink\/|ui\/)/,
      "$1",
    );
    return `${source}:${entry.originalLine + 1} ${(entry as { name?: string }).name ?? frame.functionName}`;
  }

  add(job: string, profile: CpuProfile) {
    const kept = this.jobs.get(job) ?? { total: 0, runs: 0, by: new Map<string, number>() };
    const node = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const frame = node.get(id)?.callFrame;
      const us = profile.timeDeltas[i] ?? 0;
      // The profiler's own start and stop, and the waits, are not the job's.
      if (!frame || frame.url === "node:inspector" || frame.functionName === "(idle)") return;
      const key = this.where(frame);
      kept.by.set(key, (kept.by.get(key) ?? 0) + us);
      kept.total += us;
    });
    kept.runs += 1;
    this.jobs.set(job, kept);
  }

  print(say: (line: string) => void) {
    for (const [job, { total, runs, by }] of this.jobs) {
      say(
        `\n${job}: ${(total / 1000 / runs).toFixed(1)} ms sampled a run (slowed by the profiler)`,
      );
      const files = new Map<string, number>();
      for (const [key, us] of by) {
        const file = key.replace(/:\d+ .*$/, "");
        files.set(file, (files.get(file) ?? 0) + us);
      }
      const top = (m: Map<string, number>, n: number) =>
        [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
      for (const [file, us] of top(files, 8)) {
        say(`  ${((us / total) * 100).toFixed(0).padStart(3)}%  ${file}`);
      }
      say("  hottest functions:");
      for (const [key, us] of top(by, 8)) {
        say(`  ${((us / total) * 100).toFixed(0).padStart(3)}%  ${key}`);
      }
    }
  }
}
