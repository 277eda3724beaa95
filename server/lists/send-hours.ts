// Quiet hours for texts (issue 31): texts, the confirmation request included, go out only
// inside a daily window, SMS_SEND_HOURS ("09:00-20:00" by default: inside the TCPA's 8 AM to
// 9 PM), on the rink's clock and (issue 42) on the clock of every time zone the recipient's
// area code spans (number-time-zones.ts), since the TCPA counts the called party's local time.
// Outside it they wait in the outbox and go at the first pass after it opens for them.
import { addDays, rinkInstant as instantIn, rinkClock } from "../../rink/calendar-day.ts";
import { momentWords, timeZone } from "../../rink/clock.ts";

export interface SendHours {
  /** "HH:MM" on the rink's clock, inclusive. */
  start: string;
  /** "HH:MM", exclusive; "24:00" is the end of the day. */
  end: string;
}

export const defaultSendHours = "09:00-20:00";

const rangePattern = /^([01]\d|2[0-3]):([0-5]\d)\s*-\s*(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** "09:00-20:00" as its start and end, or null when it is not such a range (start < end). */
export function parseSendHours(text: string): SendHours | null {
  const match = rangePattern.exec(text.trim());
  if (!match) return null;
  const start = `${match[1]}:${match[2]}`;
  const end = match[3] ?? "";
  return start < end ? { start, end } : null;
}

/** Whether texts may go at `instant` on the clock of `zone` (the rink's unless said). */
export function inSendHours(hours: SendHours, instant: Date, zone = timeZone): boolean {
  const { time } = rinkClock(instant, zone);
  return time >= hours.start && time < hours.end;
}

/**
 * When texts may next go on the clock of `zone` (the rink's unless said): `instant` itself
 * inside the window, else the window's next opening there.
 */
export function nextSendTime(hours: SendHours, instant: Date, zone = timeZone): Date {
  const { date, time } = rinkClock(instant, zone);
  if (time >= hours.start && time < hours.end) return instant;
  const day = time < hours.start ? date : addDays(date, 1);
  return new Date(instantIn(`${day}T${hours.start}`, zone));
}

/**
 * The first moment from `instant` inside the window on every clock of `zones` (the rink's and
 * the recipient's), or null when none comes within two days: a window narrower than the
 * zones' spread (SMS_SEND_HOURS "12:00-13:00" for Guam and Indiana) never opens for them all.
 */
export function nextSendTimeIn(
  hours: SendHours,
  instant: Date,
  zones: readonly string[],
): Date | null {
  const limit = instant.getTime() + 2 * 86_400_000;
  let at = instant;
  // No moment before a closed zone's next opening can do, so the latest opening is the next
  // candidate; each step is a window's start, a few a day per zone, so this ends quickly.
  while (at.getTime() <= limit) {
    let latest = at;
    for (const zone of zones) {
      const opens = nextSendTime(hours, at, zone);
      if (opens > latest) latest = opens;
    }
    if (latest.getTime() === at.getTime()) return at;
    at = latest;
  }
  return null;
}

const clockWords = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  if (h === 24 || (h === 0 && m === 0)) return "midnight";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

/** "9:00 AM to 8:00 PM": the window in the rink's words. */
export const sendHoursWords = (hours: SendHours) =>
  `${clockWords(hours.start)} to ${clockWords(hours.end)}`;

/**
 * When texts queued at `instant` go, for the owner: null inside the window (now), else
 * "Thu, Nov 26, 9:00 AM" (momentWords on the rink's clock).
 */
export function textsWaitUntil(hours: SendHours, instant: Date): string | null {
  if (inSendHours(hours, instant)) return null;
  return momentWords(nextSendTime(hours, instant));
}
