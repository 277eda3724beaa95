// The rink's week and the shapes of its hours, as the content files write them and the
// calendar reads them. The content's schema (rink/content/schema.ts) checks the files against
// these (app/content/types.ts asserts its output fits them); the pages and the server read them
// from here.

/** The days of the week in the content's order (the posted hours run Monday to Sunday). */
export const days = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Day = (typeof days)[number];

/** The day of the week by its number as Date#getUTCDay counts (0 is Sunday). */
export const dayByNumber: readonly Day[] = ["sunday", ...days.slice(0, 6)];

/**
 * How an event repeats, in the owner's words in the editor. Here, not beside the rule that
 * expands them (repeats.ts, with ical.js), so the schema can name them without the library.
 */
export const repeatKinds = ["no", "weekly", "monthly"] as const;
export type RepeatKind = (typeof repeatKinds)[number];

/** Which week of the month a monthly event falls in. */
export const weeksOfMonth = ["first", "second", "third", "fourth", "last"] as const;
export type WeekOfMonth = (typeof weeksOfMonth)[number];

/** Wall-clock times on the rink's clock, "HH:MM", start before end. */
export interface TimeRange {
  start: string;
  end: string;
}

/** One day of the posted week: no ranges is closed. */
export interface DayHours {
  day: Day;
  ranges: TimeRange[];
}

/** A date whose hours differ from the posted week: holiday hours, a closure, extra events. */
export interface SpecialDate {
  /** "YYYY-MM-DD" on the rink's calendar. */
  date: string;
  closed: boolean;
  hours: TimeRange[];
  note: string;
  events: { name: string; time: TimeRange; price: number; description?: string | undefined }[];
}
