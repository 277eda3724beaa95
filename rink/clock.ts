// The rink's wall clock on the server (the owner's update page, the updates' dates): dates are
// "YYYY-MM-DD" and times "HH:MM" in the rink's zone, as the content files write them. The
// pages' own calendar (rink/calendar-day.ts: no table here, so Intl), which runs under Node
// and on Workers alike.

import { rinkInstant as instantOn, rinkClock } from "./calendar-day.ts";
import { clockPattern, datePattern } from "./patterns.ts";
import { timeZone } from "./time-zone.ts";

export { clockPattern, datePattern, timeZone };

/** The rink's date and time at an instant (rink/calendar-day.ts, as the pages read it). */
export function rinkWallClock(instant: Date): { date: string; time: string } {
  const { date, time } = rinkClock(instant, timeZone);
  return { date, time };
}

export const rinkDate = (instant: Date) => rinkWallClock(instant).date;

/** Whether "YYYY-MM-DD" is a date that exists (not 2026-02-30). */
export const isDate = (date: string) =>
  datePattern.test(date) && new Date(`${date}T12:00:00Z`).toISOString().startsWith(date);

/**
 * The instant of a date and time on the rink's clock ("2026-01-10", "21:00"), as the pages'
 * calendar reads it (rink/calendar-day.ts).
 */
export const rinkInstant = (date: string, time: string) =>
  new Date(instantOn(`${date}T${time}`, timeZone));

/** The days from one rink date to another (2026-01-10 → 2026-01-12: 2). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const momentFormat = new Intl.DateTimeFormat("en-US", {
  timeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Sat, Jan 10, 11:59 PM" on the rink's clock. */
export const momentWords = (instant: Date) => momentFormat.format(instant);
