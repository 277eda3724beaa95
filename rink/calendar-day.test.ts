import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOf,
  hoursOn,
  rinkClock,
  rinkInstant,
  tableOffset,
  upcomingSpecialDates,
  zoneOffsets,
} from "./calendar-day.ts";
import { timeZone } from "./time-zone.ts";
import type { DayHours } from "./week.ts";

const zone = timeZone;
// A posted week as the content writes one (the test fixture's, tests/fixtures/content/rink.yml).
const week: DayHours[] = [
  { day: "monday", ranges: [] },
  { day: "tuesday", ranges: [] },
  { day: "wednesday", ranges: [] },
  { day: "thursday", ranges: [] },
  { day: "friday", ranges: [{ start: "18:30", end: "21:05" }] },
  {
    day: "saturday",
    ranges: [
      { start: "12:00", end: "15:00" },
      { start: "18:30", end: "21:00" },
    ],
  },
  { day: "sunday", ranges: [{ start: "12:00", end: "15:00" }] },
];
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
    const friday = week.find((d) => d.day === "friday")?.ranges;
    expect(hoursOn("2026-12-18", week, [closure])).toEqual({ ranges: friday, closed: false });
    expect(hoursOn("2026-12-25", week, [closure])).toMatchObject({
      ranges: [],
      closed: true,
      note: "Closed for Christmas Day",
    });
    expect(hoursOn("2026-12-28", week, [special])).toMatchObject({
      ranges: special.hours,
      closed: false,
      note: "Christmas break",
    });
    // A date with a note and no hours of its own keeps the posted ones (Saturday).
    expect(hoursOn("2026-12-26", week, [noteOnly]).ranges).toEqual(
      week.find((d) => d.day === "saturday")?.ranges,
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

describe("the offset table the browser reads the rink's clock from", () => {
  const from = Date.parse("2025-11-23T00:00:00Z");
  const until = Date.parse("2031-11-23T00:00:00Z");

  it("finds each daylight saving change to the minute", () => {
    const table = zoneOffsets(zone, from, until);
    expect(table.changes.slice(0, 3)).toEqual([
      [from, -300],
      [Date.parse("2026-03-08T07:00:00Z"), -240], // 2 AM EST becomes 3 AM EDT
      [Date.parse("2026-11-01T06:00:00Z"), -300], // 2 AM EDT becomes 1 AM EST
    ]);
    expect(table.changes).toHaveLength(13);
    expect(tableOffset(table, zone, Date.parse("2026-03-08T06:59:00Z"))).toBe(-300);
    expect(tableOffset(table, zone, Date.parse("2026-03-08T07:00:00Z"))).toBe(-240);
    // Outside its span, or for another zone, the table does not answer (Intl does).
    expect(tableOffset(table, zone, until)).toBeNull();
    expect(tableOffset(table, "Europe/London", from)).toBeNull();
  });

  // Zones with half-hour offsets, half-hour daylight saving and none at all.
  const zones = [zone, "Europe/London", "Asia/Kolkata", "America/St_Johns", "Australia/Lord_Howe"];
  const tables = zones.map((z) => zoneOffsets(z, from, until));

  it("tells the same date, weekday and time as Intl, at any instant, in any zone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: zones.length - 1 }),
        fc.integer({ min: from - 86_400_000, max: until + 86_400_000 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: -120_000, max: 120_000 }),
        fc.boolean(),
        (i, anywhen, change, nudge, nearChange) => {
          const table = tables[i];
          const z = zones[i] as string;
          // Half the instants fall within two minutes of one of the zone's changes.
          const at = table?.changes[change % table.changes.length]?.[0];
          const instant = nearChange && at !== undefined ? at + nudge : anywhen;
          expect(rinkClock(new Date(instant), z, table)).toEqual(
            rinkClock(new Date(instant), z, undefined),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("turns the owner's date-times into the same instants as Intl, across the changes", () => {
    const table = tables[0];
    for (const dateTime of [
      "2026-03-08T01:59",
      "2026-03-08T02:30", // skipped by the spring change
      "2026-03-08T03:00",
      "2026-11-01T01:30", // twice in the autumn
      "2026-12-24T17:00",
      "2031-07-04T09:30",
    ]) {
      expect(rinkInstant(dateTime, zone, table)).toBe(rinkInstant(dateTime, zone, undefined));
    }
  });
});
