// What the owner reads of the counts, from the store's bounded reads: the owner's page "How the
// site is doing" (page.ts), the home's line for this week, and the Monday summary (summary.ts).
// Pure but for the store, so the same figures reach the page, the home and the email. The week's
// totals come from one row a day, the top lists and the percentiles from the database already
// cut to a few rows: the work here is linear in what is shown, whatever the tables hold.
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

/** How many sites each kind of source names; the rest are "others". */
export const topSites = 5;

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
  /** Each kind's visitors, its top sites, and the visitors from the rest ("others"). */
  sources: {
    kind: SourceKind;
    visitors: number;
    sites: { site: string; visitors: number }[];
    others: number;
  }[];
  speed: PageSpeed[];
}

const noActions = (): Record<BeaconAction, number> =>
  Object.fromEntries(beaconActionNames.map((name) => [name, 0])) as Record<BeaconAction, number>;

export type Reads = Pick<
  InsightsStore,
  "days" | "submissionsByWeek" | "pages" | "sources" | "speed" | "vitalsViews"
>;

/** Each week's visits, views, taps, signups and messages, for the Mondays given (oldest first). */
export async function weekFigures(
  store: Pick<Reads, "days" | "submissionsByWeek">,
  mondays: readonly string[],
) {
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
  // Each week's edges as instants, once: the database counts each form's submissions by them.
  const bounds = [...mondays, addDays(last, 7)].map((monday) =>
    rinkInstant(monday, "00:00").toISOString(),
  );
  const [days, submissions] = await Promise.all([
    store.days(first, end),
    store.submissionsByWeek(bounds),
  ]);
  for (const day of days) {
    const week = weeks.get(mondayOf(day.day));
    if (!week) continue;
    week.visits += day.visits;
    week.views += day.views;
    for (const name of beaconActionNames) week.actions[name] += day.actions[name];
  }
  for (const { form, week: index, count } of submissions) {
    const week = weeks.get(mondays[index] ?? "");
    if (week && form === "newsletter") week.signups += count;
    if (week && form === "contact") week.messages += count;
  }
  return [...weeks.values()];
}

/** "This week" on the home: Monday to now on the rink's clock. */
export async function thisWeek(store: Pick<Reads, "days" | "submissionsByWeek">, now: Date) {
  const [week] = await weekFigures(store, [mondayOf(rinkDate(now))]);
  return {
    visits: week?.visits ?? 0,
    calls: week?.actions.call ?? 0,
    signups: week?.signups ?? 0,
  };
}

/** Each kind of source, in the page's order, with its top sites and the rest as "others". */
function sourcesOf(rows: Awaited<ReturnType<Reads["sources"]>>): InsightsReport["sources"] {
  const kinds = new Map(
    sourceKinds.map((kind) => [
      kind,
      { kind, visitors: 0, sites: [] as { site: string; visitors: number }[], others: 0 },
    ]),
  );
  for (const row of rows) {
    const kind = kinds.get(row.source);
    if (!kind) continue;
    kind.visitors += row.visitors;
    if (row.site) kind.sites.push({ site: row.site, visitors: row.visitors });
    else if (row.source !== "direct") kind.others += row.visitors;
  }
  return [...kinds.values()];
}

/** Each page's speed from its percentiles (a few rows a page), the most viewed first. */
function speedOf(
  percentiles: Awaited<ReturnType<Reads["speed"]>>,
  views: Awaited<ReturnType<Reads["vitalsViews"]>>,
): PageSpeed[] {
  const pages = new Map<string, PageSpeed>(
    views.map(({ page, views }) => [
      page,
      {
        page,
        views,
        metrics: Object.fromEntries(vitalNames.map((name) => [name, null])) as PageSpeed["metrics"],
      },
    ]),
  );
  for (const { page, metric, p75, views } of percentiles) {
    const speed = pages.get(page);
    if (speed) speed.metrics[metric] = { p75, rating: vitalRating(metric, p75), views };
  }
  return [...pages.values()].sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));
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
  const [days, before, figures, pages, sources, percentiles, views] = await Promise.all([
    store.days(first, today),
    store.days(yearBack(first), yearBack(addDays(thisMonday, 6))),
    weekFigures(store, mondays),
    store.pages(since, today, topPages),
    store.sources(since, today, topSites),
    store.speed(since),
    store.vitalsViews(since),
  ]);
  const visits = new Map(days.map((d) => [d.day, d.visits]));
  const visitsBefore = new Map(before.map((d) => [d.day, d.visits]));
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
  return {
    today,
    weeks,
    hasYearBefore: before.some((d) => d.visits > 0),
    figures,
    since,
    pages,
    sources: sourcesOf(sources),
    speed: speedOf(percentiles, views),
  };
}
