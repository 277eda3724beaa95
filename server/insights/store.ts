// The counts' SQL (migrations/0013, 0016), the same on both databases through the inbox's
// SqlRunner: what one beacon writes (beaconStatements: one batch, so one transaction and one D1
// call, held to its client's share and the day's budget by the batch itself), the day's salt,
// the day's end, and the reads of the owner's page, the home's line and the Monday summary.
// Every read is bounded by its dates (the tables' keys start with the day) and answers a few
// rows: the sums, the top lists and the percentiles are the database's work, not the host's.
import {
  type BeaconAction,
  beaconActionNames,
  type VitalName,
  vitalNames,
} from "../../rink/insights.ts";
import { hex, sha256 } from "../sha256.ts";
import type { SqlRunner, SqlStatement } from "../sql.ts";
import type { DeviceClass, Source, SourceKind } from "./classify.ts";

/** What every counted beacon carries besides its own: where and whose it is. */
interface Stamp {
  day: string;
  /** The client's hash for this day (clientHash): its share of the day is kept by it. */
  client: string;
  /** The beacon's own random key: the batch's later statements find it on the client's row. */
  key: number;
}

/** What one counted beacon is, once its request has been reduced (classify.ts). */
export type Hit = Stamp &
  (
    | {
        type: "view";
        path: string;
        source: Source;
        device: DeviceClass;
        /** The user agent's short hash for this day (agentHash): one visitor per agent. */
        agent: string;
      }
    | {
        type: "action";
        path: string;
        action: BeaconAction;
        label: string | null;
        device: DeviceClass;
      }
    | {
        type: "vitals";
        path: string;
        metrics: Partial<Record<VitalName, number>>;
      }
  );

/** How long the phones' vitals are kept: the owner's page shows the last 28 days. */
export const vitalsDays = 28;
/** How long the daily counts are kept: a year before the page's 8 weeks, and some. */
export const countsDays = 800;

/**
 * What the beacons may write, whoever sends them. Past a bound the beacon is still answered 204
 * and nothing of it is stored: counts are what the site can lose, the forms' writes are not.
 */
export interface BeaconBounds {
  /**
   * D1 rows the beacons may write a day, all clients together, the day's end's deletes of their
   * rows included: a fifth of the free plan's 100,000, the rest kept for the forms, the outbox
   * and the owner.
   */
  rowsPerDay: number;
  /** Beacons stored a day per client (an address; an IPv6 address by its /64): its share. */
  beaconsPerClient: number;
  /** User agents a client's views count as visitors by, a day (a family's devices). */
  agentsPerClient: number;
  /** Phones' vitals samples kept per page a day: the percentiles' sample, bounded. */
  vitalsPerPage: number;
  /** Clients whose first view of the day came from another site before that site is named. */
  clientsToName: number;
}

export const beaconBounds: BeaconBounds = {
  rowsPerDay: 20_000,
  beaconsPerClient: 150,
  agentsPerClient: 8,
  vitalsPerPage: 30,
  clientsToName: 3,
};

/**
 * The most rows one beacon's batch writes: its client's row, its count (or vitals) row, the
 * day's row, and for a first view from another site that site's row. A beacon is let in only
 * while the day's rows written and this stay within the budget, so the day never passes it.
 */
export const maxRowsPerBeacon = 4;

/** The day's row's figures besides `written` and `beacons`, one column per action. */
const dayColumns = ["visits", "views", ...beaconActionNames, "vitals"] as const;
type DayColumn = (typeof dayColumns)[number];

// The gate, first in every batch: the client's row for the day, made or moved on, only while the
// day's budget has room for this beacon (the SELECT's WHERE) and the client its share (the
// update's WHERE). A view adds its agent (",a1b2c3d4,") when new and the client has fewer than
// the bound; `fresh` says whether it did (a visit). `last` marks the beacon let in: every later
// statement of the batch writes only where it finds its key there.
const gate = `INSERT INTO insight_clients (day, client, beacons, views, agents, fresh, last)
  SELECT ?1, ?2, 1, ?3, CASE WHEN ?3 = 1 THEN ',' || ?4 || ',' ELSE ',' END, ?3, ?5
  WHERE coalesce((SELECT written FROM insight_days WHERE day = ?1), 0) + ?6 <= ?7
  ON CONFLICT DO UPDATE SET
    beacons = beacons + 1,
    views = views + excluded.views,
    fresh = (excluded.views = 1 AND instr(agents, ',' || ?4 || ',') = 0 AND length(agents) < ?8),
    agents = CASE WHEN excluded.views = 1 AND instr(agents, ',' || ?4 || ',') = 0
      AND length(agents) < ?8 THEN agents || ?4 || ',' ELSE agents END,
    last = ?5
  WHERE beacons < ?9`;
/** The beacon's client row, found only where the gate let the beacon in (?2 client, ?K key). */
const letIn = (key: string) =>
  `FROM insight_clients c WHERE c.day = ?1 AND c.client = ?2 AND c.last = ${key}`;

// Another site's row: a client's first view of the day from it adds that client.
const referrer = `INSERT INTO insight_referrers (day, site, clients)
  SELECT ?1, ?3, 1 ${letIn("?4")} AND c.views = 1
  ON CONFLICT DO UPDATE SET clients = clients + 1`;
// A view's row: another site by its name once enough clients came from it today, else unnamed.
const upsertView = `INSERT INTO insight_counts
  (day, page, action, label, source, site, device, hits, visitors)
  SELECT ?1, ?3, '', '', ?4,
    CASE WHEN ?4 <> 'other' OR coalesce((SELECT r.clients FROM insight_referrers r
      WHERE r.day = ?1 AND r.site = ?5), 0) >= ?7 THEN ?5 ELSE '' END,
    ?6, 1, c.fresh ${letIn("?8")}
  ON CONFLICT DO UPDATE SET hits = hits + 1, visitors = visitors + excluded.visitors`;
const upsertAction = `INSERT INTO insight_counts
  (day, page, action, label, source, site, device, hits, visitors)
  SELECT ?1, ?3, ?4, ?5, '', '', ?6, 1, 0 ${letIn("?7")}
  ON CONFLICT DO UPDATE SET hits = hits + 1`;
// A phone's vitals, while its page has fewer than the bound today; the row's key is the beacon's.
const insertVitals = `INSERT INTO insight_vitals (day, page, sample, lcp, inp, cls, fcp, ttfb)
  SELECT ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9 ${letIn("?4")}
    AND (SELECT count(*) FROM insight_vitals v WHERE v.day = ?1 AND v.page = ?3) < ?10
  ON CONFLICT DO NOTHING`;
const vitalsKept =
  "EXISTS (SELECT 1 FROM insight_vitals WHERE day = ?1 AND page = ?4 AND sample = ?3)";

/**
 * The day's row, last: the beacon's rows written (`written`, which the gate holds to the day's
 * budget) and its figures, each an SQL expression over the client's row `c`.
 */
function rollup(written: string, figures: Partial<Record<DayColumn, string>>): string {
  const values = dayColumns.map((column) => figures[column] ?? "0");
  return `INSERT INTO insight_days (day, written, beacons, ${dayColumns.join(", ")})
  SELECT ?1, ${written}, 1, ${values.join(", ")} ${letIn("?3")}
  ON CONFLICT DO UPDATE SET written = written + excluded.written, beacons = beacons + 1,
    ${dayColumns.map((column) => `${column} = ${column} + excluded.${column}`).join(", ")}`;
}
const rollups = {
  // The gate's row, the day's, the count's, and another site's on a first view from it.
  view: rollup("3", { visits: "c.fresh", views: "1" }),
  viewFromSite: rollup("3 + (c.views = 1)", { visits: "c.fresh", views: "1" }),
  ...Object.fromEntries(beaconActionNames.map((name) => [name, rollup("3", { [name]: "1" })])),
  vitals: rollup(`2 + ${vitalsKept}`, { vitals: vitalsKept }),
} as Record<"view" | "viewFromSite" | BeaconAction | "vitals", string>;

/** The statements one beacon writes, in order, as one batch, held to `bounds`. */
export function beaconStatements(hit: Hit, bounds: BeaconBounds = beaconBounds): SqlStatement[] {
  const { day, client, key } = hit;
  const view = hit.type === "view";
  const opening: SqlStatement = [
    gate,
    day,
    client,
    view ? 1 : 0,
    view ? hit.agent : "",
    key,
    maxRowsPerBeacon,
    bounds.rowsPerDay,
    1 + 9 * bounds.agentsPerClient,
    bounds.beaconsPerClient,
  ];
  switch (hit.type) {
    case "view": {
      const { kind, site } = hit.source;
      const named = kind === "other" && site !== "";
      return [
        opening,
        ...(named ? [[referrer, day, client, site, key] as const] : []),
        [upsertView, day, client, hit.path, kind, site, hit.device, bounds.clientsToName, key],
        [named ? rollups.viewFromSite : rollups.view, day, client, key],
      ];
    }
    case "action":
      return [
        opening,
        [upsertAction, day, client, hit.path, hit.action, hit.label ?? "", hit.device, key],
        [rollups[hit.action], day, client, key],
      ];
    case "vitals": {
      const m = hit.metrics;
      return [
        opening,
        [
          insertVitals,
          day,
          client,
          hit.path,
          key,
          m.LCP ?? null,
          m.INP ?? null,
          m.CLS ?? null,
          m.FCP ?? null,
          m.TTFB ?? null,
          bounds.vitalsPerPage,
        ],
        [rollups.vitals, day, client, key, hit.path],
      ];
    }
  }
}

/** A new day's salt: 32 random bytes. */
export const newSalt = () => hex(crypto.getRandomValues(new Uint8Array(32)));

const digest = (...parts: string[]) => sha256(parts.join("\n"));

/**
 * The client of a day: SHA-256 of the day's salt and the client's address (its rate-limit key:
 * an IPv6 address by its /64), cut to 128 bits. Without the salt, deleted when the day ends, it
 * cannot be tied back to the address.
 */
export async function clientHash(salt: string, client: string) {
  return hex((await digest(salt, client)).subarray(0, 16));
}

/**
 * A user agent of a day, 32 bits of SHA-256 of the day's salt and the agent: with the client, a
 * visitor as Plausible counts one (an address and a browser), for that day only.
 */
export async function agentHash(salt: string, userAgent: string) {
  return hex((await digest(salt, "agent", userAgent)).subarray(0, 4));
}

/** A day's totals, from its one row (the beacons' rollup). */
export interface DayTotals {
  day: string;
  visits: number;
  views: number;
  actions: Record<BeaconAction, number>;
  /** Rows the beacons and the day's end wrote that day (the budget's measure). */
  written: number;
}
export interface PageCount {
  page: string;
  views: number;
  visitors: number;
}
/** A kind of source's top sites, and the rest as `site` "" (direct's visitors are all there). */
export interface SourceCount {
  source: SourceKind;
  site: string;
  visitors: number;
}
/** A form's submissions in one of the weeks asked for (its index). */
export interface SubmissionWeek {
  form: "newsletter" | "contact";
  week: number;
  count: number;
}
/** A page's 75th percentile of one metric, and the views it rests on. */
export interface MetricP75 {
  page: string;
  metric: VitalName;
  p75: number;
  views: number;
}

const num = (value: unknown) => Number(value ?? 0);
const text = (value: unknown) => String(value ?? "");

// The day's end's deletes, in the order they run; each reads its rows by the key's first column.
// Each table and the day before which its rows go: 0 today, 1 the vitals' first, 2 the counts'.
const dayEndDeletes = [
  ["insight_clients", 0],
  ["insight_referrers", 0],
  ["insight_salts", 0],
  ["insight_vitals", 1],
  ["insight_counts", 2],
  ["insight_days", 2],
] as const;

// The 75th percentile by the nearest rank, as Google's reports take it: the ceil(0.75 n)-th
// figure, (3n + 3) / 4 in whole numbers, of each page's and metric's sorted figures.
const percentiles = `WITH v AS (${vitalNames
  .map(
    (name) =>
      `SELECT page, '${name}' AS metric, ${name.toLowerCase()} AS value FROM insight_vitals
       WHERE day >= ?1 AND ${name.toLowerCase()} IS NOT NULL`,
  )
  .join(" UNION ALL ")}),
  r AS (SELECT page, metric, value, row_number() OVER w AS n, count(*) OVER w AS total FROM v
    WINDOW w AS (PARTITION BY page, metric ORDER BY value
      ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING))
  SELECT page, metric, value, total FROM r WHERE n = (3 * total + 3) / 4`;

export function insightsStore(sql: SqlRunner) {
  return {
    /** One beacon's statements, in one transaction (D1: one batch, one call). */
    async record(statements: readonly SqlStatement[]) {
      await sql.batch(statements);
    },
    /** The day's salt: read, or made (by whoever comes first; all read the one stored). */
    async salt(day: string): Promise<string> {
      const read = async () =>
        (await sql.all("SELECT salt FROM insight_salts WHERE day = ?", day))[0]?.salt;
      const stored = await read();
      if (typeof stored === "string") return stored;
      await sql.run(
        "INSERT INTO insight_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING",
        day,
        newSalt(),
      );
      return text(await read());
    },
    /**
     * The day's end: the clients, other sites and salts of days before `today` deleted, the
     * salts of today and tomorrow made (so a beacon finds its salt and writes nothing more),
     * vitals older than `vitalsFrom` and counts older than `countsFrom` deleted. The rows
     * deleted are rows written today, added to today's `written`, which the beacons' budget
     * counts. Run each minute: most runs find nothing, read no more and write nothing.
     */
    async endDays(today: string, tomorrow: string, vitalsFrom: string, countsFrom: string) {
      const days = [today, vitalsFrom, countsFrom] as const;
      const [found] = await sql.all(
        `SELECT ${dayEndDeletes
          .map(([table, day]) => `(SELECT count(*) FROM ${table} WHERE day < ?${day + 1})`)
          .join(" + ")} AS n, (SELECT count(*) FROM insight_salts WHERE day >= ?1) AS salts`,
        ...days,
      );
      const deleted = num(found?.n);
      if (deleted === 0 && num(found?.salts) >= 2) return;
      const salt = (day: string): SqlStatement => [
        "INSERT INTO insight_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING",
        day,
        newSalt(),
      ];
      await sql.batch([
        ...dayEndDeletes.map(
          ([table, day]): SqlStatement => [`DELETE FROM ${table} WHERE day < ?`, days[day]],
        ),
        salt(today),
        salt(tomorrow),
        [
          `INSERT INTO insight_days (day, written) VALUES (?, ?)
           ON CONFLICT DO UPDATE SET written = written + excluded.written`,
          today,
          deleted + 2,
        ],
      ]);
    },
    /** Each day's totals from `from` to `to`, one row a day (days without beacons left out). */
    async days(from: string, to: string): Promise<DayTotals[]> {
      const rows = await sql.all(
        "SELECT * FROM insight_days WHERE day >= ? AND day <= ? ORDER BY day",
        from,
        to,
      );
      return rows.map((r) => ({
        day: text(r.day),
        visits: num(r.visits),
        views: num(r.views),
        actions: Object.fromEntries(
          beaconActionNames.map((name) => [name, num(r[name])]),
        ) as Record<BeaconAction, number>,
        written: num(r.written),
      }));
    },
    async pages(from: string, to: string, limit: number): Promise<PageCount[]> {
      const rows = await sql.all(
        `SELECT page, sum(hits) AS views, sum(visitors) AS visitors FROM insight_counts
         WHERE day >= ? AND day <= ? AND action = ''
         GROUP BY page ORDER BY views DESC, page LIMIT ?`,
        from,
        to,
        limit,
      );
      return rows.map((r) => ({
        page: text(r.page),
        views: num(r.views),
        visitors: num(r.visitors),
      }));
    },
    /**
     * Visitors by kind of source, each kind's `top` sites by name and the rest of it as one
     * row with site "" (other sites not yet named, and those past the top).
     */
    async sources(from: string, to: string, top: number): Promise<SourceCount[]> {
      const rows = await sql.all(
        `WITH s AS (SELECT source, site, sum(visitors) AS visitors FROM insight_counts
           WHERE day >= ?1 AND day <= ?2 AND action = '' GROUP BY source, site),
         r AS (SELECT source, site, visitors, row_number() OVER
           (PARTITION BY source ORDER BY site = '', visitors DESC, site) AS rank
           FROM s WHERE visitors > 0)
         SELECT source, CASE WHEN rank <= ?3 THEN site ELSE '' END AS site,
           sum(visitors) AS visitors FROM r GROUP BY 1, 2 ORDER BY visitors DESC, site`,
        from,
        to,
        top,
      );
      return rows.map((r) => ({
        source: text(r.source) as SourceKind,
        site: text(r.site),
        visitors: num(r.visitors),
      }));
    },
    /**
     * The newsletter's and the contact form's submissions (spam left out) in each week, counted
     * by the database: `bounds` are the weeks' edges as ISO instants (n + 1 for n weeks).
     */
    async submissionsByWeek(bounds: readonly string[]): Promise<SubmissionWeek[]> {
      if (bounds.length < 2) return [];
      const last = bounds.length - 2;
      const weeks =
        last === 0
          ? "0"
          : `CASE ${bounds
              .slice(1, -1)
              .map((_, i) => `WHEN created_at < ?${i + 2} THEN ${i}`)
              .join(" ")} ELSE ${last} END`;
      const rows = await sql.all(
        `SELECT form, ${weeks} AS week, count(*) AS n
         FROM submissions WHERE form IN ('newsletter', 'contact')
           AND created_at >= ?1 AND created_at < ?${bounds.length} AND spam = 0
         GROUP BY 1, 2`,
        ...bounds,
      );
      return rows.map((r) => ({
        form: text(r.form) as SubmissionWeek["form"],
        week: num(r.week),
        count: num(r.n),
      }));
    },
    /** Each page's 75th percentile of each metric since `from`, with the views it rests on. */
    async speed(from: string): Promise<MetricP75[]> {
      const rows = await sql.all(percentiles, from);
      return rows.map((r) => ({
        page: text(r.page),
        metric: text(r.metric) as VitalName,
        p75: num(r.value),
        views: num(r.total),
      }));
    },
    /** Phone views with vitals since `from`, per page. */
    async vitalsViews(from: string): Promise<{ page: string; views: number }[]> {
      const rows = await sql.all(
        "SELECT page, count(*) AS views FROM insight_vitals WHERE day >= ? GROUP BY page",
        from,
      );
      return rows.map((r) => ({ page: text(r.page), views: num(r.views) }));
    },
    /** The owners who turned the Monday summary off. */
    async summaryOff(): Promise<string[]> {
      return (await sql.all("SELECT email FROM insight_summary_off")).map((r) => text(r.email));
    },
    async setSummary(email: string, on: boolean, at: string) {
      if (on) await sql.run("DELETE FROM insight_summary_off WHERE email = ?", email);
      else {
        await sql.run(
          "INSERT INTO insight_summary_off (email, at) VALUES (?, ?) ON CONFLICT DO NOTHING",
          email,
          at,
        );
      }
    },
    /** Claims the week's summary: true for the one caller that is to send it. */
    async claimSummary(week: string, at: string): Promise<boolean> {
      const changed = await sql.run(
        "INSERT INTO insight_summaries (week, claimed_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
        week,
        at,
      );
      return changed === 1;
    },
    async summarySent(week: string, at: string) {
      await sql.run("UPDATE insight_summaries SET sent_at = ? WHERE week = ?", at, week);
    },
    /** A send that failed gives its claim back, so a later run in the hour tries again. */
    async releaseSummary(week: string) {
      await sql.run("DELETE FROM insight_summaries WHERE week = ? AND sent_at IS NULL", week);
    },
  };
}

export type InsightsStore = ReturnType<typeof insightsStore>;
