// The lab `npm run bench:edge`'s budget (edge-budget.ts) runs each Worker job in: the bundle's
// world as Cloudflare gives it (fetch() to the internet made by the HTTP client's thread, the
// cache in the data centre, the bindings and vars of one env), a fresh isolate or a fresh copy of
// the template database on demand, and the metering of one invocation: the main thread's CPU
// time until its answer is read and its waitUntil tasks have settled, its subrequests (where
// each went), its D1 queries and its binding calls. edge-budget.ts says why it measures so.
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type D1Tally, emptyTally, type Outside, type WireRequest } from "./edge-outside.ts";
import { type CpuProfile, Profiler, ProfileSummary } from "./edge-profile.ts";
import type { StandIns } from "./edge-stand-ins.ts";

/** The site the Worker serves, and its owner, as its vars name them. */
export const site = "https://rink.example";
export const ownerEmail = "owner@rink.example";

interface Meter {
  d1: D1Tally;
  fetches: number;
  cache: number;
  bindings: number;
  to: Record<string, number>;
}
export interface Sample extends Meter {
  cpuMs: number;
  status: number;
}

export type Ctx = { waitUntil(task: Promise<unknown>): void; passThroughOnException(): void };
export interface Worker {
  fetch(request: Request, env: unknown, ctx: Ctx): Promise<Response>;
  scheduled(controller: unknown, env: unknown, ctx: Ctx): Promise<void>;
  queue(batch: unknown, env: unknown, ctx: Ctx): Promise<void>;
}

const encoder = new TextEncoder();

/**
 * A fetch() call as bytes for the HTTP client's thread: the common shapes (a string or form
 * body, or none) read as fetch() reads them, anything else through a Request.
 */
async function wire(input: RequestInfo | URL, init: RequestInit = {}): Promise<WireRequest> {
  const { body } = init;
  const plain = body == null || typeof body === "string" || body instanceof URLSearchParams;
  if (!(input instanceof Request) && plain) {
    const headers = new Headers(init.headers);
    if (body != null && !headers.has("content-type")) {
      headers.set(
        "content-type",
        typeof body === "string"
          ? "text/plain;charset=UTF-8"
          : "application/x-www-form-urlencoded;charset=UTF-8",
      );
    }
    return {
      url: String(input),
      method: init.method ?? "GET",
      headers: [...headers],
      ...(body != null ? { body: encoder.encode(String(body)) } : {}),
    };
  }
  const request = new Request(input, init);
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    ...(request.body ? { body: new Uint8Array(await request.arrayBuffer()) } : {}),
  };
}

const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
export const median = (values: number[]) =>
  values.toSorted((a, b) => a - b)[values.length >> 1] ?? 0;

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

export interface LabOptions {
  bundle: string;
  dir: string;
  standIns: StandIns;
  outside: Outside;
  say: (line: string) => void;
  profile: boolean;
}

export class Lab {
  private meter: Meter | undefined;
  private isolates = 0;
  private copies = 0;
  /** The database every job starts from, copied for each (written by the jobs, edge-jobs.ts). */
  readonly template: string;
  /** The Worker's bindings and vars. */
  readonly env: Record<string, unknown>;
  private samples = new Map<string, { warm: Sample[]; cold: Sample[] }>();
  /** The messages the Worker sent its Queue (OUTBOX_PASSES), not yet delivered. */
  private queued: unknown[] = [];
  private services: Record<string, string>;
  private options: LabOptions;
  private profiler: Profiler | undefined;
  private lastProfile: CpuProfile | undefined;
  private profiles: ProfileSummary;

  constructor(options: LabOptions) {
    this.options = options;
    this.template = join(options.dir, "template.db");
    const { standIns, outside } = options;
    this.profiler = options.profile ? new Profiler() : undefined;
    this.profiles = new ProfileSummary(options.bundle);
    const host = (name: string) => new URL(standIns.settings[name] ?? "http://none").host;
    this.services = {
      [host("GITHUB_API_URL")]: "github",
      [host("KIT_API_URL")]: "kit",
      [host("TWILIO_API_URL")]: "twilio",
    };
    const count = (what: string) => {
      const meter = this.meter;
      if (!meter) return;
      meter.to[what] = (meter.to[what] ?? 0) + 1;
      if (what === "cache") meter.cache += 1;
      else meter.fetches += 1;
    };
    // The Worker's fetch(): counted, and made by the HTTP client's thread. Installed before
    // the bundle is imported, so no module of it can have kept another.
    globalThis.fetch = async (input, init) => {
      const request = await wire(input, init);
      const { host: to } = new URL(request.url);
      count(this.services[to] ?? to);
      init?.signal?.throwIfAborted();
      let answer: Awaited<ReturnType<Outside["fetch"]>>;
      try {
        answer = await outside.fetch(request);
      } catch (error) {
        throw new TypeError(`fetch failed: ${(error as Error).message}`);
      }
      const empty = [101, 204, 205, 304].includes(answer.status);
      return new Response(empty ? null : (answer.body as Uint8Array<ArrayBuffer>), answer);
    };
    // Cloudflare's cache in the data centre (caches.default): kept in memory, each call counted.
    const kept = new Map<string, Response>();
    Object.assign(globalThis, {
      caches: {
        default: {
          async match(key: Request) {
            count("cache");
            return kept.get(key.url)?.clone();
          },
          async put(key: Request, response: Response) {
            count("cache");
            kept.set(key.url, response);
          },
          async delete(key: Request) {
            count("cache");
            return kept.delete(key.url);
          },
        },
      },
    });
    const binding = () => {
      if (this.meter) this.meter.bindings += 1;
    };
    // One env for every isolate, as Cloudflare's bindings are the same object across an
    // isolate's requests (edge/worker.ts builds its app once per env).
    this.env = {
      DB: outside.d1(() => this.meter?.d1 ?? emptyTally()),
      ASSETS: { fetch: async () => new Response("Not found", { status: 404 }) },
      NOTIFY_EMAIL: {
        async send() {
          binding();
        },
      },
      // The outbox's Queue: kept here until the job delivers each as an invocation of its own,
      // as Cloudflare does (takeQueued); a send is a call to a Cloudflare service.
      OUTBOX_PASSES: {
        send: async (body: unknown) => {
          binding();
          this.queued.push(body);
        },
      },
      FORM_LIMIT: {
        async limit() {
          binding();
          return { success: true };
        },
      },
      NOTIFY_TO: ownerEmail,
      NOTIFY_FROM: "inbox@rink.example",
      SITE_URL: site,
      // Many signups from one bench: the daily ceiling per form is not what is measured.
      DAILY_LIMIT_PER_FORM: "0",
      DELETION_KEY: "bench-deletion-key-0123456789abcdef",
      // Texts at any hour, so the bench sends whenever it runs.
      SMS_SEND_HOURS: "00:00-24:00",
      ...standIns.settings,
    };
  }

  /** D1 is a fresh copy of the template database from now on (a file never used before). */
  async freshDatabase(name: string) {
    this.copies += 1;
    const file = join(this.options.dir, `${name}-${this.copies}.db`);
    copyFileSync(this.template, file);
    await this.options.outside.open(file);
  }

  /** The oldest message the Worker queued and no invocation has had yet. */
  takeQueued(): unknown {
    return this.queued.shift();
  }

  /** A fresh import of the bundle: a new isolate's module state, as after a start. */
  async isolate(): Promise<Worker> {
    this.isolates += 1;
    const url = `${pathToFileURL(this.options.bundle).href}?isolate=${this.isolates}`;
    return (await import(url)).default as Worker;
  }

  /** One invocation with its waitUntil tasks: its CPU time, subrequests and D1 queries. */
  async run(call: (ctx: Ctx) => Promise<Response | undefined>): Promise<Sample> {
    collect();
    await this.profiler?.start();
    const meter: Meter = { d1: emptyTally(), fetches: 0, cache: 0, bindings: 0, to: {} };
    const tasks: Promise<unknown>[] = [];
    const ctx: Ctx = { waitUntil: (task) => void tasks.push(task), passThroughOnException() {} };
    this.meter = meter;
    // The Worker's log lines (a commit, a posted update) kept from the bench's output; its
    // errors (console.error: an outbox pass that failed) still show.
    const log = console.log;
    console.log = () => {};
    const started = threadCpuMs();
    let status = 0;
    try {
      const response = await call(ctx);
      status = response?.status ?? 0;
      await response?.arrayBuffer();
      while (tasks.length > 0) await Promise.allSettled(tasks.splice(0));
    } finally {
      this.meter = undefined;
      console.log = log;
    }
    const cpuMs = threadCpuMs() - started;
    this.lastProfile = await this.profiler?.stop();
    return { ...meter, cpuMs, status };
  }

  /** Keeps a run's figures as the job's, once the Worker answered as it should. */
  record(job: string, kind: "warm" | "cold", sample: Sample, expect: number) {
    if (sample.status !== expect) {
      throw new Error(`${job}: the Worker answered ${sample.status}, not ${expect}`);
    }
    const kept = this.samples.get(job) ?? { warm: [], cold: [] };
    kept[kind].push(sample);
    this.samples.set(job, kept);
    if (this.lastProfile) this.profiles.add(`${job} (${kind})`, this.lastProfile);
  }

  /** A job's kept runs, warm and cold. */
  samplesOf(job: string): { warm: Sample[]; cold: Sample[] } {
    return this.samples.get(job) ?? { warm: [], cold: [] };
  }

  /** What handing a query or a fetch() over costs this thread by itself (ms, medians). */
  async handOver(): Promise<{ d1Query: number; request: number }> {
    const db = this.env.DB as { prepare(sql: string): { first(): Promise<unknown> } };
    const each = async (times: number, call: () => Promise<unknown>) => {
      const costs: number[] = [];
      for (let i = 0; i < times; i++) {
        const started = threadCpuMs();
        await call();
        costs.push(threadCpuMs() - started);
      }
      return median(costs);
    };
    const kit = this.options.standIns.settings.KIT_API_URL;
    return {
      d1Query: await each(200, () => db.prepare("SELECT 1 AS one").first()),
      request: await each(50, async () => (await fetch(`${kit}/v4/account`)).arrayBuffer()),
    };
  }

  printProfiles() {
    this.profiles.print(this.options.say);
  }
}
