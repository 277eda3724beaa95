// `npm run bench:insights`: a flood of made-up beacons against the Node server (100 a second
// for a minute by default; BENCH_RATE, BENCH_SECONDS), from made-up addresses so the
// per-client limit lets all of it in, while a contact form is sent every half second and a page
// loaded every 100 ms (tests/support/insights-flood.ts). First the control, the same requests
// with Sec-GPC: 1 (answered unread, nothing counted: what the requests alone cost), then the
// counted flood. Prints the beacons' answers and times, the views counted, the forms sent,
// accepted and found in SQLite, and the page's times before and during, with the machine's load.
// Then the D1 rows each kind of beacon writes, as D1 counts them (each result's meta, indexes
// included), from a probe Worker on `wrangler dev` running the room's own statements, and what
// the beacon's budget of a day (a fifth of the free plan's 100,000 rows) allows. Not part of
// `npm test` (tests/insights.test.ts runs 10 s of the flood).
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import {
  beaconBounds,
  beaconStatements,
  type Hit,
  insightsStore,
  maxRowsPerBeacon,
} from "../server/insights/store.ts";
import { tempDir } from "../tests/support/fake-site.ts";
import { nodeTarget } from "../tests/support/inbox-targets.ts";
import { flood, type Timing } from "../tests/support/insights-flood.ts";
import { freePort, stopProcessGroup, waitUntilUp } from "../tests/support/server.ts";
import { projectRoot } from "../tooling/project.ts";
import { applyMigrations, spawnEdgeDev, workerConfig } from "../tooling/wrangler.ts";

const rate = Number(process.env.BENCH_RATE ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);

const ms = (t: Timing) => `p50 ${t.p50} ms, p95 ${t.p95} ms, max ${t.max} ms (${t.count})`;
// No daily ceiling per form: the minute's forms are each judged on their own.
const target = await nodeTarget({ DAILY_LIMIT_PER_FORM: "0" });
try {
  for (const gpc of [true, false]) {
    const load = loadavg()[0]?.toFixed(2);
    const before = target.rows().length;
    const [{ views: countedBefore = 0 } = {}] = target.query(
      "SELECT sum(hits) AS views FROM insight_counts WHERE action = ''",
    ) as { views?: number }[];
    const url = target.url;
    const result = await flood({ url, clientHeader: target.clientHeader, rate, seconds, gpc });
    const stored = target.rows().length - before;
    // The last second's beacons are written within a second of the flood's end.
    await new Promise((r) => setTimeout(r, 2000));
    const [{ views = 0 } = {}] = target.query(
      "SELECT sum(hits) AS views FROM insight_counts WHERE action = ''",
    ) as { views?: number }[];
    console.log(
      gpc
        ? "\nThe control: the same requests with Sec-GPC: 1 (answered 204 unread, nothing counted)"
        : "\nThe flood: made-up beacons, counted",
    );
    console.log(
      `${rate} a second for ${seconds} s (${result.seconds} s); load average ${load} before`,
    );
    console.log(
      `Beacons: ${result.beacons.sent} sent, answers ${JSON.stringify(result.beacons.statuses)}; ${ms(result.beacons.ms)}`,
    );
    console.log(
      `Views: ${gpc ? 0 : result.beacons.views} to count, ${views - countedBefore} counted`,
    );
    console.log(
      `Forms: ${result.forms.sent} sent, ${result.forms.accepted} accepted, ${stored} in SQLite; ${ms(result.forms.ms)}`,
    );
    console.log(`Page before: ${ms(result.pages.before)}`);
    console.log(`Page during: ${ms(result.pages.during)}; ${result.pages.failed} failed`);
    if (stored !== result.forms.sent || result.pages.failed > 0) process.exitCode = 1;
  }
  console.log(`Load average after: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  await target.stop();
}

// The D1 rows of each beacon, held to the day's budget and the client's share in its own batch
// (store.ts). The day's end deletes each client's row (one row) and, 28 days on, each vitals row
// (one row): counted here too, as the plan counts deletes.
const day = "2026-12-07";
const newVisitor: Hit = {
  type: "view",
  day,
  path: "/parties",
  source: { kind: "search", site: "Google" },
  device: "phone",
  client: "a".repeat(32),
  agent: "0000000a",
  key: 1,
};
const probes = {
  "a new visitor's view": beaconStatements(newVisitor),
  "the same visitor's next view": beaconStatements({ ...newVisitor, path: "/", key: 2 }),
  "that view again (its row now there)": beaconStatements({ ...newVisitor, path: "/", key: 3 }),
  "a first view from another site": beaconStatements({
    ...newVisitor,
    client: "b".repeat(32),
    source: { kind: "other", site: "indyparent.com" },
    key: 4,
  }),
  "a tap (call)": beaconStatements({
    type: "action",
    day,
    path: "/",
    action: "call",
    label: null,
    device: "phone",
    client: "a".repeat(32),
    key: 5,
  }),
  "a phone's vitals": beaconStatements({
    type: "vitals",
    day,
    path: "/",
    metrics: { LCP: 2000, INP: 120, CLS: 0.01, FCP: 1200, TTFB: 400 },
    client: "a".repeat(32),
    key: 6,
  }),
};
// The day's end, as insights/tick.ts runs it, with the salts made: captured from the store.
const dayEnd: (readonly (string | number | null)[])[] = [];
await insightsStore({
  all: () => [],
  run: () => 0,
  batch: (list) => {
    dayEnd.push(...list);
  },
}).endDays("2026-12-08", "2026-12-09", "2026-12-08", "2024-01-01");

const dir = tempDir("rink-insights-probe-");
try {
  const probe = join(dir.path, "probe");
  mkdirSync(probe);
  writeFileSync(
    join(probe, "wrangler.json"),
    JSON.stringify({
      name: "insights-probe",
      main: "probe.js",
      compatibility_date: workerConfig().compatibility_date,
      d1_databases: [
        {
          binding: "DB",
          database_name: "probe",
          database_id: "00000000-0000-4000-8000-000000000002",
          migrations_dir: join(projectRoot, "server/migrations"),
        },
      ],
    }),
  );
  writeFileSync(
    join(probe, "probe.js"),
    `const probes = ${JSON.stringify({ ...probes, "the day's end": dayEnd })};
export default { async fetch(_request, env) {
  const rows = {};
  for (const [name, statements] of Object.entries(probes)) {
    const results = await env.DB.batch(
      statements.map(([sql, ...params]) => env.DB.prepare(sql).bind(...params)),
    );
    rows[name] = results.reduce((sum, r) => sum + r.meta.rows_written, 0);
  }
  return Response.json(rows);
} };
`,
  );
  const place = { cwd: probe, persistTo: join(probe, "state"), home: join(probe, "home") };
  mkdirSync(place.home);
  await applyMigrations(place);
  const port = await freePort();
  const server = spawnEdgeDev({ ...place, port });
  let rows: Record<string, number>;
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/`, server, (why) => `probe ${why}`);
    rows = await (await fetch(`http://127.0.0.1:${port}/`)).json();
  } finally {
    await stopProcessGroup(server, "SIGTERM", 2_000);
  }
  console.log("\nD1 rows written per beacon (one batch each; indexes included):");
  for (const [name, count] of Object.entries(rows)) console.log(`  ${name}: ${count}`);
  // A family's visit: a first view and its vitals, then each further page's view and vitals,
  // with the hash's and the vitals' later deletes.
  const first = (rows["a new visitor's view"] ?? 0) + 1 + (rows["a phone's vitals"] ?? 0) + 1;
  const budget = beaconBounds.rowsPerDay;
  console.log(
    `The beacon's budget: ${budget.toLocaleString("en-US")} rows a day, all clients (at most ${maxRowsPerBeacon} a beacon); a client's share: ${beaconBounds.beaconsPerClient} beacons a day (at most ${beaconBounds.beaconsPerClient * maxRowsPerBeacon} rows)`,
  );
  const next = (rows["the same visitor's next view"] ?? 0) + (rows["a phone's vitals"] ?? 0) + 1;
  const perVisit = first + 2 * next;
  console.log(
    `A visit of 3 pages on a phone, deletes included: ${perVisit} rows; the beacon's ${budget.toLocaleString("en-US")} rows a day: about ${Math.floor(budget / perVisit).toLocaleString("en-US")} such visits (${Math.floor((3 * budget) / perVisit).toLocaleString("en-US")} page views) a day, before taps`,
  );
} finally {
  dir.remove();
}
