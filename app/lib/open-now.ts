import {
  addDays,
  dayOf,
  earliestFirst,
  hoursOn,
  rinkClock,
  specialDatesWindowDays,
} from "../../rink/calendar-day.ts";
import { formatDate, formatDay, formatTime } from "../../rink/format.ts";
import type { Day, DayHours, SpecialDate } from "../content/types.ts";

// "Are you open right now?" on the rink's wall clock, from the posted week and the owner's
// special dates (closures, holiday hours). Intl does the time-zone arithmetic, so
// daylight-saving changes need no special case.

export interface RinkHours {
  hours: readonly DayHours[];
  specialDates: readonly SpecialDate[];
}

export interface NextOpening {
  date: string;
  day: Day;
  time: string;
  /** today, tomorrow, later this week (by weekday), or a date further on. */
  when: "today" | "tomorrow" | "later" | "date";
}

export type OpenStatus = (
  | { open: true; until: string }
  | { open: false; opens: NextOpening | null }
) & {
  /** The owner's note when today is a special date ("Closed for Christmas Day"). */
  note?: string;
};

export function openStatus(rink: RinkHours, now: Date, timeZone: string): OpenStatus {
  const clock = rinkClock(now, timeZone);
  const today = hoursOn(clock.date, rink.hours, rink.specialDates);
  const note = today.note ? { note: today.note } : {};

  const current = today.ranges.find((r) => r.start <= clock.time && clock.time < r.end);
  if (current) return { open: true, until: current.end, ...note };

  for (let ahead = 0; ahead <= specialDatesWindowDays; ahead++) {
    const date = addDays(clock.date, ahead);
    const next = hoursOn(date, rink.hours, rink.specialDates)
      .ranges.filter((r) => ahead > 0 || r.start > clock.time)
      .sort((a, b) => earliestFirst(a.start, b.start))[0];
    if (next) {
      const when = ahead === 0 ? "today" : ahead === 1 ? "tomorrow" : ahead < 7 ? "later" : "date";
      return { open: false, opens: { date, day: dayOf(date), time: next.start, when }, ...note };
    }
  }
  return { open: false, opens: null, ...note };
}

/** "Open now until 9:05 PM", "Closed, opens Friday at 6:30 PM". */
export function describeOpenStatus(status: OpenStatus): string {
  if (status.open) return `Open now until ${formatTime(status.until)}`;
  if (!status.opens) return "Closed";
  const { date, day, time, when } = status.opens;
  const dayText = when === "later" ? formatDay(day) : when === "date" ? formatDate(date) : when;
  return `Closed, opens ${dayText} at ${formatTime(time)}`;
}

/**
 * Every text describeOpenStatus can give for these hours from `today` on, longest first: the
 * status is only known in the browser, so the page reserves room for the longest at build.
 */
export function possibleStatusTexts(rink: RinkHours, today: string): string[] {
  const whens = ["today", "tomorrow", "later"] as const;
  const openings = [
    ...rink.hours.flatMap((d) => d.ranges.map((r) => ({ day: d.day, range: r, date: today }))),
    ...rink.specialDates
      .filter((d) => d.date >= today)
      .flatMap((d) => d.hours.map((r) => ({ day: dayOf(d.date), range: r, date: d.date }))),
  ];
  const texts = openings.flatMap(({ day, range, date }) => [
    describeOpenStatus({ open: true, until: range.end }),
    ...whens.map((when) =>
      describeOpenStatus({ open: false, opens: { date, day, time: range.start, when } }),
    ),
  ]);
  // A date further on: as long as the longest weekday and month name with two digits.
  texts.push(
    describeOpenStatus({
      open: false,
      opens: { date: "2026-09-30", day: "wednesday", time: "12:00", when: "date" },
    }),
  );
  texts.push(describeOpenStatus({ open: false, opens: null }));
  return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

/** The texts to reserve room for: within two letters of the longest, since which one is
 * widest depends on the font. */
export function reservedStatusTexts(rink: RinkHours, today: string): string[] {
  const texts = possibleStatusTexts(rink, today);
  return texts.filter((t) => t.length >= (texts[0]?.length ?? 0) - 2);
}
