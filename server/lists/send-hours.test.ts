// The texts' quiet hours (issue 31) on the rink's clock (America/Indiana/Indianapolis), across
// a change of daylight saving time, on the recipients' clocks too (issue 42), and the words the
// owner's pages give for them.
import { describe, expect, it } from "vitest";
import {
  inSendHours,
  nextSendTime,
  nextSendTimeIn,
  parseSendHours,
  sendHoursWords,
  textsWaitUntil,
} from "./send-hours.ts";

const hours = parseSendHours("09:00-20:00") ?? { start: "", end: "" };

describe("the sending hours", () => {
  it("reads a window, start before end, on a 24-hour clock", () => {
    expect(hours).toEqual({ start: "09:00", end: "20:00" });
    expect(parseSendHours(" 10:30 - 19:45 ")).toEqual({ start: "10:30", end: "19:45" });
    expect(parseSendHours("00:00-24:00")).toEqual({ start: "00:00", end: "24:00" });
    for (const bad of ["20:00-09:00", "9:00-20:00", "09:00-25:00", "09:00", "", "09:00-09:00"]) {
      expect(parseSendHours(bad), bad).toBeNull();
    }
  });

  it("holds texts outside 9 AM to 8 PM at the rink, in winter and in summer time", () => {
    // January: UTC-5. 13:59 UTC is 8:59 AM; 14:00 is 9:00 AM; 01:00 UTC is 8:00 PM.
    expect(inSendHours(hours, new Date("2026-01-10T13:59:00Z"))).toBe(false);
    expect(inSendHours(hours, new Date("2026-01-10T14:00:00Z"))).toBe(true);
    expect(inSendHours(hours, new Date("2026-01-11T00:59:00Z"))).toBe(true);
    expect(inSendHours(hours, new Date("2026-01-11T01:00:00Z"))).toBe(false);
    // July: UTC-4. 13:00 UTC is 9:00 AM.
    expect(inSendHours(hours, new Date("2026-07-10T12:59:00Z"))).toBe(false);
    expect(inSendHours(hours, new Date("2026-07-10T13:00:00Z"))).toBe(true);
  });

  it("says when waiting texts go: the same morning, or the next one", () => {
    const early = new Date("2026-01-10T10:00:00Z"); // 5:00 AM
    expect(nextSendTime(hours, early).toISOString()).toBe("2026-01-10T14:00:00.000Z");
    const late = new Date("2026-01-11T02:30:00Z"); // 9:30 PM on the 10th
    expect(nextSendTime(hours, late).toISOString()).toBe("2026-01-11T14:00:00.000Z");
    // The night daylight saving time starts (March 8, 2026): 9 AM is then UTC-4.
    expect(nextSendTime(hours, new Date("2026-03-08T03:00:00Z")).toISOString()).toBe(
      "2026-03-08T13:00:00.000Z",
    );
    expect(textsWaitUntil(hours, late)).toBe("Sun, Jan 11, 9:00 AM");
    expect(textsWaitUntil(hours, new Date("2026-01-10T15:00:00Z"))).toBeNull();
    expect(sendHoursWords(hours)).toBe("9:00 AM to 8:00 PM");
    expect(sendHoursWords({ start: "00:00", end: "24:00" })).toBe("midnight to midnight");
  });
});

describe("the sending hours on every clock a number may ring on (issue 42)", () => {
  const rink = "America/Indiana/Indianapolis";
  const iso = (d: Date | null) => d?.toISOString() ?? null;

  it("opens when the last of the clocks opens, and not before", () => {
    // 8:30 AM at the rink is 5:30 AM in Los Angeles (January: UTC-5 and UTC-8).
    const early = new Date("2026-01-10T13:30:00Z");
    expect(inSendHours(hours, early, "America/Los_Angeles")).toBe(false);
    expect(iso(nextSendTimeIn(hours, early, [rink, "America/Los_Angeles"]))).toBe(
      "2026-01-10T17:00:00.000Z", // 9 AM in Los Angeles, noon at the rink
    );
    // 7 PM at the rink is 8:30 PM in St. John's: past its 8 PM, so the rink's next 9 AM.
    const evening = new Date("2026-01-11T00:00:00Z");
    expect(iso(nextSendTimeIn(hours, evening, [rink, "America/St_Johns"]))).toBe(
      "2026-01-11T14:00:00.000Z",
    );
    // Inside on every clock: now.
    const noon = new Date("2026-01-10T17:30:00Z");
    expect(nextSendTimeIn(hours, noon, [rink, "America/Chicago", "America/Los_Angeles"])).toBe(
      noon,
    );
  });

  it("follows each zone's daylight saving time, and Arizona's none", () => {
    // July: the rink is UTC-4, Phoenix UTC-7 all year. 9 AM in Phoenix is noon at the rink.
    const july = new Date("2026-07-10T13:00:00Z");
    expect(iso(nextSendTimeIn(hours, july, [rink, "America/Phoenix"]))).toBe(
      "2026-07-10T16:00:00.000Z",
    );
    // January: Phoenix is UTC-7, two hours behind the rink; 9 AM there is 11 AM at the rink.
    const january = new Date("2026-01-10T14:00:00Z");
    expect(iso(nextSendTimeIn(hours, january, [rink, "America/Phoenix"]))).toBe(
      "2026-01-10T16:00:00.000Z",
    );
  });

  it("says never when the window cannot be open on all the clocks at once", () => {
    const noonHour = parseSendHours("12:00-13:00") ?? hours;
    // Noon to 1 PM at the rink is 3 to 4 AM in Guam: no moment is inside both.
    expect(nextSendTimeIn(noonHour, new Date("2026-01-10T17:30:00Z"), [rink, "Pacific/Guam"])).toBe(
      null,
    );
  });
});
