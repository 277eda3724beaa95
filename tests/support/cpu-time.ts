// Lighthouse's metrics as the page causes them, apart from this machine's load. Lighthouse's
// TBT and first paint are the page's main-thread tasks in wall time, and on the 2-vCPU machine
// the suite runs on, a task waits for a CPU while Chromium's browser process and Lighthouse
// itself run: the navigation's commit and the first frame, 8-20 ms of CPU, stretched to
// 20-63 ms of wall time, then multiplied by Lighthouse's 4x slowdown (decision 014); the first
// paint's layout and paint task, 18-80 ms for the same HTML. The same computation, from the
// same run's trace, with each main-thread task shortened to the CPU time it used (the trace's
// thread duration, `tdur`) gives the figure the page would have had with a core to itself; a
// heavier script still shows in full, since its work is CPU time, and so does the network.
// Lighthouse's artifacts are internal (their shape may change in a minor release): a run
// without what this needs throws, rather than pass for a figure of 0.
import { Audit } from "lighthouse/core/audits/audit.js";
import { FirstContentfulPaint } from "lighthouse/core/computed/metrics/first-contentful-paint.js";
import { LargestContentfulPaint } from "lighthouse/core/computed/metrics/largest-contentful-paint.js";
import { SpeedIndex } from "lighthouse/core/computed/metrics/speed-index.js";
import { TotalBlockingTime } from "lighthouse/core/computed/metrics/total-blocking-time.js";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string } };
}

/** The trace with the page's main-thread tasks (and what ran inside them) at their CPU time. */
function atCpuTime(traceEvents: TraceEvent[]): TraceEvent[] {
  const events = traceEvents.map((event) => ({ ...event }));
  // The page's renderer main thread: where its HTML was parsed.
  const parse = events.find(
    (e) => e.name === "ParseHTML" && /^https?:/.test(e.args?.beginData?.url ?? ""),
  );
  if (!parse) throw new Error("The trace has no ParseHTML of the page: no main thread found.");
  const main = events
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid)
    .sort((a, b) => a.ts - b.ts);
  let from = 0;
  for (const task of main) {
    if (task.ph !== "X" || task.name !== "RunTask" || !task.dur || task.tdur === undefined) {
      continue;
    }
    const scale = Math.min(1, task.tdur / task.dur);
    const start = task.ts;
    const end = task.ts + task.dur;
    while (from < main.length && (main[from] as TraceEvent).ts < start) from++;
    for (let i = from; i < main.length && (main[i] as TraceEvent).ts <= end; i++) {
      const inner = main[i] as TraceEvent;
      if (inner === task) continue;
      inner.ts = start + (inner.ts - start) * scale;
      if (inner.dur) inner.dur *= scale;
    }
    task.dur *= scale;
  }
  return events;
}

/** A run's timed metrics at CPU time, ms: what the performance score weighs but CLS. */
export interface AtCpuTime {
  tbt: number;
  fcp: number;
  lcp: number;
  si: number;
}

/** Lighthouse's timed metrics for a run (its `artifacts`), each main-thread task at its CPU time. */
export async function metricsAtCpuTime(artifacts: unknown): Promise<AtCpuTime> {
  const a = artifacts as { Trace: { traceEvents: TraceEvent[] }; settings: unknown };
  const traceEvents = atCpuTime(a.Trace.traceEvents);
  const context = { settings: a.settings, computedCache: new Map() };
  const input = Audit.makeMetricComputationDataInput(
    { ...a, Trace: { ...a.Trace, traceEvents } } as never,
    context as never,
  );
  const timing = async (metric: { request(input: never, context: never): Promise<unknown> }) =>
    ((await metric.request(input as never, context as never)) as { timing: number }).timing;
  return {
    tbt: await timing(TotalBlockingTime),
    fcp: await timing(FirstContentfulPaint),
    lcp: await timing(LargestContentfulPaint),
    si: await timing(SpeedIndex),
  };
}
