// The counts' SQL (migrations/0013), the same on both databases through the inbox's SqlRunner:
// what one beacon writes (beaconStatements: one batch, so one transaction and one D1 call), the
// day's salt, the day's end, and the reads of the owner's page, the home's line and the Monday
// summary. Every read is bounded by its dates (the tables' keys start with the day).
import type { BeaconAction, VitalName } from "../../rink/insights.ts";
import type { SqlRunner, SqlStatement } from "../sql.ts";
import type { DeviceClass, Source, SourceKind } from "./classify.ts";

/** What one counted beacon is, once its request has been reduced (classify.ts). */
export type Hit =
  | {
      type: "view";
      day: string;
      path: string;
      source: Source;
      device: DeviceClass;
      /** The visitor's hash for this day (visitorHash). */
      visitor: string;
    }
  | {
      type: "action";
      day: string;
      path: string;
      action: BeaconAction;
      label: string | null;
      device: DeviceClass;
    }
  | {
      type: "vitals";
      day: string;
      path: string;
      metrics: Partial<Record<VitalName, number>>;
      /** The row's own key, random. */
      sample: number;
    };

/** How long the phones' vitals are kept: the owner's page shows the last 28 days. */
export const vitalsDays = 28;
/** How long the daily counts are kept: a year before the page's 8 weeks, and some. */
export const countsDays = 800;

// The visitor is new today unless their hash is already there: read in the same batch, before
// the hash is written, so two views of one visitor in one batch count one visit.
const upsertView = `INSERT INTO insight_counts
  (day, page, action, label, source, site, device, hits, visitors)
  VALUES (?, ?, '', '', ?, ?, ?, 1,
    (SELECT count(*) = 0 FROM insight_visitors WHERE day = ? AND hash = ?))
  ON CONFLICT DO UPDATE SET hits = hits + 1, visitors = visitors + excluded.visitors`;
const insertVisitor =
  "INSERT INTO insight_visitors (day, hash) VALUES (?, ?) ON CONFLICT DO NOTHING";
const upsertAction = `INSERT INTO insight_counts
  (day, page, action, label, source, site, device, hits, visitors)
  VALUES (?, ?, ?, ?, '', '', ?, 1, 0)
  ON CONFLICT DO UPDATE SET hits = hits + 1`;
const insertVitals = `INSERT INTO insight_vitals (day, page, sample, lcp, inp, cls, fcp, ttfb)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`;

/** The statements one beacon writes, in order, as one batch. */
export function beaconStatements(hit: Hit): SqlStatement[] {
  switch (hit.type) {
    case "view":
      return [
        [
          upsertView,
          hit.day,
          hit.path,
          hit.source.kind,
          hit.source.site,
          hit.device,
          hit.day,
          hit.visitor,
        ],
        [insertVisitor, hit.day, hit.visitor],
      ];
    case "action":
      return [[upsertAction, hit.day, hit.path, hit.action, hit.label ?? "", hit.device]];
    case "vitals": {
      const m = hit.metrics;
      return [
        [
          insertVitals,
          hit.day,
          hit.path,
          hit.sample,
          m.LCP ?? null,
          m.INP ?? null,
          m.CLS ?? null,
          m.FCP ?? null,
          m.TTFB ?? null,
        ],
      ];
    }
  }
}

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** A new day's salt: 32 random bytes. */
export const newSalt = () => hex(crypto.getRandomValues(new Uint8Array(32)));

/**
 * The visitor of a day, as Plausible counts one: SHA-256 of the day's salt, the client's
 * address (its rate-limit key: an IPv6 address by its /64) and its user agent, cut to 128
 * bits. Without the salt, deleted when the day ends, it cannot be tied back to either.
 */
export async function visitorHash(salt: string, client: string, userAgent: string) {
  const text = new TextEncoder().encode(`${salt}\n${client}\n${userAgent}`);
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", text)).subarray(0, 16));
}

export interface DayCount {
  day: string;
  visitors: number;
  views: number;
}
export interface PageCount {
  page: string;
  views: number;
  visitors: number;
}
export interface SourceCount {
  source: SourceKind;
  site: string;
  visitors: number;
}
export interface DeviceCount {
  device: DeviceClass;
  visitors: number;
  views: number;
}
export interface ActionCount {
  day: string;
  action: string;
  label: string;
  count: number;
}
export interface VitalsSample {
  page: string;
  metrics: Partial<Record<VitalName, number>>;
}

const num = (value: unknown) => Number(value ?? 0);
const text = (value: unknown) => String(value ?? "");

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
     * The day's end: the hashes and salts of days before `today` deleted, the salts of today
     * and tomorrow made (so a beacon finds its salt and writes nothing more), vitals older than
     * `vitalsFrom` and counts older than `countsFrom` deleted.
     */
    async endDays(today: string, tomorrow: string, vitalsFrom: string, countsFrom: string) {
      await sql.batch([
        ["DELETE FROM insight_visitors WHERE day < ?", today],
        ["DELETE FROM insight_salts WHERE day < ?", today],
        [
          "INSERT INTO insight_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING",
          today,
          newSalt(),
        ],
        [
          "INSERT INTO insight_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING",
          tomorrow,
          newSalt(),
        ],
        ["DELETE FROM insight_vitals WHERE day < ?", vitalsFrom],
        ["DELETE FROM insight_counts WHERE day < ?", countsFrom],
      ]);
    },
    async visitsByDay(from: string, to: string): Promise<DayCount[]> {
      const rows = await sql.all(
        `SELECT day, sum(visitors) AS visitors, sum(hits) AS views FROM insight_counts
         WHERE day >= ? AND day <= ? AND action = '' GROUP BY day ORDER BY day`,
        from,
        to,
      );
      return rows.map((r) => ({
        day: text(r.day),
        visitors: num(r.visitors),
        views: num(r.views),
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
    async sources(from: string, to: string): Promise<SourceCount[]> {
      const rows = await sql.all(
        `SELECT source, site, sum(visitors) AS visitors FROM insight_counts
         WHERE day >= ? AND day <= ? AND action = ''
         GROUP BY source, site HAVING sum(visitors) > 0 ORDER BY visitors DESC, site`,
        from,
        to,
      );
      return rows.map((r) => ({
        source: text(r.source) as SourceKind,
        site: text(r.site),
        visitors: num(r.visitors),
      }));
    },
    async devices(from: string, to: string): Promise<DeviceCount[]> {
      const rows = await sql.all(
        `SELECT device, sum(visitors) AS visitors, sum(hits) AS views FROM insight_counts
         WHERE day >= ? AND day <= ? AND action = '' GROUP BY device`,
        from,
        to,
      );
      return rows.map((r) => ({
        device: text(r.device) as DeviceClass,
        visitors: num(r.visitors),
        views: num(r.views),
      }));
    },
    async actionsByDay(from: string, to: string): Promise<ActionCount[]> {
      const rows = await sql.all(
        `SELECT day, action, label, sum(hits) AS count FROM insight_counts
         WHERE day >= ? AND day <= ? AND action <> ''
         GROUP BY day, action, label ORDER BY day`,
        from,
        to,
      );
      return rows.map((r) => ({
        day: text(r.day),
        action: text(r.action),
        label: text(r.label),
        count: num(r.count),
      }));
    },
    /** When each of a form's submissions (spam left out) came, in [from, to) (ISO instants). */
    async submissionTimes(form: string, from: string, to: string): Promise<string[]> {
      const rows = await sql.all(
        `SELECT created_at FROM submissions
         WHERE form = ? AND created_at >= ? AND created_at < ? AND spam = 0`,
        form,
        from,
        to,
      );
      return rows.map((r) => text(r.created_at));
    },
    async vitals(from: string): Promise<VitalsSample[]> {
      const rows = await sql.all(
        "SELECT page, lcp, inp, cls, fcp, ttfb FROM insight_vitals WHERE day >= ?",
        from,
      );
      return rows.map((r) => {
        const metrics: Partial<Record<VitalName, number>> = {};
        const set = (name: VitalName, value: unknown) => {
          if (typeof value === "number") metrics[name] = value;
        };
        set("LCP", r.lcp);
        set("INP", r.inp);
        set("CLS", r.cls);
        set("FCP", r.fcp);
        set("TTFB", r.ttfb);
        return { page: text(r.page), metrics };
      });
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
