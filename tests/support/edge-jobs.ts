// The Worker jobs `npm run bench:edge`'s budget measures (edge-budget.ts), run in the lab
// (edge-lab.ts): their names, the requests each sends as a browser on the site (or the editor)
// sends them, the database every job starts from (500 signups with email and phone, every phone
// on the text list, the owner signed in), and the order they run in, warm and cold.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { rinkDate } from "../../rink/clock.ts";
import { beaconActionNames, beaconVersion, insightsBeaconPath } from "../../rink/insights.ts";
import { insertParams, statements } from "../../server/forms/submission.ts";
import { sitePaths } from "../../server/insights/site-paths-built.ts";
import { beaconBounds } from "../../server/insights/store.ts";
import { openDatabase } from "../../server/node/database.ts";
import { tokenHash } from "../../server/owner/auth.ts";
import { ownerStore } from "../../server/owner/store.ts";
import { fixtureContentDir } from "./build.ts";
import { type Ctx, type Lab, ownerEmail, site, type Worker } from "./edge-lab.ts";
import type { StandIns } from "./edge-stand-ins.ts";

/** The job names, as the report and its test (tests/edge-budget.test.ts) spell them. */
export const jobs = {
  contact: "form post: a contact message (stored, the owner emailed)",
  signup:
    "form post: a newsletter signup with email and phone (its outbox pass asked for on the Queue)",
  signupPass:
    "a newsletter signup's outbox pass, a Queue message (Kit subscribe, confirmation text)",
  home: "the owner's home page, signed in",
  homeYear: "the owner's home page, signed in, over a year of counts",
  insightsPage: 'the owner\'s "How the site is doing", signed in, over a year of counts',
  view: "a page's beacon: a view from a phone (counted, its visitor's hash made)",
  vitals: "a page's beacon: a phone's speed (web-vitals' five figures)",
  firstSave:
    "editor: the first save after a start (the isolate's first read of the branch before it, as the editor makes one)",
  save: "editor: a later save",
  photo:
    "editor: a save with a 4 MB phone photo as it was taken (refused unread: the editor sends a WebP of 1600 px)",
  smallPhoto: "editor: a save with a phone's photo as the editor sends it (WebP, 1600 px: 150 KB)",
  post: "update to 500 emails and 500 texts: the owner's post (its first outbox pass asked for on the Queue)",
  pass: "update to 500 emails and 500 texts: each outbox pass after it (a Queue message's, chained, or the Cron's)",
  cron: "cron (scheduled): nothing due",
} as const;

const subscribers = 500;
const phonePhotoBytes = 4 * 1024 * 1024;
/**
 * What the editor's image transformations (WebP, at most 1600 px) make of a phone's photo:
 * 146 KB from a 4.58 MB 4000x3000 JPEG in tests/e2e/editor-github.spec.ts (Safari too, with
 * the encoder the site serves: decision 018).
 */
const smallPhotoBytes = 150 * 1024;
/** The owner's session cookie, its hash kept in the template database. */
const session = "s".repeat(43);

/** Every job, `runs` times warm and `runs` times cold, each run kept by the lab. */
export async function runJobs(
  lab: Lab,
  {
    runs,
    say,
    standIns,
    only,
  }: {
    runs: number;
    say: (line: string) => void;
    standIns: StandIns;
    /** "counts": only the owner's pages over a year of counts (bench:edge's --only=counts). */
    only?: "counts";
  },
): Promise<void> {
  await writeTemplate(lab.template);
  const warm = await lab.isolate();
  const env = lab.env;
  const on = (worker: Worker, request: Request) => (ctx: Ctx) => worker.fetch(request, env, ctx);
  if (only === "counts") {
    await ownerCountsJobs(lab, warm, { runs, say });
    return;
  }
  const tick = (worker: Worker) => async (ctx: Ctx) => {
    await worker.scheduled({ cron: "* * * * *", scheduledTime: Date.now() }, env, ctx);
    return undefined;
  };
  /** A Queue's batch of one message, as the consumer (max_batch_size 1) is handed it. */
  const deliver = (worker: Worker, body: unknown) => async (ctx: Ctx) => {
    const message = { id: "m", timestamp: new Date(), body, attempts: 1, ack() {}, retry() {} };
    await worker.queue({ queue: "rink-outbox-passes", messages: [message] }, env, ctx);
    return undefined;
  };
  const save = async (n: number, more: { path: string; contents: string }[] = []) =>
    saveRequest(n, env.GITHUB_REPO as string, await standIns.head(), more);
  let n = 0;

  // Form posts and the owner's home: one database that grows as they come.
  await lab.freshDatabase("posts");
  for (const [job, make, status] of [
    [jobs.contact, (i: number) => contactRequest(i), 200],
    [jobs.signup, (i: number) => signupRequest(i), 200],
    [jobs.home, () => ownerPageRequest("/inbox/"), 200],
    [
      jobs.view,
      (i: number) => beaconRequest(i, { type: "view", ref: "https://www.google.com/" }),
      204,
    ],
    [
      jobs.vitals,
      (i: number) =>
        beaconRequest(i, {
          type: "vitals",
          metrics: { LCP: 1840, INP: 96, CLS: 0.02, FCP: 1210, TTFB: 380 },
        }),
      204,
    ],
  ] as const) {
    say(`  ${job}`);
    // The passes a signup asked for, each an invocation of its own (the warm isolate's).
    const passes = async (record: boolean) => {
      for (let body = lab.takeQueued(); body !== undefined; body = lab.takeQueued()) {
        const sample = await lab.run(deliver(warm, body));
        if (record) lab.record(jobs.signupPass, "warm", sample, 0);
      }
    };
    await lab.run(on(warm, make(++n)));
    await passes(false);
    for (let i = 0; i < runs; i++) {
      lab.record(job, "warm", await lab.run(on(warm, make(++n))), status);
      await passes(true);
    }
    for (let i = 0; i < runs; i++) {
      const cold = await lab.isolate();
      lab.record(job, "cold", await lab.run(on(cold, make(++n))), status);
      await passes(true);
    }
  }

  // The editor's first save on a freshly started isolate (the content check made at its start,
  // decision 024): after the read of the branch's last commit the editor makes before any save
  // (for expectedHeadOid; it also fetched the installation token), not counted; and, cold, as
  // the isolate's very first request, which no save is in the editor.
  say(`  ${jobs.firstSave}`);
  for (let i = 0; i < runs; i++) {
    const started = await lab.isolate();
    await lab.run(on(started, readRequest(env.GITHUB_REPO as string)));
    lab.record(jobs.firstSave, "warm", await lab.run(on(started, await save(++n))), 200);
  }
  for (let i = 0; i < runs; i++) {
    const request = await save(++n);
    const cold = await lab.isolate();
    lab.record(jobs.firstSave, "cold", await lab.run(on(cold, request)), 200);
  }
  say(`  ${jobs.save}`);
  for (let i = 0; i <= runs; i++) {
    const sample = await lab.run(on(warm, await save(++n)));
    if (i > 0) lab.record(jobs.save, "warm", sample, 200);
  }
  // A phone's photo as it was taken, sent by something other than the editor: refused by its
  // Content-Length before a byte is read (413).
  say(`  ${jobs.photo}`);
  for (let i = 0; i <= runs; i++) {
    const sample = await lab.run(on(warm, await save(++n, [photo(n)])));
    if (i > 0) lab.record(jobs.photo, "warm", sample, 413);
  }
  for (let i = 0; i < runs; i++) {
    const request = await save(++n, [photo(n)]);
    const cold = await lab.isolate();
    lab.record(jobs.photo, "cold", await lab.run(on(cold, request)), 413);
  }
  say(`  ${jobs.smallPhoto}`);
  for (let i = 0; i <= runs; i++) {
    const request = await save(++n, [photo(n, smallPhotoBytes)]);
    const sample = await lab.run(on(warm, request));
    if (i > 0) lab.record(jobs.smallPhoto, "warm", sample, 200);
  }

  // An update to the lists: the owner's post (which asks for its first pass on the Queue), then
  // each pass (a Queue message, delivered as an invocation of its own) until none is queued, then
  // the Cron Trigger's until one sends nothing; each run on its own copy of the template.
  // Run 0 is not counted; runs 1 to `runs` are warm; the others post from a fresh isolate
  // and run the next pass on another (the passes after it, warm, are not counted).
  say(`  ${jobs.post}; ${jobs.pass}`);
  for (let i = 0; i <= runs * 2; i++) {
    const kind = i <= runs ? "warm" : "cold";
    await lab.freshDatabase("update");
    const before = (await standIns.counts()).twilio;
    const posting = kind === "cold" ? await lab.isolate() : warm;
    const post = await lab.run(on(posting, ownerPageRequest("/inbox/updates", updateForm())));
    if (i > 0) lab.record(jobs.post, kind, post, 303);
    for (let pass = 0; pass < 400; pass++) {
      const worker = kind === "cold" && pass === 0 ? await lab.isolate() : warm;
      const message = lab.takeQueued();
      const sample = await lab.run(message ? deliver(worker, message) : tick(worker));
      if (!message && sample.fetches === 0) break;
      if (i > 0 && (kind === "warm" || pass === 0)) lab.record(jobs.pass, kind, sample, 0);
    }
    const texts = (await standIns.counts()).twilio - before;
    if (texts !== subscribers) {
      throw new Error(`The update sent ${texts} texts, not one to each of ${subscribers}`);
    }
  }

  await ownerCountsJobs(lab, warm, { runs, say });

  // The Cron Trigger with nothing to send: the emails' retry and the outbox's pass, empty.
  say(`  ${jobs.cron}`);
  await lab.freshDatabase("cron");
  for (let i = 0; i <= runs; i++) {
    const sample = await lab.run(tick(warm));
    if (i > 0) lab.record(jobs.cron, "warm", sample, 0);
  }
  for (let i = 0; i < runs; i++) {
    lab.record(jobs.cron, "cold", await lab.run(tick(await lab.isolate())), 0);
  }
}

/**
 * The owner's home and "How the site is doing" over a year of counts, as many as the beacon's
 * bounds let a day hold, on a copy of the template with them.
 */
async function ownerCountsJobs(
  lab: Lab,
  warm: Worker,
  { runs, say }: { runs: number; say: (line: string) => void },
) {
  const on = (worker: Worker, request: Request) => (ctx: Ctx) =>
    worker.fetch(request, lab.env, ctx);
  say(`  ${jobs.homeYear}; ${jobs.insightsPage}`);
  writeYearOfCounts(lab.template);
  await lab.freshDatabase("year");
  for (const [job, path] of [
    [jobs.homeYear, "/inbox/"],
    [jobs.insightsPage, "/inbox/insights"],
  ] as const) {
    for (let i = 0; i <= runs; i++) {
      const sample = await lab.run(on(warm, ownerPageRequest(path)));
      if (i > 0) lab.record(job, "warm", sample, 200);
    }
    for (let i = 0; i < runs; i++) {
      const cold = await lab.isolate();
      lab.record(job, "cold", await lab.run(on(cold, ownerPageRequest(path))), 200);
    }
  }
}

// ---- the requests, as a browser on the site sends them ----

function headers(extra: Record<string, string>) {
  return { host: "rink.example", "cf-connecting-ip": "203.0.113.7", ...extra };
}

/** A form's JSON post from a page of the site, as its script sends it. */
const formPost = (path: string, body: Record<string, unknown>) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: headers({
      "content-type": "application/json",
      accept: "application/json",
      origin: site,
    }),
    body: JSON.stringify(body),
  });

function contactRequest(n: number) {
  return formPost("/f/contact", {
    name: `Visitor ${n}`,
    email: `visitor-${n}@example.com`,
    phone: "",
    subject: "birthday-party",
    message: "Do you have a party room free on Saturday the 14th for 12 kids? Thank you!",
  });
}

/** A beacon as navigator.sendBeacon sends it, each from a phone of its own (the limit is per client). */
function beaconRequest(n: number, body: Record<string, unknown>) {
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

function signupRequest(n: number) {
  const digits = String(2_000_000 + n).padStart(7, "0");
  return formPost("/f/newsletter", {
    email: `signup-${n}@example.com`,
    phone: `(317) ${digits.slice(0, 3)}-${digits.slice(3)}`,
  });
}

/** A page of the owner's area, or its form's post (with `form`). */
function ownerPageRequest(path: string, form?: URLSearchParams) {
  return new Request(`${site}${path}`, {
    method: form ? "POST" : "GET",
    headers: headers({
      cookie: `__Host-rink_owner=${session}`,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
      ...(form ? { origin: site, "content-type": "application/x-www-form-urlencoded" } : {}),
    }),
    ...(form ? { body: form.toString() } : {}),
  });
}

/** The editor's signed-in call to the proxy's GraphQL, as Sveltia makes it. */
const editorCall = (body: string) =>
  new Request(`${site}/admin/api/graphql`, {
    method: "POST",
    headers: headers({
      // As a browser sends it: the proxy refuses a body too large for a save by its length.
      "content-length": String(Buffer.byteLength(body)),
      authorization: "token site-session",
      accept: "application/json",
      "content-type": "application/json",
      origin: site,
      cookie: `__Host-rink_owner=${session}`,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "cors",
      "sec-fetch-dest": "empty",
    }),
    body,
  });

/** The editor's read of the branch's last commit (Sveltia's, before it saves). */
function readRequest(repo: string) {
  const [owner, name] = repo.split("/");
  return editorCall(
    JSON.stringify({
      query: `query($owner: String!, $repo: String!, $branch: String!) { repository(owner: $owner, name: $repo) { ref(qualifiedName: $branch) { target { ... on Commit { history(first: 1) { nodes { oid message } } } } } } }`,
      variables: { owner, repo: name, branch: "main" },
    }),
  );
}

/**
 * The editor's save (Sveltia's createCommitOnBranch) to `repo` on top of `head`: sessions.yml,
 * and files beside it.
 */
function saveRequest(
  n: number,
  repo: string,
  head: string,
  more: { path: string; contents: string }[] = [],
) {
  const sessions = readFileSync(join(fixtureContentDir, "sessions.yml"), "utf8");
  const changed = `${sessions}\n# saved by the bench, ${n}\n`;
  const body = JSON.stringify({
    query: `mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid committedDate file_0: file(path: "content/sessions.yml") { oid } } } }`,
    variables: {
      input: {
        branch: { repositoryNameWithOwner: repo, branchName: "main" },
        expectedHeadOid: head,
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
  return editorCall(body);
}

/** A photo as the editor uploads it: JPEG's markers around noise (4 MB: a phone's own). */
function photo(n: number, size = phonePhotoBytes) {
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
function updateForm() {
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

// ---- a year of counts, the most the beacon's bounds let a day hold of each kind ----

/**
 * 365 days to today of count rows (each page from 10 sources on 3 devices, 3 pages' taps of each
 * action), each day's row, and 28 days of vitals at the bound a page (store.ts's beaconBounds),
 * written into `file` as the beacons would leave them.
 */
export function writeYearOfCounts(file: string) {
  const db = new DatabaseSync(file);
  const sources = [
    ["search", "Google"],
    ["search", "Bing"],
    ["social", "Facebook"],
    ["social", "Instagram"],
    ["direct", ""],
    ["other", ""],
    ["other", "indyparent.com"],
    ["other", "visitindy.com"],
    ["other", "yelp.com"],
    ["other", "nextdoor-like.example"],
  ];
  const count = db.prepare(
    `INSERT INTO insight_counts (day, page, action, label, source, site, device, hits, visitors)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const dayRow = db.prepare(
    `INSERT INTO insight_days (day, written, beacons, visits, views, call, directions, vitals)
     VALUES (?, 15000, 5000, ?, ?, ?, ?, ?)`,
  );
  const vitals = db.prepare(
    `INSERT INTO insight_vitals (day, page, sample, lcp, inp, cls, fcp, ttfb)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const today = Date.now();
  db.exec("BEGIN");
  for (let d = 0; d < 365; d++) {
    const day = rinkDate(new Date(today - d * 86_400_000));
    for (const [p, page] of sitePaths.entries()) {
      for (const [s, [source = "", site = ""]] of sources.entries()) {
        for (const device of ["phone", "tablet", "laptop"]) {
          count.run(day, page, "", "", source, site, device, 3 + ((p + s) % 7), 1 + (s % 3));
        }
      }
    }
    for (const page of sitePaths.slice(0, 3)) {
      for (const action of beaconActionNames) {
        const label = action === "newsletter_signup" ? "email" : "";
        for (const device of ["phone", "tablet", "laptop"]) {
          count.run(day, page, action, label, "", "", device, 2, 0);
        }
      }
    }
    dayRow.run(day, 400, 1200, 30, 12, d < 28 ? beaconBounds.vitalsPerPage * sitePaths.length : 0);
    if (d >= 28) continue;
    for (const page of sitePaths) {
      for (let i = 0; i < beaconBounds.vitalsPerPage; i++) {
        const n = d * 1000 + i;
        vitals.run(
          day,
          page,
          n,
          900 + (n % 4000),
          40 + (n % 500),
          (n % 30) / 100,
          700 + (n % 2000),
          100 + (n % 900),
        );
      }
    }
  }
  db.exec("COMMIT");
  db.close();
}

// ---- the template: 500 signups with email and phone, every phone on the text list ----

async function writeTemplate(file: string) {
  const inbox = openDatabase(file);
  const now = new Date();
  await ownerStore(inbox.sql).addSession(
    await tokenHash(session),
    ownerEmail,
    now.toISOString(),
    new Date(now.getTime() + 30 * 86_400_000).toISOString(),
  );
  inbox.close();
  const db = new DatabaseSync(file);
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
