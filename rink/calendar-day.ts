import { type Day, type DayHours, dayByNumber, type SpecialDate, type TimeRange } from "./week.ts";

// Time lives here: what a date on the rink's calendar is, and what its hours are. Special
// dates (holiday hours, closures) override the posted week through hoursOn, and every reader
// (the open-now status, the posted-hours blocks, the structured data, the calendar files, the
// content check) asks it. Dates are "YYYY-MM-DD" on the rink's wall clock.

/** How far ahead the site lists special dates. */
export const specialDatesWindowDays = 60;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: the first one costs ~100 ms on a slow phone, later ones nothing. */
function partsFormatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of a zone at an instant, as Intl reads it. */
function intlParts(instant: Date, timeZone: string) {
  const parts = partsFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${get("hour")}:${get("minute")}`,
  };
}

/**
 * A zone's UTC offsets over a span of time: each change as [instant in ms, offset in minutes],
 * the first at `from`. Read from Intl at the build (astro.config.ts) and written into the
 * pages, so the browser tells the rink's time with arithmetic: its first Intl formatter with a
 * time zone was the longest task on a phone's start (~250 ms at Lighthouse's 4x slowdown).
 */
export interface ZoneOffsets {
  timeZone: string;
  from: number;
  until: number;
  changes: [at: number, minutes: number][];
}

const minute = 60_000;

/** The offset of a zone at an instant, in minutes, as Intl reads it. */
function intlOffset(instant: number, timeZone: string): number {
  const at = Math.floor(instant / minute) * minute;
  const { date, time } = intlParts(new Date(at), timeZone);
  return (Date.parse(`${date}T${time}:00Z`) - at) / minute;
}

/**
 * The offsets of `timeZone` from `start` to `until`, checked every 6 hours, each change found
 * to the minute (zones change at most twice a year, never twice within 6 hours).
 */
export function zoneOffsets(timeZone: string, start: number, until: number): ZoneOffsets {
  const from = Math.floor(start / minute) * minute;
  const step = 6 * 60 * minute;
  let offset = intlOffset(from, timeZone);
  const changes: [number, number][] = [[from, offset]];
  for (let t = from; t < until; t += step) {
    const next = intlOffset(t + step, timeZone);
    if (next === offset) continue;
    // The first minute with the new offset, between t (old) and t + step (new).
    let [lo, hi] = [t, t + step];
    while (hi - lo > minute) {
      const mid = lo + Math.floor((hi - lo) / 2 / minute) * minute;
      if (intlOffset(mid, timeZone) === offset) lo = mid;
      else hi = mid;
    }
    changes.push([hi, next]);
    offset = next;
  }
  return { timeZone, from, until, changes };
}

/** The offset at `instant` from a table, or null when the table does not cover it. */
export function tableOffset(table: ZoneOffsets, timeZone: string, instant: number): number | null {
  if (table.timeZone !== timeZone || instant < table.from || instant >= table.until) return null;
  let minutes: number | null = null;
  for (const [at, offset] of table.changes) {
    if (at > instant) break;
    minutes = offset;
  }
  return minutes;
}

/** The table written in at the build; none in Node tools and unit tests (Intl there). */
const builtOffsets: ZoneOffsets | undefined = import.meta.env?.ZONE_OFFSETS;

function zonedParts(instant: Date, timeZone: string, table = builtOffsets) {
  const offset = table ? tableOffset(table, timeZone, instant.getTime()) : null;
  if (offset === null) return intlParts(instant, timeZone);
  const local = new Date(instant.getTime() + offset * minute).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * Orders "YYYY-MM-DD" dates and "HH:MM" times. Not localeCompare: its first call loads ICU's
 * collator, ~80 ms at Lighthouse's 4x slowdown, for strings that sort the same by code unit.
 */
export const earliestFirst = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The weekday of a date. */
export const dayOf = (date: string): Day =>
  dayByNumber[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? "sunday";

/** The rink's date, weekday and "HH:MM" at an instant. */
export function rinkClock(
  now: Date,
  timeZone: string,
  table = builtOffsets,
): { date: string; day: Day; time: string } {
  const { date, time } = zonedParts(now, timeZone, table);
  return { date, day: dayOf(date), time };
}

/** The date `n` days after `date` (n may be negative). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The instant of a wall-clock "YYYY-MM-DDTHH:MM" in the rink's zone (daylight saving included). */
export function rinkInstant(dateTime: string, timeZone: string, table = builtOffsets): number {
  const [date = "", time = "00:00"] = dateTime.split("T");
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // The zone's offset at that moment, read back from Intl; twice, for a guess across a change.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = zonedParts(new Date(guess), timeZone, table);
    guess = asUtc - (Date.parse(`${seen.date}T${seen.time}:00Z`) - guess);
  }
  return guess;
}

export interface DayPlan {
  /** The openings that day, after any special date. */
  ranges: readonly TimeRange[];
  closed: boolean;
  /** The owner's note for a special date. */
  note?: string;
  special?: SpecialDate;
}

/** THE answer to "what are the hours on this date?" */
export function hoursOn(
  date: string,
  week: readonly DayHours[],
  specialDates: readonly SpecialDate[],
): DayPlan {
  const special = specialDates.find((d) => d.date === date);
  const posted = week.find((d) => d.day === dayOf(date))?.ranges ?? [];
  if (!special) return { ranges: posted, closed: posted.length === 0 };
  if (special.closed) return { ranges: [], closed: true, note: special.note, special };
  const ranges = special.hours.length > 0 ? special.hours : posted;
  return { ranges, closed: ranges.length === 0, note: special.note, special };
}

/** Special dates from `today` on, within the window, in date order. */
export function upcomingSpecialDates(
  specialDates: readonly SpecialDate[],
  today: string,
  days = specialDatesWindowDays,
): SpecialDate[] {
  const last = addDays(today, days - 1);
  return specialDates
    .filter((d) => d.date >= today && d.date <= last)
    .sort((a, b) => earliestFirst(a.date, b.date));
}
