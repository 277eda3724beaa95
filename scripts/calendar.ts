import { createEvent } from "ics";
import type { Address, Day, Session } from "../app/content/types.ts";
import { wallClock } from "../app/lib/open-now.ts";

// A weekly recurring calendar event per public session, written at build. The `ics`
// library writes the event; it has no time-zone support, so the wall-clock times it
// writes are anchored to the rink's zone with TZID and a VTIMEZONE (US Eastern rules,
// which Indianapolis has followed since 2006).

const byDay: Record<Day, string> = {
  monday: "MO",
  tuesday: "TU",
  wednesday: "WE",
  thursday: "TH",
  friday: "FR",
  saturday: "SA",
  sunday: "SU",
};
const order: Day[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

function vtimezone(tzid: string): string {
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
  const today = wallClock(from, timeZone).day;
  const ahead = (order.indexOf(day) - order.indexOf(today) + 7) % 7;
  const ymd = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(from);
  const [y = 0, m = 1, d = 1] = ymd.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + ahead));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

export interface CalendarContext {
  rinkName: string;
  address: Address;
  timeZone: string;
  siteUrl: string;
  from: Date;
}

export function sessionCalendar(session: Session, ctx: CalendarContext): string {
  const date = firstDate(session.day, ctx.from, ctx.timeZone);
  const hm = (clock: string) => clock.split(":").map(Number) as [number, number];
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
    recurrenceRule: `FREQ=WEEKLY;BYDAY=${byDay[session.day]}`,
  });
  if (error || !value) throw error ?? new Error(`No calendar for ${session.id}`);
  return value
    .replace(/^(DTSTART|DTEND):/gm, `$1;TZID=${ctx.timeZone}:`)
    .replace(/^BEGIN:VEVENT/m, `${vtimezone(ctx.timeZone)}\r\nBEGIN:VEVENT`);
}
