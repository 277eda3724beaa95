import { describe, expect, it } from "vitest";
import { rinkInstant } from "./calendar-day.ts";
import {
  type EventWhen,
  eventDates,
  firstRuleDate,
  repeatRule,
  repeatWords,
  skippedDates,
} from "./repeats.ts";
import { timeZone } from "./time-zone.ts";

// An event's dates as the owner writes its repeat (content/events.yml), through ical.js's
// RFC 5545 recurrence: the dates a family would read on a paper calendar of the rink.

const afternoon = { start: "13:00", end: "15:00" };
const monthly = (week: EventWhen["week"], weekday: EventWhen["weekday"], from: string) =>
  ({ repeats: "monthly", week, weekday, from, skip: [], time: afternoon }) as EventWhen;

describe("an event's dates", () => {
  it("gives a one-off its date, inside the window only", () => {
    const once: EventWhen = { repeats: "no", date: "2026-12-12", skip: [], time: afternoon };
    expect(eventDates(once, "2026-12-01", "2026-12-31")).toEqual(["2026-12-12"]);
    expect(eventDates(once, "2026-12-13", "2026-12-31")).toEqual([]);
    expect(repeatRule(once)).toBeNull();
    expect(repeatWords(once)).toBe("Saturday, Dec 12");
  });

  it("puts the second Tuesday of every month in each month, across the year's end", () => {
    const second = monthly("second", "tuesday", "2026-11-15");
    expect(repeatRule(second)).toBe("FREQ=MONTHLY;BYDAY=2TU");
    // November's second Tuesday (the 10th) is before the first date: the first is in December.
    expect(eventDates(second, "2026-11-01", "2027-02-28")).toEqual([
      "2026-12-08",
      "2027-01-12",
      "2027-02-09",
    ]);
    expect(firstRuleDate(second)).toBe("2026-12-08");
    expect(repeatWords(second)).toBe("The second Tuesday of every month");
  });

  it("finds the last Saturday of a month, whether the month has four or five", () => {
    const last = monthly("last", "saturday", "2026-10-01");
    expect(repeatRule(last)).toBe("FREQ=MONTHLY;BYDAY=-1SA");
    // October 2026 has five Saturdays (the last is the 31st), November four (the 28th).
    expect(eventDates(last, "2026-10-01", "2027-01-31")).toEqual([
      "2026-10-31",
      "2026-11-28",
      "2026-12-26",
      "2027-01-30",
    ]);
  });

  it("repeats weekly across a month boundary, until its last date", () => {
    const fridays: EventWhen = {
      repeats: "weekly",
      weekday: "friday",
      from: "2026-11-20",
      until: "2026-12-11",
      skip: [],
      time: afternoon,
    };
    expect(repeatRule(fridays)).toBe("FREQ=WEEKLY;BYDAY=FR");
    expect(eventDates(fridays, "2026-11-01", "2027-01-31")).toEqual([
      "2026-11-20",
      "2026-11-27",
      "2026-12-04",
      "2026-12-11",
    ]);
    expect(repeatWords(fridays)).toBe("Every Friday, until Friday, Dec 11");
  });

  it("leaves a skipped date out, and only the dates the rule falls on are skipped", () => {
    const theme: EventWhen = {
      ...monthly("last", "saturday", "2026-12-01"),
      skip: ["2026-12-26", "2026-12-27"],
    };
    expect(eventDates(theme, "2026-12-01", "2027-02-28")).toEqual(["2027-01-30", "2027-02-27"]);
    // The 27th is a Sunday: no Saturday rule falls on it, so the feed has no EXDATE for it.
    expect(skippedDates(theme)).toEqual(["2026-12-26"]);
  });

  it("keeps the wall-clock time on the rink's clock across both daylight-saving changes", () => {
    const sundays: EventWhen = {
      repeats: "weekly",
      weekday: "sunday",
      from: "2026-10-25",
      until: "2027-03-21",
      skip: [],
      time: afternoon,
    };
    const dates = eventDates(sundays, "2026-10-25", "2027-03-21");
    expect(dates).toContain("2026-11-01");
    expect(dates).toContain("2027-03-14");
    const utc = (date: string) => new Date(rinkInstant(`${date}T13:00`, timeZone)).toISOString();
    // 1 PM EDT (UTC-4) the Sunday before clocks go back, 1 PM EST (UTC-5) the day they do.
    expect(utc("2026-10-25")).toBe("2026-10-25T17:00:00.000Z");
    expect(utc("2026-11-01")).toBe("2026-11-01T18:00:00.000Z");
    // And back to EDT the day clocks go forward (2027-03-14).
    expect(utc("2027-03-07")).toBe("2027-03-07T18:00:00.000Z");
    expect(utc("2027-03-14")).toBe("2027-03-14T17:00:00.000Z");
    expect(dates).toHaveLength(22);
  });

  it("reads a long window in bounded time", () => {
    const weekly: EventWhen = {
      repeats: "weekly",
      weekday: "monday",
      from: "2026-01-05",
      skip: [],
      time: afternoon,
    };
    const dates = eventDates(weekly, "2026-01-01", "2099-12-31");
    expect(dates.length).toBeLessThanOrEqual(400);
    expect(dates[0]).toBe("2026-01-05");
  });
});
