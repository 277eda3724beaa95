import ICAL from "ical.js";
import { addDays, dayOf } from "./calendar-day.ts";
import { formatDate, formatDay } from "./format.ts";
import type { Day, RepeatKind, TimeRange, WeekOfMonth } from "./week.ts";

// An event's dates on the rink's calendar (content/events.yml, issue 34). The owner writes a
// repeat as they say it ("monthly, on the second Tuesday, from Dec 1"); it is turned into an
// RFC 5545 rule (RRULE) here, and the rule into dates by ical.js's RecurIterator, the same
// rule the calendar feed carries (tooling/vite/calendar.ts): no date arithmetic of our own for
// the rule. Dates and times are wall-clock on the rink's clock; what instant a time is (with
// daylight saving) is rink/calendar-day.ts's rinkInstant.

/** The fields of an event that say when it happens (the schema checks they fit together). */
export interface EventWhen {
  repeats: RepeatKind;
  /** A one-off's date. */
  date?: string | undefined;
  /** A repeat's weekday, its week of the month (monthly) and its first and last dates. */
  weekday?: Day | undefined;
  week?: WeekOfMonth | undefined;
  from?: string | undefined;
  until?: string | undefined;
  /** Dates a repeat does not happen on. */
  skip: readonly string[];
  time: TimeRange;
}

const byDay: Record<Day, string> = {
  monday: "MO",
  tuesday: "TU",
  wednesday: "WE",
  thursday: "TH",
  friday: "FR",
  saturday: "SA",
  sunday: "SU",
};
/** A weekly repeat on `day` as RFC 5545 writes it: the owner's events and the weekly sessions. */
export const weeklyRule = (day: Day) => `FREQ=WEEKLY;BYDAY=${byDay[day]}`;

const ordinal: Record<WeekOfMonth, number> = { first: 1, second: 2, third: 3, fourth: 4, last: -1 };

/** The RFC 5545 rule of a repeat, without its end (UNTIL): null for a one-off. */
export function repeatRule(when: EventWhen): string | null {
  if (when.repeats === "no" || !when.weekday) return null;
  if (when.repeats === "weekly") return weeklyRule(when.weekday);
  if (!when.week) return null;
  return `FREQ=MONTHLY;BYDAY=${ordinal[when.week]}${byDay[when.weekday]}`;
}

const timeOf = (date: string, clock: string) => {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = clock.split(":").map(Number);
  return ICAL.Time.fromData({ year, month, day, hour, minute });
};
const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (t: ICAL.Time) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;

/** At most this many dates are read from a rule at once (about eight years of a weekly one). */
const maxDates = 400;

/**
 * The dates of the rule itself from its first date (`from`) to `to` and its own last date
 * (`until`), skipped dates included: what the feed's RRULE means before its EXDATEs.
 */
function ruleDates(when: EventWhen, to: string): string[] {
  const rule = repeatRule(when);
  if (!rule || !when.from) return [];
  const last = when.until && when.until < to ? when.until : to;
  const iterator = ICAL.Recur.fromString(rule).iterator(timeOf(when.from, when.time.start));
  const dates: string[] = [];
  for (let next = iterator.next(); next && dates.length < maxDates; next = iterator.next()) {
    const date = dateOf(next);
    if (date > last) break;
    // The iterator may give its start first even when the rule does not fall on it.
    if (date >= when.from && dayOf(date) === when.weekday) dates.push(date);
  }
  return dates;
}

/** The event's dates from `from` to `to` (both included), skipped dates left out. */
export function eventDates(when: EventWhen, from: string, to: string): string[] {
  if (when.repeats === "no") {
    return when.date && when.date >= from && when.date <= to ? [when.date] : [];
  }
  return ruleDates(when, to).filter((d) => d >= from && !when.skip.includes(d));
}

/**
 * The first date the rule falls on (the feed's DTSTART, which RFC 5545 wants in step with the
 * rule), or null when it never does before its end.
 */
export function firstRuleDate(when: EventWhen): string | null {
  if (when.repeats === "no") return when.date ?? null;
  if (!when.from) return null;
  return ruleDates(when, when.until ?? addDays(when.from, 62))[0] ?? null;
}

/** The skipped dates the rule falls on (the feed's EXDATEs); others change nothing. */
export function skippedDates(when: EventWhen): string[] {
  if (when.repeats === "no" || when.skip.length === 0) return [];
  const last = [...when.skip].sort().at(-1) ?? "";
  return ruleDates(when, last).filter((d) => when.skip.includes(d));
}

/** "Every Friday", "The second Tuesday of every month", "Sat, Dec 12": as the page says it. */
export function repeatWords(when: EventWhen): string {
  if (when.repeats === "no" || !when.weekday) return when.date ? formatDate(when.date) : "";
  const day = formatDay(when.weekday);
  const every =
    when.repeats === "weekly" ? `Every ${day}` : `The ${when.week} ${day} of every month`;
  return when.until ? `${every}, until ${formatDate(when.until)}` : every;
}
