// Every Worker job against Cloudflare's free plan (10 ms of CPU time and 50 subrequests an
// invocation; D1: 50 queries an invocation), for `npm run bench:edge`, which writes the rows to
// reports/edge-budget.json. How it measures, and why (docs/benchmarks.md says the same):
//
// - The Worker's bundle, as `wrangler deploy` uploads it, runs on this process's main thread
//   (V8, as in workerd), called as Cloudflare calls it: `fetch(request, env, ctx)` and
//   `scheduled()`. A job is the invocation and every task it hands to ctx.waitUntil (the owner's
//   email, an outbox pass), which Cloudflare counts to the invocation too.
// - CPU time: the main thread's (process.threadCpuUsage, user + system) from the call until
//   the answer's body is read and every waitUntil task has settled, the heap collected before
//   each run. What on Cloudflare runs outside the Worker's isolate runs off this thread: D1 (a
//   node:sqlite file) and the HTTP client making the Worker's fetch() calls in a worker thread
//   (edge-outside.ts), GitHub, Kit and Twilio as real HTTP servers on 127.0.0.1 in a child
//   process (edge-stand-ins.ts). A query or a request costs the job its handing over, as in
//   workerd; a job waiting on them uses no CPU. The other bindings (the owner's email, the rate
//   limit, Cloudflare's cache) are stubs on this thread that count their calls.
// - Subrequests, as Cloudflare's limits page counts them against the 50: each fetch() to the
//   internet (counted by replacing globalThis.fetch before the bundle is loaded) and each Cache
//   API call (which shares fetch's quota). D1's queries are counted on their own (`d1Queries`:
//   a statement's all/first/run, a batch as one request), against D1's "50 queries per Worker
//   invocation" on the free plan; the send_email and rate limit bindings (`bindingCalls`) against
//   the 1,000 calls to Cloudflare's services.
// - Warm: one isolate (one import of the bundle) serves every warm run, after one run of the
//   same job that is not counted. Cold (`coldCpuMs*`): each run is the first request a fresh
//   import of the bundle serves, as on an isolate Cloudflare has just started (the start-up
//   itself, the bundle's global scope, is Cloudflare's separate 1-second limit and is left out).
//   "The editor's first save after a start" is a freshly started isolate's (the content check
//   made in its global scope, decision 024) after the read of the branch the editor makes
//   before any save; cold, the save is the isolate's first request.
//
// Here: the report's rows and the free plan's judgement of them. The jobs, what they send and
// the database they start from are in edge-jobs.ts; the lab that runs and meters them in
// edge-lab.ts; where their time goes (--profile) in edge-profile.ts.
import { jobs, runJobs } from "./edge-jobs.ts";
import { Lab, median, type Sample } from "./edge-lab.ts";
import { startOutside } from "./edge-outside.ts";
import { startStandIns } from "./edge-stand-ins.ts";

/** The rink's name the texts are sent as. */
const rinkName = "Skateland";
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Cloudflare's Workers free plan, per invocation (its limits pages, read 2026-11). */
export const freePlan = { cpuMs: 10, subrequests: 50, d1Queries: 50, bindingCalls: 1000 };

/** One row of reports/edge-budget.json. */
export interface EdgeBudgetRow {
  job: string;
  /** The main thread's CPU time, median and most of the job's runs (ms). */
  cpuMsMedian: number;
  cpuMsMax: number;
  /** fetch() calls to the internet and Cache API calls, the most of any run. */
  subrequests: number;
  /** Measured runs: warm, or cold for a job that is only ever cold. */
  runs: number;
  /** The same job as the first request of a freshly started isolate, when measured. */
  coldCpuMsMedian?: number;
  coldCpuMsMax?: number;
  coldRuns?: number;
  /** Requests to D1 (a batch is one), the most of any run. */
  d1Queries: number;
  /** Statements D1 ran, each of a batch's counted, the most of any run. */
  d1Statements: number;
  /** Calls to the send_email and rate limit bindings, the most of any run. */
  bindingCalls: number;
  /** Where the subrequests went, the most of any run: github, kit, twilio, cache. */
  subrequestsTo: Record<string, number>;
}

/** The jobs over the free plan (as each job is defined: warm). */
export function overBudget(rows: readonly EdgeBudgetRow[]): { job: string; why: string[] }[] {
  return rows
    .map((row) => {
      const why: string[] = [];
      if (row.cpuMsMax > freePlan.cpuMs) why.push(`${row.cpuMsMax} ms of CPU at its worst`);
      if (row.subrequests > freePlan.subrequests) why.push(`${row.subrequests} subrequests`);
      if (row.d1Queries > freePlan.d1Queries) why.push(`${row.d1Queries} D1 queries`);
      return { job: row.job, why };
    })
    .filter(({ why }) => why.length > 0);
}

/** The jobs whose first request on a fresh isolate is over the 10 ms (not gated: see docs). */
export const overWhenCold = (rows: readonly EdgeBudgetRow[]) =>
  rows.filter((row) => (row.coldCpuMsMax ?? 0) > freePlan.cpuMs);

export interface BudgetOptions {
  /** The Worker's bundle (tooling/wrangler.ts bundleWorker). */
  bundle: string;
  /** A folder for the databases. */
  dir: string;
  /** Measured runs per job (warm, and cold). */
  runs?: number;
  say?: (line: string) => void;
  /**
   * Samples each run with V8's profiler and prints, per job, where its CPU time went (the
   * bundle's functions by their source file and line, through its source map). The profiler
   * slows what it samples: the figures of such a run are not the budget's.
   */
  profile?: boolean;
  /** "counts": only the owner's pages over a year of counts (their rows only). */
  only?: "counts";
}

export async function measureEdgeBudget({
  bundle,
  dir,
  runs = 15,
  say = console.log,
  profile = false,
  only,
}: BudgetOptions): Promise<EdgeBudgetRow[]> {
  const standIns = await startStandIns(rinkName);
  const outside = startOutside();
  // The Worker's fetch() and Cloudflare's cache are this bench's while it runs (Lab), and
  // Node's again after, for the rest of `npm run bench:edge`.
  const { fetch } = globalThis;
  const hadCaches = "caches" in globalThis;
  try {
    const lab = new Lab({ bundle, dir, standIns, outside, say, profile });
    await runJobs(lab, { runs, say, standIns, ...(only ? { only } : {}) });
    const rows = Object.values(jobs)
      .filter((job) => lab.samplesOf(job).warm.length + lab.samplesOf(job).cold.length > 0)
      .map((job) => budgetRow(job, lab.samplesOf(job)));
    if (profile) lab.printProfiles();
    const handOver = await lab.handOver();
    say(
      `  The hand-over alone, on this thread: ${(handOver.d1Query * 1000).toFixed(0)} µs a D1 query, ${(handOver.request * 1000).toFixed(0)} µs a fetch() with its Response (median of 200 and 50; in each job's figure)`,
    );
    return rows;
  } finally {
    globalThis.fetch = fetch;
    if (!hadCaches) Reflect.deleteProperty(globalThis, "caches");
    await outside.stop();
    await standIns.stop();
  }
}

/** A job's row of the report, from its kept runs. */
function budgetRow(job: string, { warm, cold }: { warm: Sample[]; cold: Sample[] }): EdgeBudgetRow {
  // A job that is only ever cold has its figures as the job's own.
  const main = warm.length > 0 ? warm : cold;
  const all = [...warm, ...cold];
  const most = (pick: (s: Sample) => number) => Math.max(0, ...all.map(pick));
  const to: Record<string, number> = {};
  for (const sample of all) {
    for (const [service, count] of Object.entries(sample.to)) {
      to[service] = Math.max(to[service] ?? 0, count);
    }
  }
  return {
    job,
    cpuMsMedian: round(median(main.map((s) => s.cpuMs))),
    cpuMsMax: round(Math.max(...main.map((s) => s.cpuMs))),
    subrequests: most((s) => s.fetches + s.cache),
    runs: main.length,
    ...(warm.length > 0 && cold.length > 0
      ? {
          coldCpuMsMedian: round(median(cold.map((s) => s.cpuMs))),
          coldCpuMsMax: round(Math.max(...cold.map((s) => s.cpuMs))),
          coldRuns: cold.length,
        }
      : {}),
    d1Queries: most((s) => s.d1.queries),
    d1Statements: most((s) => s.d1.statements),
    bindingCalls: most((s) => s.bindings),
    subrequestsTo: to,
  };
}
