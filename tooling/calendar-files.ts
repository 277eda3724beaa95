import { calendarPath, eventId, feedPath } from "../app/lib/calendar-path.ts";
import { occurrenceCalendarPath, occurrences } from "../app/lib/event-occurrences.ts";
import { rinkClock } from "../rink/calendar-day.ts";
import { loadSiteContent } from "./content/load.ts";
import { eventCalendar, sessionCalendar } from "./vite/calendar.ts";
import { scheduleFeed } from "./vite/feed.ts";

/** One .ics file per public session, per upcoming one-off event and per date of the owner's
 * events: file name → text. */
export function sessionCalendars(siteUrl: string): Map<string, string> {
  const files = new Map<string, string>();
  const site = loadSiteContent();
  const ctx = {
    rinkName: site.name,
    address: site.address,
    timeZone: site.timeZone,
    siteUrl,
    from: new Date(),
    specialDates: site.specialDates,
  };
  for (const session of site.sessions) {
    files.set(calendarPath(session.id).slice(1), sessionCalendar(session, ctx));
  }
  const today = rinkClock(ctx.from, site.timeZone).date;
  for (const d of site.specialDates.filter((d) => d.date >= today)) {
    for (const event of d.events) {
      files.set(
        calendarPath(eventId(d.date, event.name)).slice(1),
        eventCalendar(d.date, event, ctx),
      );
    }
  }
  // Each date of the owner's events (content/events.yml) the pages list: its own file.
  for (const o of occurrences(site.pages.events.events, today, site.specialDates)) {
    const { title: name, time, price, description } = o.event;
    files.set(
      occurrenceCalendarPath(o).slice(1),
      eventCalendar(
        o.date,
        { name, time, price, description },
        ctx,
        eventId(o.date, o.event.id),
        o.cancelled !== undefined,
      ),
    );
  }
  // The whole schedule as one calendar to subscribe to, linked from /events.
  files.set(feedPath.slice(1), scheduleFeed(site, { siteUrl, now: ctx.from }));
  return files;
}
