import { createEvent } from "ics";
import type { Address, Day, Session, SpecialDate } from "../../app/content/types.ts";
import { eventId } from "../../app/lib/calendar-path.ts";
import { addDays, dayOf, rinkClock } from "../../rink/calendar-day.ts";
import { weeklyRule } from "../../rink/repeats.ts";
import { exactIcs } from "./ics-lines.ts";

// A weekly recurring calendar event per public session, written at build. The `ics`
// library writes the event; it has no time-zone support, so the wall-clock times it
// writes are anchored to the rink's zone with TZID and a VTIMEZONE (US Eastern rules,
// which Indianapolis has followed since 2006).

/** The rink's zone as a VTIMEZONE (the feed's too, tooling/vite/feed.ts). */
export function vtimezone(tzid: string): string {
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${tzid}`,
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:20070311T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:20071104T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ].join("\r\n");
}

/** The date (y, m, d) of the session's next weekday on or after `from`, on the rink's clock. */
function firstDate(day: Day, from: Date, timeZone: string): [number, number, number] {
  let date = rinkClock(from, timeZone).date;
  while (dayOf(date) !== day) date = addDays(date, 1);
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  return [y, m, d];
}

export interface CalendarContext {
  rinkName: string;
  address: Address;
  timeZone: string;
  siteUrl: string;
  from: Date;
  /** The owner's special dates: a closed date is left out of every weekly session (EXDATE). */
  specialDates: readonly SpecialDate[];
}

const hm = (clock: string) => clock.split(":").map(Number) as [number, number];
const compact = (date: string, clock: string) =>
  `${date.replaceAll("-", "")}T${clock.replace(":", "")}00`;

/** The `ics` library's text, anchored to the rink's zone with TZID and a VTIMEZONE. */
function inRinkZone(text: string, timeZone: string): string {
  return exactIcs(
    text
      .replace(/^(DTSTART|DTEND):/gm, `$1;TZID=${timeZone}:`)
      .replace(/^BEGIN:VEVENT/m, `${vtimezone(timeZone)}\r\nBEGIN:VEVENT`),
  );
}

export function sessionCalendar(session: Session, ctx: CalendarContext): string {
  const date = firstDate(session.day, ctx.from, ctx.timeZone);
  const { error, value } = createEvent({
    productId: `-//${ctx.rinkName}//Public skating//EN`,
    uid: `${session.id}@${new URL(ctx.siteUrl).hostname}`,
    title: `${session.name} at ${ctx.rinkName}`,
    description: session.description,
    location: ctx.address.mapsQuery,
    url: ctx.siteUrl,
    start: [...date, ...hm(session.time.start)],
    end: [...date, ...hm(session.time.end)],
    startInputType: "local",
    startOutputType: "local",
    endInputType: "local",
    endOutputType: "local",
    recurrenceRule: weeklyRule(session.day),
  });
  if (error || !value) throw error ?? new Error(`No calendar for ${session.id}`);
  // The session does not happen on a date the owner has closed the rink.
  const closed = ctx.specialDates
    .filter((d) => d.closed && dayOf(d.date) === session.day)
    .map((d) => compact(d.date, session.time.start));
  const exdate = closed.length > 0 ? `\r\nEXDATE;TZID=${ctx.timeZone}:${closed.join(",")}` : "";
  return inRinkZone(value.replace(/^(RRULE:[^\r\n]*)/m, `$1${exdate}`), ctx.timeZone);
}

/** A one-off event on a special date (a theme night, a holiday matinee), or one date of an
 * owner's event (content/events.yml; `id` its date and the event's id). */
export function eventCalendar(
  date: string,
  event: SpecialDate["events"][number],
  ctx: CalendarContext,
  id = eventId(date, event.name),
  cancelled = false,
): string {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const { error, value } = createEvent({
    productId: `-//${ctx.rinkName}//Special events//EN`,
    uid: `${id}@${new URL(ctx.siteUrl).hostname}`,
    title: `${event.name} at ${ctx.rinkName}`,
    description: event.description,
    location: ctx.address.mapsQuery,
    url: ctx.siteUrl,
    start: [y, m, d, ...hm(event.time.start)],
    end: [y, m, d, ...hm(event.time.end)],
    startInputType: "local",
    startOutputType: "local",
    endInputType: "local",
    endOutputType: "local",
    // A date the rink is closed: a calendar that added it takes it off.
    ...(cancelled ? { status: "CANCELLED" as const } : {}),
  });
  if (error || !value) throw error ?? new Error(`No calendar for ${event.name} on ${date}`);
  return inRinkZone(value, ctx.timeZone);
}
