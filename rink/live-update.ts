import { formatLongDate, formatTime } from "./format.ts";
import { clockPattern, datePattern } from "./patterns.ts";
import type { SpecialDate, TimeRange } from "./week.ts";

// The owner's update in force ("Closed today", with a note), posted from the owner's area and
// read by every page from liveUpdatePath (server/updates/) without a rebuild.
// The server's preview, email subject and the pages' bar name it the same way (headline).

/** Where the pages read the update in force: the server's route and the pages' script. */
export const liveUpdatePath = "/updates/current.json";

export const updateKinds = {
  "closed-today": "Closed today",
  "closed-on-date": "Closed on a date",
  "different-hours": "Different hours today",
  news: "News",
} as const;
export type UpdateKind = keyof typeof updateKinds;

/** liveUpdatePath's JSON, as the server sends it and the pages read it. */
export interface LiveUpdateAnswer {
  update: LiveUpdate | null;
}

/** liveUpdatePath's update: its kind, note, the rink's date it is about, its end. */
export interface LiveUpdate {
  id: string;
  kind: UpdateKind;
  note: string;
  /** The rink's date ("YYYY-MM-DD") it is about; null for news. */
  date: string | null;
  /** Different hours: that date's hours on the rink's clock. */
  hours: TimeRange[] | null;
  /**
   * Its end (ISO instant): the pages return to the content files' answer then. One name
   * everywhere: the owner's form field, this JSON, the store and its column (migrations/0011).
   */
  until: string;
}

/** "Closed Saturday, January 10", "Different hours today: 2:00 PM to 5:00 PM", "News". */
export function headline(
  kind: UpdateKind,
  date: string | null,
  hours: TimeRange | null | undefined,
): string {
  if (kind === "closed-on-date" && date) return `Closed ${formatLongDate(date)}`;
  if (kind === "different-hours" && hours) {
    return `Different hours today: ${formatTime(hours.start)} to ${formatTime(hours.end)}`;
  }
  return updateKinds[kind];
}

const isRange = (r: unknown): r is TimeRange =>
  typeof r === "object" &&
  r !== null &&
  clockPattern.test(String((r as TimeRange).start)) &&
  clockPattern.test(String((r as TimeRange).end));

/** The JSON's update, or null for none, for an update that has ended, or for anything else. */
export function liveUpdateOf(json: unknown, now: number): LiveUpdate | null {
  const u = (json as { update?: Partial<LiveUpdate> } | null)?.update;
  if (!u || typeof u !== "object") return null;
  const { id, kind, note, date, hours, until } = u;
  if (typeof id !== "string" || typeof note !== "string" || typeof until !== "string") return null;
  if (!kind || !Object.hasOwn(updateKinds, kind)) return null;
  if (!(Date.parse(until) > now)) return null;
  const dated = typeof date === "string" && datePattern.test(date) ? date : null;
  const ranges = Array.isArray(hours) && hours.every(isRange) ? hours : null;
  if (kind !== "news" && !dated) return null;
  if (kind === "different-hours" && !ranges?.length) return null;
  return { id, kind, note, date: dated, hours: ranges, until };
}

/** What the update makes of its date's hours: closed, or the day's new hours; news, nothing. */
export function liveSpecialDate(update: LiveUpdate | null): SpecialDate | null {
  if (!update?.date || update.kind === "news") return null;
  const hours = update.kind === "different-hours" ? (update.hours ?? []) : [];
  return { date: update.date, closed: hours.length === 0, hours, note: update.note, events: [] };
}

/** The content's special dates with the update's date in place of the content's own. */
export function withLiveDate(
  specialDates: readonly SpecialDate[],
  live: SpecialDate | null,
): readonly SpecialDate[] {
  return live ? [...specialDates.filter((d) => d.date !== live.date), live] : specialDates;
}
