import { addDays, dayOf, earliestFirst } from "../../rink/calendar-day.ts";
import { eventDates } from "../../rink/repeats.ts";
import { days } from "../../rink/week.ts";
import type { SiteContent } from "../content/types.ts";
import { calendarPath, eventId } from "./calendar-path.ts";

// The owner's events (content/events.yml) as dated occurrences, at build: what /events and
// Home's "Coming Soon" list. Each is written into the page with the days it is shown on
// (app/lib/dated.ts) and drops off after its date on the visitor's clock (app/browser/today.ts),
// without a rebuild.

export type SiteEvent = SiteContent["pages"]["events"]["events"][number];

export interface Occurrence {
  event: SiteEvent;
  /** "YYYY-MM-DD" on the rink's calendar. */
  date: string;
}

/** How many days from the build the pages write occurrences for (each shows in its last 60). */
export const writtenDays = 91;

/** Every occurrence of the events from `today` for `writtenDays`, in date and time order. */
export function occurrences(events: readonly SiteEvent[], today: string): Occurrence[] {
  const last = addDays(today, writtenDays - 1);
  return events
    .flatMap((event) => eventDates(event, today, last).map((date) => ({ event, date })))
    .sort(
      (a, b) =>
        earliestFirst(a.date, b.date) || earliestFirst(a.event.time.start, b.event.time.start),
    );
}

/** The Monday of a date's week: the page groups its occurrences by week. */
export const weekOf = (date: string) => addDays(date, -days.indexOf(dayOf(date)));

/** An occurrence's own calendar file (tooling/calendar-files.ts writes it). */
export const occurrenceCalendarPath = (o: Occurrence) => calendarPath(eventId(o.date, o.event.id));
