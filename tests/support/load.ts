// The load generator the benchmarks share (scripts/bench-server.ts, scripts/bench-edge.ts):
// autocannon, how busy it was while it ran, and the table of results.
import { createRequire } from "node:module";

export interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
export interface Result {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
}
export interface BenchRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: BenchRequest, context: Record<string, unknown>) => BenchRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: BenchRequest[];
}) => Promise<Result>;

// autocannon ships no types: loaded through require, typed by the little used here.
export const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface Row {
  name: string;
  result: Result;
  /** autocannon's share of one core during the run (it runs in this process). */
  clientCpu: number;
}

/** At or above this, autocannon itself set the pace: the figure is a floor for the server. */
export const clientBound = 0.9;

/** One autocannon run, with how busy the client was while it ran. */
export async function measure(options: Parameters<Autocannon>[0]) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon(options);
  const used = process.cpuUsage(cpu);
  const clientCpu = (used.user + used.system) / 1000 / (performance.now() - started);
  return { result, clientCpu };
}

export function formatRows(rows: Row[]): string {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "2xx", "non-2xx", "errors", "client CPU"];
  const lines = rows.map(({ name, result, clientCpu }) => [
    name,
    result.requests.average.toFixed(0),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    String(result["2xx"]),
    String(result.non2xx),
    String(result.errors + result.timeouts),
    `${Math.round(clientCpu * 100)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  return [header, ...lines]
    .map((cells) =>
      cells
        .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
        .join("  "),
    )
    .join("\n");
}
