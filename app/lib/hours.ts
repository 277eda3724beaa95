import { formatDay, formatTimeRange } from "../../rink/format.ts";
import type { DayHours, SpecialDate } from "../content/types.ts";

export interface HoursRow {
  days: string;
  /** Each opening as "6:30–9:05 PM", or ["Closed"]. */
  hours: string[];
}

const isOpen = (d: DayHours | undefined) => (d?.ranges.length ?? 0) > 0;

/**
 * The posted week (Monday first) as display rows, consecutive days with the same hours
 * merged. The list starts at the first open day after a closed day, so a weekend rink
 * reads Friday, Saturday, Sunday, then "Monday–Thursday: Closed".
 */
export function hoursRows(week: readonly DayHours[]): HoursRow[] {
  const start = Math.max(
    0,
    week.findIndex((d, i) => isOpen(d) && !isOpen(week.at(i - 1))),
  );
  const ordered = [...week.slice(start), ...week.slice(0, start)];
  const rows: { first: DayHours; last: DayHours; hours: string[] }[] = [];
  for (const d of ordered) {
    const hours = isOpen(d) ? d.ranges.map(formatTimeRange) : ["Closed"];
    const prev = rows.at(-1);
    if (prev && prev.hours.join() === hours.join()) prev.last = d;
    else rows.push({ first: d, last: d, hours });
  }
  return rows.map(({ first, last, hours }) => ({
    days: first === last ? formatDay(first.day) : `${formatDay(first.day)}–${formatDay(last.day)}`,
    hours,
  }));
}

/** "Closed", "12:00–5:00 PM", "Usual hours": a special date's hours as the lists show them. */
export const specialHoursText = (d: Pick<SpecialDate, "closed" | "hours">) =>
  d.closed
    ? "Closed"
    : d.hours.length > 0
      ? d.hours.map(formatTimeRange).join(", ")
      : "Usual hours";
