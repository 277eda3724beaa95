import type { SiteContent } from "../app/content/types.ts";
import { addDays, rinkClock } from "../rink/calendar-day.ts";
import { contentFiles } from "../rink/content/schema.ts";
import { formatDate } from "../rink/format.ts";
import { eventDates, skippedDates } from "../rink/repeats.ts";
import { contentDir, contentProblemAt, formatProblem } from "./content/load.ts";

// The owner's events (content/events.yml) against the special dates (issue 34, 43): which
// events a closure cancels (the pages, the feed and the Event data show them cancelled), and a
// skipped date the repeat never falls on. Warnings for
// `npm run check:content`, each at its place in events.yml (file:line:column), as the schema's
// problems are: the site still shows what the content says, and the owner decides.

/** How far ahead the check reads the events' dates. */
export const checkedDays = 366;

export function eventWarnings(site: SiteContent, now: Date, dir = contentDir): string[] {
  const today = rinkClock(now, site.timeZone).date;
  const last = addDays(today, checkedDays - 1);
  const file = contentFiles.events.file;
  const warnings: string[] = [];
  site.pages.events.events.forEach((event, i) => {
    const field = event.repeats === "no" ? "date" : "from";
    for (const date of eventDates(event, today, last)) {
      const closed = site.specialDates.find((d) => d.date === date && d.closed);
      if (!closed) continue;
      const message = `Closing ${formatDate(date)} (${closed.note}) cancels "${event.title}" that day: the site, its calendar and search engines show it as cancelled. To hold it, open the rink that day${event.repeats === "no" ? " or move the event" : ""}.`;
      warnings.push(formatProblem(contentProblemAt(dir, file, ["events", i, field], message)));
    }
    const falls = skippedDates(event);
    event.skip.forEach((date, j) => {
      if (falls.includes(date)) return;
      const message = `"${event.title}" does not fall on ${formatDate(date)}: skipping it changes nothing.`;
      warnings.push(formatProblem(contentProblemAt(dir, file, ["events", i, "skip", j], message)));
    });
  });
  return warnings;
}
