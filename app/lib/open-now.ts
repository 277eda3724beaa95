import type { Day, DayHours } from "../content/types";
import { formatDay, formatTime } from "./format.ts";

// "Are you open right now?" from the posted hours, on the rink's wall clock. Intl does the
// time-zone arithmetic, so daylight-saving changes need no special case.

const weekdays: Day[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

/** The rink's local weekday and "HH:MM" at an instant. */
export function wallClock(now: Date, timeZone: string): { day: Day; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const index = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { day: weekdays[index] ?? "sunday", time: `${get("hour")}:${get("minute")}` };
}

export type OpenStatus =
  | { open: true; until: string }
  | { open: false; opens: { day: Day; time: string; when: "today" | "tomorrow" | "later" } | null };

export function openStatus(week: readonly DayHours[], now: Date, timeZone: string): OpenStatus {
  const clock = wallClock(now, timeZone);
  const todayIndex = weekdays.indexOf(clock.day);
  const hoursOf = (day: Day) => week.find((d) => d.day === day)?.ranges ?? [];

  const current = hoursOf(clock.day).find((r) => r.start <= clock.time && clock.time < r.end);
  if (current) return { open: true, until: current.end };

  for (let ahead = 0; ahead < 8; ahead++) {
    const day = weekdays[(todayIndex + ahead) % 7] ?? "sunday";
    const next = hoursOf(day)
      .filter((r) => ahead > 0 || r.start > clock.time)
      .sort((a, b) => a.start.localeCompare(b.start))[0];
    if (next) {
      const when = ahead === 0 ? "today" : ahead === 1 ? "tomorrow" : "later";
      return { open: false, opens: { day, time: next.start, when } };
    }
  }
  return { open: false, opens: null };
}

/** "Open now until 9:05 PM", "Closed, opens Friday at 6:30 PM". */
export function describeOpenStatus(status: OpenStatus): string {
  if (status.open) return `Open now until ${formatTime(status.until)}`;
  if (!status.opens) return "Closed";
  const { day, time, when } = status.opens;
  const dayText = when === "later" ? formatDay(day) : when;
  return `Closed, opens ${dayText} at ${formatTime(time)}`;
}

/**
 * Every text describeOpenStatus can give for these hours, longest first: the status is only
 * known in the browser, so the page reserves room for the longest of them at build.
 */
export function possibleStatusTexts(week: readonly DayHours[]): string[] {
  const whens = ["today", "tomorrow", "later"] as const;
  const texts = week.flatMap((d) =>
    d.ranges.flatMap((r) => [
      describeOpenStatus({ open: true, until: r.end }),
      ...whens.map((when) =>
        describeOpenStatus({ open: false, opens: { day: d.day, time: r.start, when } }),
      ),
    ]),
  );
  texts.push(describeOpenStatus({ open: false, opens: null }));
  return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

/** The texts to reserve room for: within two letters of the longest, since which one is
 * widest depends on the font. */
export function reservedStatusTexts(week: readonly DayHours[]): string[] {
  const texts = possibleStatusTexts(week);
  return texts.filter((t) => t.length >= (texts[0]?.length ?? 0) - 2);
}
