// Quiet hours for texts (issue 31): texts, the confirmation request included, go out only
// inside a daily window on the rink's clock, SMS_SEND_HOURS ("09:00-20:00" by default: inside
// the TCPA's 8 AM to 9 PM in both of Indiana's time zones). Outside it they wait in the outbox
// and go at the next pass after it opens.
import { addDays } from "../../rink/calendar-day.ts";
import { momentWords, rinkInstant, rinkWallClock } from "../../rink/clock.ts";

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

/** Whether texts may go at `instant`. */
export function inSendHours(hours: SendHours, instant: Date): boolean {
  const { time } = rinkWallClock(instant);
  return time >= hours.start && time < hours.end;
}

/** When texts may next go: `instant` itself inside the window, else the window's next opening. */
export function nextSendTime(hours: SendHours, instant: Date): Date {
  if (inSendHours(hours, instant)) return instant;
  const { date, time } = rinkWallClock(instant);
  return rinkInstant(time < hours.start ? date : addDays(date, 1), hours.start);
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
