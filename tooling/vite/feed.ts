import ICAL from "ical.js";
import type { SiteContent } from "../../app/content/types.ts";
import { eventId } from "../../app/lib/calendar-path.ts";
import { addDays, dayOf, rinkClock, rinkInstant } from "../../rink/calendar-day.ts";
import {
  eventDates,
  firstRuleDate,
  repeatRule,
  skippedDates,
  weeklyRule,
} from "../../rink/repeats.ts";
import type { TimeRange } from "../../rink/week.ts";
import { vtimezone } from "./calendar.ts";
import { exactIcs } from "./ics-lines.ts";

// The whole schedule as one calendar to subscribe to (issue 34): each public session weekly
// (EXDATE on the dates the owner closed), each special date's events, and the owner's events
// (content/events.yml) as RFC 5545 writes them, a repeat as its RRULE with UNTIL and its
// skipped dates as EXDATE, all on the rink's clock (TZID and its VTIMEZONE). Written with
// ical.js, the library that expands the repeats for the pages (rink/repeats.ts): one rule,
// read the same way by the site and by a calendar app.

export interface FeedContext {
  siteUrl: string;
  /** The build's instant: DTSTAMP, and the day the sessions start from. */
  now: Date;
}

/** A wall-clock time on the rink's clock, as a DATE-TIME with the zone's TZID. */
function zoned(component: ICAL.Component, name: string, date: string, clock: string, tz: string) {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = clock.split(":").map(Number);
  const property = new ICAL.Property(name);
  property.setParameter("tzid", tz);
  property.setValue(ICAL.Time.fromData({ year, month, day, hour, minute }));
  component.addProperty(property);
}

/** An instant as a UTC DATE-TIME (DTSTAMP, UNTIL). */
const utc = (instant: number) => ICAL.Time.fromJSDate(new Date(instant), true);

interface FeedEvent {
  uid: string;
  summary: string;
  description?: string | undefined;
  date: string;
  time: TimeRange;
  categories?: readonly string[];
  rule?: string | null;
  /** The last date a repeat may fall on. */
  until?: string | undefined;
  exdates?: readonly string[];
  /** A one-off that will not happen (the rink is closed that day): STATUS:CANCELLED. */
  cancelled?: boolean;
}

export function scheduleFeed(site: SiteContent, ctx: FeedContext): string {
  const tz = site.timeZone;
  const host = new URL(ctx.siteUrl).hostname;
  const today = rinkClock(ctx.now, tz).date;
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", `-//${site.name}//Schedule//EN`);
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", site.name);
  calendar.addPropertyWithValue("x-wr-timezone", tz);
  // How often a subscribing app should read it again (RFC 7986; Outlook and Google read the
  // older X-PUBLISHED-TTL).
  const refresh = new ICAL.Property("refresh-interval");
  refresh.setValue(ICAL.Duration.fromString("PT12H"));
  calendar.addProperty(refresh);
  calendar.addPropertyWithValue("x-published-ttl", "PT12H");
  calendar.addSubcomponent(new ICAL.Component(ICAL.parse(vtimezone(tz))));

  const add = (e: FeedEvent) => {
    const vevent = new ICAL.Component("vevent");
    vevent.addPropertyWithValue("uid", `${e.uid}@${host}`);
    vevent.addPropertyWithValue("dtstamp", utc(ctx.now.getTime()));
    zoned(vevent, "dtstart", e.date, e.time.start, tz);
    zoned(vevent, "dtend", e.date, e.time.end, tz);
    if (e.rule) {
      const recur = ICAL.Recur.fromString(e.rule);
      // With a DTSTART in a zone, UNTIL is in UTC (RFC 5545 3.3.10): the end of its last day.
      if (e.until) recur.until = utc(rinkInstant(`${e.until}T23:59`, tz));
      vevent.addPropertyWithValue("rrule", recur);
      for (const date of e.exdates ?? []) zoned(vevent, "exdate", date, e.time.start, tz);
    }
    if (e.cancelled) vevent.addPropertyWithValue("status", "CANCELLED");
    vevent.addPropertyWithValue("summary", e.summary);
    if (e.description) vevent.addPropertyWithValue("description", e.description);
    if (e.categories && e.categories.length > 0) {
      const categories = new ICAL.Property("categories");
      categories.setValues([...e.categories]);
      vevent.addProperty(categories);
    }
    vevent.addPropertyWithValue("location", site.address.mapsQuery);
    vevent.addPropertyWithValue("url", `${ctx.siteUrl}/events`);
    calendar.addSubcomponent(vevent);
  };

  for (const session of site.sessions) {
    let first = today;
    while (dayOf(first) !== session.day) first = addDays(first, 1);
    add({
      uid: session.id,
      summary: session.name,
      description: session.description,
      date: first,
      time: session.time,
      rule: weeklyRule(session.day),
      exdates: site.specialDates
        .filter((d) => d.closed && d.date >= first && dayOf(d.date) === session.day)
        .map((d) => d.date),
    });
  }
  for (const d of site.specialDates.filter((d) => d.date >= today)) {
    for (const e of d.events) {
      add({
        uid: eventId(d.date, e.name),
        summary: e.name,
        description: e.description,
        date: d.date,
        time: e.time,
      });
    }
  }
  const closed = new Set(site.specialDates.filter((d) => d.closed).map((d) => d.date));
  for (const event of site.pages.events.events) {
    const first = firstRuleDate(event);
    // A one-off or a repeat that has ended before the build is left out.
    if (!first || (event.repeats === "no" ? first : (event.until ?? today)) < today) continue;
    // A date the rink is closed does not happen: out of a repeat (EXDATE), as a skipped date
    // is; a one-off then is CANCELLED, so a calendar that had it takes it off.
    const closedDates = eventDates(event, today, addDays(today, 366)).filter((d) => closed.has(d));
    add({
      uid: `event-${event.id}`,
      summary: event.title,
      description: event.description,
      date: first,
      time: event.time,
      categories: event.tags,
      rule: repeatRule(event),
      until: event.until,
      exdates: [...skippedDates(event), ...closedDates].sort(),
      cancelled: event.repeats === "no" && closed.has(first),
    });
  }
  return exactIcs(calendar.toString());
}
