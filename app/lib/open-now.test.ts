import { describe, expect, it } from "vitest";
import { rinkClock } from "../../rink/calendar-day.ts";
import { site } from "../content/site.ts";
import { describeOpenStatus, openStatus, possibleStatusTexts } from "./open-now.ts";

const zone = site.timeZone;
// Indianapolis is UTC-4 in summer (EDT) and UTC-5 in winter (EST).
// The posted week alone: the special dates have tests of their own below.
const week = { hours: site.hours, specialDates: [] };
const at = (iso: string) => describeOpenStatus(openStatus(week, new Date(iso), zone));

describe("open now, from the posted hours", () => {
  it("is open during a posted opening and says until when", () => {
    expect(at("2026-11-27T23:30:00Z")).toBe("Open now until 9:05 PM"); // Fri 6:30 PM EST
    expect(at("2026-11-28T17:00:00Z")).toBe("Open now until 3:00 PM"); // Sat noon
    expect(at("2026-11-29T00:00:00Z")).toBe("Open now until 9:00 PM"); // Sat 7:00 PM
    expect(at("2026-11-29T19:59:00Z")).toBe("Open now until 3:00 PM"); // Sun 2:59 PM
  });

  it("opens at the minute of opening and closes at the minute of closing", () => {
    expect(at("2026-11-27T23:29:00Z")).toBe("Closed, opens today at 6:30 PM"); // Fri 6:29 PM
    expect(at("2026-11-27T23:30:00Z")).toBe("Open now until 9:05 PM"); // Fri 6:30 PM
    expect(at("2026-11-28T02:04:00Z")).toBe("Open now until 9:05 PM"); // Fri 9:04 PM
    expect(at("2026-11-28T02:05:00Z")).toBe("Closed, opens tomorrow at 12:00 PM"); // Fri 9:05 PM
  });

  it("between two openings on one day names the next one today", () => {
    expect(at("2026-11-28T21:00:00Z")).toBe("Closed, opens today at 6:30 PM"); // Sat 4:00 PM
  });

  it("on each closed weekday names Friday", () => {
    for (const iso of [
      "2026-11-23T17:00:00Z", // Monday noon
      "2026-11-24T17:00:00Z", // Tuesday
      "2026-11-25T17:00:00Z", // Wednesday
    ]) {
      expect(at(iso)).toBe("Closed, opens Friday at 6:30 PM");
    }
    expect(at("2026-11-26T17:00:00Z")).toBe("Closed, opens tomorrow at 6:30 PM"); // Thursday
  });

  it("after Sunday's closing looks ahead to Friday across midnight", () => {
    expect(at("2026-11-29T20:00:00Z")).toBe("Closed, opens Friday at 6:30 PM"); // Sun 3:00 PM
    expect(at("2026-11-30T05:00:00Z")).toBe("Closed, opens Friday at 6:30 PM"); // Mon 0:00
    // (open-now's unused wallClock went; the same clock is rinkClock's, asserted here)
    expect(rinkClock(new Date("2026-11-30T04:59:00Z"), zone)).toMatchObject({
      day: "sunday",
      time: "23:59",
    });
    expect(rinkClock(new Date("2026-11-30T05:00:00Z"), zone)).toMatchObject({
      day: "monday",
      time: "00:00",
    });
  });

  it("follows the rink's clock across both daylight-saving changes", () => {
    // 2026-03-08: clocks spring forward; Sunday noon is 16:00Z (EDT), not 17:00Z.
    expect(at("2026-03-08T16:00:00Z")).toBe("Open now until 3:00 PM");
    expect(at("2026-03-08T15:59:00Z")).toBe("Closed, opens today at 12:00 PM");
    // 2026-11-01: clocks fall back; Sunday 3:00 PM is 20:00Z (EST).
    expect(at("2026-11-01T19:59:00Z")).toBe("Open now until 3:00 PM");
    expect(at("2026-11-01T20:00:00Z")).toBe("Closed, opens Friday at 6:30 PM");
  });

  it("says closed with no next opening when the week has no hours", () => {
    const closed = site.hours.map((d) => ({ ...d, ranges: [] }));
    expect(
      describeOpenStatus(openStatus({ hours: closed, specialDates: [] }, new Date(), zone)),
    ).toBe("Closed");
  });
});

describe("possibleStatusTexts", () => {
  it("lists every status the posted hours can produce, longest first", () => {
    const texts = possibleStatusTexts(week, "2026-11-23");
    for (const iso of [
      "2026-11-27T23:30:00Z",
      "2026-11-27T23:29:00Z",
      "2026-11-28T02:05:00Z",
      "2026-11-28T21:00:00Z",
      "2026-11-24T17:00:00Z",
      "2026-11-26T17:00:00Z",
      "2026-11-29T20:00:00Z",
    ]) {
      expect(texts).toContain(at(iso));
    }
    expect(texts).toContain("Closed");
    expect(new Set(texts).size).toBe(texts.length);
    const lengths = texts.map((t) => t.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
  });
});

describe("open now, with the owner's special dates", () => {
  const christmas = {
    date: "2026-12-25",
    closed: true,
    hours: [],
    events: [],
    note: "Closed for Christmas Day",
  };
  const breakDay = {
    date: "2026-12-28",
    closed: false,
    hours: [{ start: "12:00", end: "17:00" }],
    events: [],
    note: "Christmas break: open all afternoon",
  };
  const rink = { hours: site.hours, specialDates: [christmas, breakDay] };
  const status = (iso: string) => openStatus(rink, new Date(iso), zone);

  it("a closure on a Friday evening reads closed, with its note, and names the next opening", () => {
    const friday7pm = status("2026-12-26T00:00:00Z"); // Fri Dec 25, 7:00 PM EST
    expect(friday7pm.open).toBe(false);
    expect(friday7pm.note).toBe("Closed for Christmas Day");
    expect(describeOpenStatus(friday7pm)).toBe("Closed, opens tomorrow at 12:00 PM");
  });

  it("'opens …' skips a closed date", () => {
    // Thursday Dec 24: Friday is closed, so the next opening is Saturday.
    expect(describeOpenStatus(status("2026-12-24T17:00:00Z"))).toBe(
      "Closed, opens Saturday at 12:00 PM",
    );
  });

  it("uses special hours on a day posted closed, with the note", () => {
    const monday = status("2026-12-28T18:00:00Z"); // Mon Dec 28, 1:00 PM
    expect(describeOpenStatus(monday)).toBe("Open now until 5:00 PM");
    expect(monday.note).toBe("Christmas break: open all afternoon");
    // Sunday after closing: Monday's special opening comes first.
    expect(describeOpenStatus(status("2026-12-27T21:00:00Z"))).toBe(
      "Closed, opens tomorrow at 12:00 PM",
    );
  });

  it("names a date when the next opening is more than a week away", () => {
    const allClosed = Array.from({ length: 10 }, (_, i) => ({
      ...christmas,
      date: `2026-12-${String(18 + i).padStart(2, "0")}`,
    }));
    const s = openStatus(
      { hours: site.hours, specialDates: allClosed },
      new Date("2026-12-18T17:00:00Z"),
      zone,
    );
    // Closed Dec 18-27, Monday Dec 28 posted closed: Friday, Jan 1, two weeks on.
    expect(describeOpenStatus(s)).toBe("Closed, opens Friday, Jan 1 at 6:30 PM");
  });

  it("reserves room for the special hours' texts too", () => {
    expect(possibleStatusTexts(rink, "2026-12-01")).toContain("Open now until 5:00 PM");
  });
});
