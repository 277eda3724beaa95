import { addDays, dayOf, earliestFirst } from "../../rink/calendar-day.ts";
import { eventDates, skippedDates } from "../../rink/repeats.ts";
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
  /** The closure's note when the rink is closed that day (special dates): it will not happen. */
  cancelled?: string;
}

/** A day the owner closed the rink, as special dates say it. */
export interface Closure {
  date: string;
  closed?: boolean | undefined;
  note: string;
}

/** How many days from the build the pages write occurrences for (each shows in its last 60). */
export const writtenDays = 91;

/**
 * Every occurrence of the events from `today` for `writtenDays`, in date and time order; one on
 * a day the rink is closed (`closures`, the special dates) is marked cancelled with its note.
 */
export function occurrences(
  events: readonly SiteEvent[],
  today: string,
  closures: readonly Closure[] = [],
): Occurrence[] {
  const last = addDays(today, writtenDays - 1);
  const closed = new Map(closures.filter((d) => d.closed).map((d) => [d.date, d.note]));
  return events
    .flatMap((event) =>
      eventDates(event, today, last).map((date): Occurrence => {
        const note = closed.get(date);
        return note === undefined ? { event, date } : { event, date, cancelled: note };
      }),
    )
    .sort(
      (a, b) =>
        earliestFirst(a.date, b.date) || earliestFirst(a.event.time.start, b.event.time.start),
    );
}

/**
 * The dates the owner skipped (a snow day) from `today` for `writtenDays`, as cancelled
 * occurrences: the pages leave them out, search engines are told they will not happen.
 */
export function skippedOccurrences(events: readonly SiteEvent[], today: string): Occurrence[] {
  const last = addDays(today, writtenDays - 1);
  return events.flatMap((event) =>
    skippedDates(event)
      .filter((date) => date >= today && date <= last)
      .map((date) => ({ event, date, cancelled: "" })),
  );
}

/** The Monday of a date's week: the page groups its occurrences by week. */
export const weekOf = (date: string) => addDays(date, -days.indexOf(dayOf(date)));

/** An occurrence's own calendar file (tooling/calendar-files.ts writes it). */
export const occurrenceCalendarPath = (o: Occurrence) => calendarPath(eventId(o.date, o.event.id));
