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
//   "The editor's first save after a start" is always cold: it loads the content check
//   (decision 024).
import { copyFileSync, readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { SourceMap } from "node:module";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { rinkDate } from "../../rink/clock.ts";
import { beaconVersion, insightsBeaconPath } from "../../rink/insights.ts";
import { insertParams, statements } from "../../server/forms/submission.ts";
import { openDatabase } from "../../server/node/database.ts";
import { tokenHash } from "../../server/owner/auth.ts";
import { ownerStore } from "../../server/owner/store.ts";
import { fixtureContentDir } from "./build.ts";
import {
  type D1Tally,
  emptyTally,
  type Outside,
  startOutside,
  type WireRequest,
} from "./edge-outside.ts";
import { type StandIns, startStandIns } from "./edge-stand-ins.ts";

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
  /** Measured runs: warm, or cold for a job that is only ever cold (the first save). */
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

/** The jobs over the free plan (as each job is defined: warm, the first save cold). */
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

/** The job names, as the report and its test (tests/edge-budget.test.ts) spell them. */
export const jobs = {
  contact: "form post: a contact message (stored, the owner emailed)",
  signup: "form post: a newsletter signup with email and phone (Kit subscribe, confirmation text)",
  home: "the owner's home page, signed in",
  view: "a page's beacon: a view from a phone (counted, its visitor's hash made)",
  vitals: "a page's beacon: a phone's speed (web-vitals' five figures)",
  firstSave: "editor: the first save after a start (content check loaded)",
  save: "editor: a later save",
  photo: "editor: a save with a 4 MB phone photo",
  smallPhoto:
    "editor: a save with a 256 KB photo (a phone's as the editor sends it: WebP, 2048 px)",
  post: "update to 500 emails and 500 texts: the owner's post and the first outbox pass",
  pass: "update to 500 emails and 500 texts: each later outbox pass (cron)",
  cron: "cron (scheduled): nothing due",
} as const;

const site = "https://rink.example";
const ownerEmail = "owner@rink.example";
const rinkName = "Skateland";
const subscribers = 500;
const phonePhotoBytes = 4 * 1024 * 1024;
/**
 * What the editor's image transformations (WebP, at most 2048 px) make of a phone's photo:
 * 253 KB from a 4.58 MB 4000x3000 JPEG in tests/e2e/editor-github.spec.ts. Safari writes a PNG
 * instead (decision 018), which can be the 4 MB above.
 */
const smallPhotoBytes = 256 * 1024;

interface Meter {
  d1: D1Tally;
  fetches: number;
  cache: number;
  bindings: number;
  to: Record<string, number>;
}
interface Sample extends Meter {
  cpuMs: number;
  status: number;
}

type Ctx = { waitUntil(task: Promise<unknown>): void; passThroughOnException(): void };
interface Worker {
  fetch(request: Request, env: unknown, ctx: Ctx): Promise<Response>;
  scheduled(controller: unknown, env: unknown, ctx: Ctx): Promise<void>;
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
const round = (ms: number) => Math.round(ms * 100) / 100;
const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1] ?? 0;

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

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
}

export async function measureEdgeBudget({
  bundle,
  dir,
  runs = 15,
  say = console.log,
  profile = false,
}: BudgetOptions): Promise<EdgeBudgetRow[]> {
  const standIns = await startStandIns(rinkName);
  const outside = startOutside();
  // The Worker's fetch() and Cloudflare's cache are this bench's while it runs (Lab), and
  // Node's again after, for the rest of `npm run bench:edge`.
  const { fetch } = globalThis;
  const hadCaches = "caches" in globalThis;
  try {
    const lab = new Lab({ bundle, dir, standIns, outside, say, profile });
    const rows = await lab.measure(runs);
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

interface LabOptions {
  bundle: string;
  dir: string;
  standIns: StandIns;
  outside: Outside;
  say: (line: string) => void;
  profile: boolean;
}

class Lab {
  private meter: Meter | undefined;
  private isolates = 0;
  private copies = 0;
  private template = "";
  private session = "s".repeat(43);
  private env: Record<string, unknown>;
  private samples = new Map<string, { warm: Sample[]; cold: Sample[] }>();
  private services: Record<string, string>;
  private options: LabOptions;
  private profiler: Profiler | undefined;
  private lastProfile: CpuProfile | undefined;
  private profiles: ProfileSummary;

  constructor(options: LabOptions) {
    this.options = options;
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
  private async freshDatabase(name: string) {
    this.copies += 1;
    const file = join(this.options.dir, `${name}-${this.copies}.db`);
    copyFileSync(this.template, file);
    await this.options.outside.open(file);
  }

  /** A fresh import of the bundle: a new isolate's module state, as after a start. */
  private async isolate(): Promise<Worker> {
    this.isolates += 1;
    const url = `${pathToFileURL(this.options.bundle).href}?isolate=${this.isolates}`;
    return (await import(url)).default as Worker;
  }

  /** One invocation with its waitUntil tasks: its CPU time, subrequests and D1 queries. */
  private async run(call: (ctx: Ctx) => Promise<Response | undefined>): Promise<Sample> {
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

  private record(job: string, kind: "warm" | "cold", sample: Sample, expect: number) {
    if (sample.status !== expect) {
      throw new Error(`${job}: the Worker answered ${sample.status}, not ${expect}`);
    }
    const kept = this.samples.get(job) ?? { warm: [], cold: [] };
    kept[kind].push(sample);
    this.samples.set(job, kept);
    if (this.lastProfile) this.profiles.add(`${job} (${kind})`, this.lastProfile);
  }

  // ---- the requests, as a browser on the site sends them ----

  private headers(extra: Record<string, string>) {
    return { host: "rink.example", "cf-connecting-ip": "203.0.113.7", ...extra };
  }

  private contact(n: number) {
    return new Request(`${site}/f/contact`, {
      method: "POST",
      headers: this.headers({
        "content-type": "application/json",
        accept: "application/json",
        origin: site,
      }),
      body: JSON.stringify({
        name: `Visitor ${n}`,
        email: `visitor-${n}@example.com`,
        phone: "",
        subject: "birthday-party",
        message: "Do you have a party room free on Saturday the 14th for 12 kids? Thank you!",
      }),
    });
  }

  /** A beacon as navigator.sendBeacon sends it, each from a phone of its own (the limit is per client). */
  private beacon(n: number, body: Record<string, unknown>) {
    return new Request(`${site}${insightsBeaconPath}`, {
      method: "POST",
      headers: {
        host: "rink.example",
        "cf-connecting-ip": `198.51.100.${n % 250}`,
        "content-type": "text/plain;charset=UTF-8",
        origin: site,
        "user-agent":
          "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
      },
      body: JSON.stringify({ v: beaconVersion, path: "/parties", ...body }),
    });
  }

  private signup(n: number) {
    const digits = String(2_000_000 + n).padStart(7, "0");
    return new Request(`${site}/f/newsletter`, {
      method: "POST",
      headers: this.headers({
        "content-type": "application/json",
        accept: "application/json",
        origin: site,
      }),
      body: JSON.stringify({
        email: `signup-${n}@example.com`,
        phone: `(317) ${digits.slice(0, 3)}-${digits.slice(3)}`,
      }),
    });
  }

  /** A page of the owner's area, or its form's post (with `form`). */
  private ownerPage(path: string, form?: URLSearchParams) {
    return new Request(`${site}${path}`, {
      method: form ? "POST" : "GET",
      headers: this.headers({
        cookie: `__Host-rink_owner=${this.session}`,
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
        ...(form ? { origin: site, "content-type": "application/x-www-form-urlencoded" } : {}),
      }),
      ...(form ? { body: form.toString() } : {}),
    });
  }

  /** The editor's save (Sveltia's createCommitOnBranch): sessions.yml, and files beside it. */
  private async save(n: number, more: { path: string; contents: string }[] = []) {
    const sessions = readFileSync(join(fixtureContentDir, "sessions.yml"), "utf8");
    const changed = `${sessions}\n# saved by the bench, ${n}\n`;
    const body = JSON.stringify({
      query: `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid committedDate file_0: file(path: "content/sessions.yml") { oid } } } }`,
      variables: {
        input: {
          branch: { repositoryNameWithOwner: this.env.GITHUB_REPO, branchName: "main" },
          expectedHeadOid: await this.options.standIns.head(),
          fileChanges: {
            additions: [
              {
                path: "content/sessions.yml",
                contents: Buffer.from(changed).toString("base64"),
              },
              ...more,
            ],
            deletions: [],
          },
          message: { headline: "Content: sessions / sessions changed in the editor" },
        },
      },
    });
    return new Request(`${site}/admin/api/graphql`, {
      method: "POST",
      headers: this.headers({
        authorization: "token site-session",
        accept: "application/json",
        "content-type": "application/json",
        origin: site,
        cookie: `__Host-rink_owner=${this.session}`,
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "cors",
        "sec-fetch-dest": "empty",
      }),
      body,
    });
  }

  /** A photo as the editor uploads it: JPEG's markers around noise (4 MB: a phone's own). */
  private photo(n: number, size = phonePhotoBytes) {
    const bytes = new Uint8Array(size);
    for (let at = 0; at < bytes.length; at += 65_536) {
      crypto.getRandomValues(bytes.subarray(at, Math.min(at + 65_536, bytes.length)));
    }
    bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00], 0);
    bytes.set([0xff, 0xd9], bytes.length - 2);
    return {
      path: `content/photos/phone-photo-${n}.jpg`,
      contents: Buffer.from(bytes).toString("base64"),
    };
  }

  /** "Post an update" after its preview: news, to both lists. */
  private update() {
    const tomorrow = rinkDate(new Date(Date.now() + 86_400_000));
    return new URLSearchParams([
      ["kind", "news"],
      ["note", "Open late tonight: skating until 11 pm, $8 at the door."],
      ["until", `${tomorrow}T12:00`],
      ["lists", "email"],
      ["lists", "text"],
      ["id", crypto.randomUUID()],
    ]);
  }

  // ---- the template: 500 signups with email and phone, every phone on the text list ----

  private async makeTemplate() {
    this.template = join(this.options.dir, "template.db");
    const inbox = openDatabase(this.template);
    const now = new Date();
    await ownerStore(inbox.sql).addSession(
      await tokenHash(this.session),
      ownerEmail,
      now.toISOString(),
      new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    );
    inbox.close();
    const db = new DatabaseSync(this.template);
    const insert = db.prepare(statements.insert);
    const consent = db.prepare(
      "INSERT INTO list_consent (list, person, state, reason, at) VALUES ('text', ?, 'in', 'YES', ?)",
    );
    db.exec("BEGIN");
    for (let i = 0; i < subscribers; i++) {
      const createdAt = new Date(now.getTime() - (subscribers - i) * 60_000).toISOString();
      const digits = String(1_000_000 + i);
      const params = insertParams({
        form: "newsletter",
        createdAt,
        data: {
          email: `subscriber-${i}@example.com`,
          phone: `(317) ${digits.slice(1, 4)}-${digits.slice(4)}`,
        },
        spam: false,
      });
      insert.all(...params);
      consent.run(params[4], createdAt);
    }
    // Their owner's emails went out long ago: the cron's retry has nothing of theirs to send.
    db.exec("UPDATE submissions SET notify_sent_at = created_at");
    db.exec("COMMIT");
    db.close();
  }

  // ---- the jobs ----

  async measure(runs: number): Promise<EdgeBudgetRow[]> {
    const { say, standIns } = this.options;
    await this.makeTemplate();
    const warm = await this.isolate();
    const env = this.env;
    const on = (worker: Worker, request: Request) => (ctx: Ctx) => worker.fetch(request, env, ctx);
    const tick = (worker: Worker) => async (ctx: Ctx) => {
      await worker.scheduled({ cron: "* * * * *", scheduledTime: Date.now() }, env, ctx);
      return undefined;
    };
    let n = 0;

    // Form posts and the owner's home: one database that grows as they come.
    await this.freshDatabase("posts");
    for (const [job, make, status] of [
      [jobs.contact, (i: number) => this.contact(i), 200],
      [jobs.signup, (i: number) => this.signup(i), 200],
      [jobs.home, () => this.ownerPage("/inbox/"), 200],
      [
        jobs.view,
        (i: number) => this.beacon(i, { type: "view", ref: "https://www.google.com/" }),
        204,
      ],
      [
        jobs.vitals,
        (i: number) =>
          this.beacon(i, {
            type: "vitals",
            metrics: { LCP: 1840, INP: 96, CLS: 0.02, FCP: 1210, TTFB: 380 },
          }),
        204,
      ],
    ] as const) {
      say(`  ${job}`);
      await this.run(on(warm, make(++n)));
      for (let i = 0; i < runs; i++) {
        this.record(job, "warm", await this.run(on(warm, make(++n))), status);
      }
      for (let i = 0; i < runs; i++) {
        const cold = await this.isolate();
        this.record(job, "cold", await this.run(on(cold, make(++n))), status);
      }
    }

    // The editor: the first save of a fresh isolate, then saves once the check is loaded.
    say(`  ${jobs.firstSave}`);
    for (let i = 0; i < runs; i++) {
      const request = await this.save(++n);
      const cold = await this.isolate();
      this.record(jobs.firstSave, "cold", await this.run(on(cold, request)), 200);
    }
    say(`  ${jobs.save}`);
    for (let i = 0; i <= runs; i++) {
      const sample = await this.run(on(warm, await this.save(++n)));
      if (i > 0) this.record(jobs.save, "warm", sample, 200);
    }
    say(`  ${jobs.photo}`);
    for (let i = 0; i <= runs; i++) {
      const sample = await this.run(on(warm, await this.save(++n, [this.photo(n)])));
      if (i > 0) this.record(jobs.photo, "warm", sample, 200);
    }
    for (let i = 0; i < runs; i++) {
      const request = await this.save(++n, [this.photo(n)]);
      const cold = await this.isolate();
      this.record(jobs.photo, "cold", await this.run(on(cold, request)), 200);
    }
    say(`  ${jobs.smallPhoto}`);
    for (let i = 0; i <= runs; i++) {
      const request = await this.save(++n, [this.photo(n, smallPhotoBytes)]);
      const sample = await this.run(on(warm, request));
      if (i > 0) this.record(jobs.smallPhoto, "warm", sample, 200);
    }

    // An update to the lists: the owner's post (its first pass in waitUntil), then the Cron
    // Trigger's passes until every text has gone, each run on its own copy of the template.
    // Run 0 is not counted; runs 1 to `runs` are warm; the others post from a fresh isolate
    // and run the next pass on another (the passes after it, warm, are not counted).
    say(`  ${jobs.post}; ${jobs.pass}`);
    for (let i = 0; i <= runs * 2; i++) {
      const kind = i <= runs ? "warm" : "cold";
      await this.freshDatabase("update");
      const before = (await standIns.counts()).twilio;
      const posting = kind === "cold" ? await this.isolate() : warm;
      const post = await this.run(on(posting, this.ownerPage("/inbox/updates", this.update())));
      if (i > 0) this.record(jobs.post, kind, post, 303);
      for (let pass = 0; pass < 100; pass++) {
        const worker = kind === "cold" && pass === 0 ? await this.isolate() : warm;
        const sample = await this.run(tick(worker));
        if (sample.fetches === 0) break;
        if (i > 0 && (kind === "warm" || pass === 0)) this.record(jobs.pass, kind, sample, 0);
      }
      const texts = (await standIns.counts()).twilio - before;
      if (texts !== subscribers) {
        throw new Error(`The update sent ${texts} texts, not one to each of ${subscribers}`);
      }
    }

    // The Cron Trigger with nothing to send: the emails' retry and the outbox's pass, empty.
    say(`  ${jobs.cron}`);
    await this.freshDatabase("cron");
    for (let i = 0; i <= runs; i++) {
      const sample = await this.run(tick(warm));
      if (i > 0) this.record(jobs.cron, "warm", sample, 0);
    }
    for (let i = 0; i < runs; i++) {
      this.record(jobs.cron, "cold", await this.run(tick(await this.isolate())), 0);
    }

    return Object.values(jobs).map((job) => this.row(job));
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

  private row(job: string): EdgeBudgetRow {
    const { warm, cold } = this.samples.get(job) ?? { warm: [], cold: [] };
    // A job that is only ever cold (the first save) has its figures as the job's own.
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
}

// ---- where the time goes (--profile) ----

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** V8's sampling profiler on this process, one profile a run. */
class Profiler {
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
class ProfileSummary {
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
