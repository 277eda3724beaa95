// The rink's wall clock on the server (the owner's update page, the updates' dates): dates are
// "YYYY-MM-DD" and times "HH:MM" in the rink's zone, as the content files write them. Intl
// only, so the same code runs under Node and on Workers.
import { timeZone } from "../app/content/time-zone.ts";

export { timeZone };

const partsOf = new Intl.DateTimeFormat("en-US", {
  timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The rink's date and time at an instant. */
export function rinkWallClock(instant: Date): { date: string; time: string } {
  const parts = partsOf.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${get("hour")}:${get("minute")}`,
  };
}

export const rinkDate = (instant: Date) => rinkWallClock(instant).date;

export const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether "YYYY-MM-DD" is a date that exists (not 2026-02-30). */
export const isDate = (date: string) =>
  datePattern.test(date) && new Date(`${date}T12:00:00Z`).toISOString().startsWith(date);

/** The zone's offset from UTC at an instant, in minutes (-300 for EST). */
function offsetAt(instant: number): number {
  const at = Math.floor(instant / 60_000) * 60_000;
  const { date, time } = rinkWallClock(new Date(at));
  return (Date.parse(`${date}T${time}:00Z`) - at) / 60_000;
}

/**
 * The instant of a date and time on the rink's clock ("2026-01-10", "21:00"); in a time the
 * clocks skip (spring forward) the instant an hour on, in a time they repeat the first.
 */
export function rinkInstant(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const first = wall - offsetAt(wall) * 60_000;
  return new Date(wall - offsetAt(first) * 60_000);
}

/** The days from one rink date to another (2026-01-10 → 2026-01-12: 2). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
});

/** "Saturday, January 10" for a rink date. */
export const longDate = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

/** "2:00 PM" for "14:00". */
export function clockWords(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

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
