import { describe, expect, it } from "vitest";
import { site } from "../content/site";
import {
  addDays,
  dayOf,
  hoursOn,
  rinkClock,
  rinkInstant,
  upcomingSpecialDates,
} from "./calendar-day";

const zone = site.timeZone;
const closure = {
  date: "2026-12-25",
  closed: true,
  hours: [],
  events: [],
  note: "Closed for Christmas Day",
};
const special = {
  date: "2026-12-28",
  closed: false,
  hours: [{ start: "12:00", end: "17:00" }],
  events: [],
  note: "Christmas break",
};
const noteOnly = { date: "2026-12-26", closed: false, hours: [], events: [], note: "Theme night" };

describe("the rink's calendar", () => {
  it("reads the rink's date and weekday at an instant, across midnight and daylight saving", () => {
    expect(rinkClock(new Date("2026-11-30T04:59:00Z"), zone)).toEqual({
      date: "2026-11-29",
      day: "sunday",
      time: "23:59",
    });
    expect(rinkClock(new Date("2026-07-04T03:59:00Z"), zone).date).toBe("2026-07-03"); // EDT
    expect(dayOf("2026-12-25")).toBe("friday");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("turns the owner's wall-clock date-times into instants, in winter and in summer", () => {
    expect(rinkInstant("2026-12-24T17:00", zone)).toBe(Date.parse("2026-12-24T22:00:00Z"));
    expect(rinkInstant("2026-07-04T09:30", zone)).toBe(Date.parse("2026-07-04T13:30:00Z"));
  });

  it("answers the hours on a date: posted, closed by the owner, or replaced", () => {
    const friday = site.hours.find((d) => d.day === "friday")?.ranges;
    expect(hoursOn("2026-12-18", site.hours, [closure])).toEqual({ ranges: friday, closed: false });
    expect(hoursOn("2026-12-25", site.hours, [closure])).toMatchObject({
      ranges: [],
      closed: true,
      note: "Closed for Christmas Day",
    });
    expect(hoursOn("2026-12-28", site.hours, [special])).toMatchObject({
      ranges: special.hours,
      closed: false,
      note: "Christmas break",
    });
    // A date with a note and no hours of its own keeps the posted ones (Saturday).
    expect(hoursOn("2026-12-26", site.hours, [noteOnly]).ranges).toEqual(
      site.hours.find((d) => d.day === "saturday")?.ranges,
    );
  });

  it("lists the special dates of the next 60 days in date order, past ones left out", () => {
    const dates = [
      special,
      closure,
      { ...closure, date: "2026-11-01" },
      { ...closure, date: "2027-03-01" },
    ];
    expect(upcomingSpecialDates(dates, "2026-12-01").map((d) => d.date)).toEqual([
      "2026-12-25",
      "2026-12-28",
    ]);
    expect(upcomingSpecialDates(dates, "2026-12-26").map((d) => d.date)).toEqual(["2026-12-28"]);
  });
});
