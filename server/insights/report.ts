// What the owner reads of the counts, from the store's bounded reads: the owner's page "How the
// site is doing" (page.ts), the home's line for this week, and the Monday summary (summary.ts).
// Pure but for the store, so the same figures reach the page, the home and the email.
import { rinkDate, rinkInstant } from "../../rink/clock.ts";
import {
  type BeaconAction,
  beaconActionNames,
  type VitalName,
  type VitalRating,
  vitalNames,
  vitalRating,
} from "../../rink/insights.ts";
import { addDays, mondayOf } from "./calendar.ts";
import type { SourceKind } from "./classify.ts";
import { type InsightsStore, type PageCount, vitalsDays } from "./store.ts";

/** How many weeks the page's charts show, this one included. */
export const reportWeeks = 8;
/** How many pages the top pages list. */
export const topPages = 10;

export const sourceKinds: SourceKind[] = ["search", "social", "direct", "other"];

/** The owner's words for each action, as the page, the home and the email write them. */
export const actionWords: Record<BeaconAction, string> = {
  call: "Calls tapped",
  directions: "Directions opened",
  newsletter_signup: "Signups sent",
  message_sent: "Messages sent",
  add_to_calendar: "Added to a calendar",
  calendar_feed: "Calendar feed subscribed",
};

/**
 * The 75th percentile as Google's reports take it: the smallest figure at or above which a
 * quarter of the views are (the nearest rank, ceil(0.75 n)); null for none. Linear time but the
 * sort, n log n.
 */
export function percentile75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}

export interface WeekOfDays {
  /** Its Monday (the rink's date). */
  monday: string;
  days: { date: string; visitors: number; yearBefore: number }[];
  visitors: number;
  yearBefore: number;
}

export interface WeekFigures {
  monday: string;
  visits: number;
  views: number;
  actions: Record<BeaconAction, number>;
  signups: number;
  messages: number;
}

export interface PageSpeed {
  page: string;
  /** Phone views with vitals in the 28 days. */
  views: number;
  metrics: Record<VitalName, { p75: number; rating: VitalRating; views: number } | null>;
}

export interface InsightsReport {
  today: string;
  weeks: WeekOfDays[];
  /** Whether the weeks a year before hold any visit (else the page leaves them out). */
  hasYearBefore: boolean;
  figures: WeekFigures[];
  /** The last 28 days (today's included). */
  since: string;
  pages: PageCount[];
  sources: { kind: SourceKind; visitors: number; sites: { site: string; visitors: number }[] }[];
  speed: PageSpeed[];
}

const noActions = (): Record<BeaconAction, number> =>
  Object.fromEntries(beaconActionNames.map((name) => [name, 0])) as Record<BeaconAction, number>;

type Reads = Pick<
  InsightsStore,
  "visitsByDay" | "actionsByDay" | "submissionTimes" | "pages" | "sources" | "vitals"
>;

/** Each week's visits, views, taps, signups and messages, for the Mondays given (oldest first). */
export async function weekFigures(store: Reads, mondays: readonly string[]) {
  const first = mondays[0];
  const last = mondays.at(-1);
  if (!first || !last) return [];
  const end = addDays(last, 6);
  const weeks = new Map<string, WeekFigures>(
    mondays.map((monday) => [
      monday,
      { monday, visits: 0, views: 0, actions: noActions(), signups: 0, messages: 0 },
    ]),
  );
  const from = rinkInstant(first, "00:00").toISOString();
  const to = rinkInstant(addDays(end, 1), "00:00").toISOString();
  const [days, actions, signups, messages] = await Promise.all([
    store.visitsByDay(first, end),
    store.actionsByDay(first, end),
    store.submissionTimes("newsletter", from, to),
    store.submissionTimes("contact", from, to),
  ]);
  for (const day of days) {
    const week = weeks.get(mondayOf(day.day));
    if (week) {
      week.visits += day.visitors;
      week.views += day.views;
    }
  }
  for (const row of actions) {
    const week = weeks.get(mondayOf(row.day));
    if (week && Object.hasOwn(week.actions, row.action)) {
      week.actions[row.action as BeaconAction] += row.count;
    }
  }
  // Each week's bounds as instants, once: a submission's week by comparing its ISO time, not a
  // rink-clock conversion a row (Intl's formatToParts each time: 41 % of the owner's home on
  // the Worker, bench:edge's profile).
  const bounds = mondays.map((monday) => ({
    week: weeks.get(monday),
    from: rinkInstant(monday, "00:00").toISOString(),
    to: rinkInstant(addDays(monday, 7), "00:00").toISOString(),
  }));
  const byWeek = (times: string[], add: (week: WeekFigures) => void) => {
    for (const at of times) {
      const week = bounds.find((b) => b.from <= at && at < b.to)?.week;
      if (week) add(week);
    }
  };
  byWeek(signups, (week) => {
    week.signups += 1;
  });
  byWeek(messages, (week) => {
    week.messages += 1;
  });
  return [...weeks.values()];
}

/** "This week" on the home: Monday to now on the rink's clock. */
export async function thisWeek(store: Reads, now: Date) {
  const [week] = await weekFigures(store, [mondayOf(rinkDate(now))]);
  return {
    visits: week?.visits ?? 0,
    calls: week?.actions.call ?? 0,
    signups: week?.signups ?? 0,
  };
}

export async function insightsReport(store: Reads, now: Date): Promise<InsightsReport> {
  const today = rinkDate(now);
  const thisMonday = mondayOf(today);
  const mondays = Array.from({ length: reportWeeks }, (_, i) =>
    addDays(thisMonday, -7 * (reportWeeks - 1 - i)),
  );
  const first = mondays[0] ?? thisMonday;
  // A year before, by whole weeks (364 days), so each day is the same weekday.
  const yearBack = (date: string) => addDays(date, -364);
  const since = addDays(today, 1 - vitalsDays);
  const [days, before, figures, pages, sources, samples] = await Promise.all([
    store.visitsByDay(first, today),
    store.visitsByDay(yearBack(first), yearBack(addDays(thisMonday, 6))),
    weekFigures(store, mondays),
    store.pages(since, today, topPages),
    store.sources(since, today),
    store.vitals(since),
  ]);
  const visits = new Map(days.map((d) => [d.day, d.visitors]));
  const visitsBefore = new Map(before.map((d) => [d.day, d.visitors]));
  const weeks = mondays.map((monday) => {
    const week = Array.from({ length: 7 }, (_, i) => {
      const date = addDays(monday, i);
      return {
        date,
        visitors: visits.get(date) ?? 0,
        yearBefore: visitsBefore.get(yearBack(date)) ?? 0,
      };
    });
    return {
      monday,
      days: week,
      visitors: week.reduce((sum, d) => sum + d.visitors, 0),
      yearBefore: week.reduce((sum, d) => sum + d.yearBefore, 0),
    };
  });

  const kinds = new Map(
    sourceKinds.map((kind) => [
      kind,
      { kind, visitors: 0, sites: [] as { site: string; visitors: number }[] },
    ]),
  );
  for (const row of sources) {
    const kind = kinds.get(row.source);
    if (!kind) continue;
    kind.visitors += row.visitors;
    if (row.site) kind.sites.push({ site: row.site, visitors: row.visitors });
  }

  // Each page's figures, one list per metric: linear in the samples, then one sort each.
  const perPage = new Map<string, { views: number; values: Record<VitalName, number[]> }>();
  for (const sample of samples) {
    let page = perPage.get(sample.page);
    if (!page) {
      page = {
        views: 0,
        values: Object.fromEntries(vitalNames.map((n) => [n, []])) as unknown as Record<
          VitalName,
          number[]
        >,
      };
      perPage.set(sample.page, page);
    }
    page.views += 1;
    for (const name of vitalNames) {
      const value = sample.metrics[name];
      if (value !== undefined) page.values[name].push(value);
    }
  }
  const speed = [...perPage]
    .map(([page, { views, values }]) => ({
      page,
      views,
      metrics: Object.fromEntries(
        vitalNames.map((name) => {
          const p75 = percentile75(values[name]);
          return [
            name,
            p75 === null
              ? null
              : { p75, rating: vitalRating(name, p75), views: values[name].length },
          ];
        }),
      ) as PageSpeed["metrics"],
    }))
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));

  return {
    today,
    weeks,
    hasYearBefore: before.some((d) => d.visitors > 0),
    figures,
    since,
    pages,
    sources: [...kinds.values()],
    speed,
  };
}
