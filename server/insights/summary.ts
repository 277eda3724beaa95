// The Monday summary (issue 45): last week against the week before, by email to each owner who
// has not turned it off, at 8 AM on the rink's clock. Node's timer runs it each minute and the
// Worker's Cron each minute too; it is due only on a Monday between 8:00 and 8:59 at the rink, and the
// week's row in insight_summaries, claimed before sending, makes it one email a week however
// many runs see that hour. `npm run inbox -- summary` prints the same text (summaryFor).
import { rinkDate, rinkWallClock } from "../../rink/clock.ts";
import { formatLongDate } from "../../rink/format.ts";
import type { Mail, Mailer, Recipients } from "../forms/notify.ts";
import { addDays, mondayOf, weekdayIndex } from "./calendar.ts";
import { topSites, type WeekFigures, weekFigures } from "./report.ts";
import type { InsightsStore } from "./store.ts";
import { insightsPath, insightsWords, pageWords } from "./words.ts";

type Reads = Pick<InsightsStore, "days" | "submissionsByWeek" | "pages" | "sources">;

const errorKind = (error: unknown) => (error instanceof Error ? error.name : typeof error);

const sourceWords = { search: "search", social: "social", direct: "direct", other: "other sites" };

const against = (now: number, before: number) => {
  const change =
    now === before ? "the same" : now > before ? `up ${now - before}` : `down ${before - now}`;
  return `${now.toLocaleString("en-US")} (the week before: ${before.toLocaleString("en-US")}, ${change})`;
};

/** The summary of the week before `now`'s (Monday to Sunday on the rink's clock). */
export async function summaryFor(store: Reads, now: Date, siteUrl?: string): Promise<Mail> {
  const lastMonday = addDays(mondayOf(rinkDate(now)), -7);
  const sunday = addDays(lastMonday, 6);
  const [before, last] = (await weekFigures(store, [addDays(lastMonday, -7), lastMonday])) as [
    WeekFigures,
    WeekFigures,
  ];
  const [pages, sources] = await Promise.all([
    store.pages(lastMonday, sunday, 5),
    store.sources(lastMonday, sunday, topSites),
  ]);
  const kinds = new Map<string, number>();
  for (const s of sources) kinds.set(s.source, (kinds.get(s.source) ?? 0) + s.visitors);
  const line = insightsWords.thisWeek({
    visits: last.visits,
    calls: last.actions.call,
    signups: last.signups,
  });
  const link = `${(siteUrl ?? "").replace(/\/$/, "")}${insightsPath}`;
  const text = [
    `How the site did last week, ${formatLongDate(lastMonday)} to ${formatLongDate(sunday)}, against the week before:`,
    "",
    `Visits: ${against(last.visits, before.visits)}`,
    `Page views: ${against(last.views, before.views)}`,
    `Calls tapped: ${against(last.actions.call, before.actions.call)}`,
    `Directions opened: ${against(last.actions.directions, before.actions.directions)}`,
    `Signups: ${against(last.signups, before.signups)}`,
    `Messages: ${against(last.messages, before.messages)}`,
    "",
    pages.length > 0
      ? `Most visited pages: ${pages.map((p) => `${pageWords(p.page)} ${p.views}`).join(", ")}`
      : "No page views were counted last week.",
    `Where visitors came from: ${Object.entries(sourceWords)
      .map(([kind, words]) => `${words} ${kinds.get(kind) ?? 0}`)
      .join(", ")}`,
    "",
    `More, with the phones' speed: ${link}`,
    "",
    "This email comes every Monday at 8 AM. To stop it, turn it off at the bottom of that page.",
    "",
  ].join("\n");
  return { subject: `The site last week: ${line.replace(/^This week: /, "")}`, text };
}

export interface SummaryDeps {
  store: InsightsStore;
  /**
   * Who gets it, less those who turned it off: read once a week, when it is due (OWNER_EMAILS,
   * else NOTIFY_TO, else the first run's owner; owner/auth.ts's ownersToEmail).
   */
  owners: Recipients;
  sendTo: Mailer["sendTo"];
  siteUrl?: string | undefined;
  log?: (message: string) => void;
}

/** Whether `now` is the summary's hour: a Monday, 8:00 to 8:59 on the rink's clock. */
export function summaryDue(now: Date): boolean {
  const { date, time } = rinkWallClock(now);
  return weekdayIndex(date) === 0 && time >= "08:00" && time < "09:00";
}

/** The Monday summary's turn: sends it when due and not yet sent this week; else nothing. */
export function mondaySummary({ store, owners, sendTo, siteUrl, log = () => {} }: SummaryDeps) {
  return async (now: Date): Promise<"sent" | "not due" | "already sent" | "failed"> => {
    if (!summaryDue(now)) return "not due";
    const week = rinkDate(now);
    if (!(await store.claimSummary(week, now.toISOString()))) return "already sent";
    const off = new Set((await store.summaryOff()).map((email) => email.toLowerCase()));
    const to = (await owners()).filter((email) => !off.has(email.toLowerCase()));
    let sent = 0;
    try {
      const mail = to.length > 0 ? await summaryFor(store, now, siteUrl) : null;
      for (const email of to) {
        try {
          if (mail) await sendTo(email, mail);
          sent += 1;
        } catch (error) {
          // The mailer's words may name the address: the log says only what kind of failure.
          log(`insights: the Monday summary to an owner failed (${errorKind(error)})`);
        }
      }
    } catch (error) {
      log(`insights: the Monday summary failed (${errorKind(error)})`);
    }
    if (to.length > 0 && sent === 0) {
      // Nobody got it: the next run within the hour tries again.
      await store.releaseSummary(week);
      return "failed";
    }
    await store.summarySent(week, now.toISOString());
    return "sent";
  };
}
