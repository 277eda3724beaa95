import { describe, expect, it } from "vitest";
import { days } from "../../rink/week.ts";
import { site } from "../content/site.ts";
import type { DayHours, TimeRange } from "../content/types.ts";
import { hoursRows } from "./hours.ts";

/** A week from a map of day → openings; days not named are closed. */
function week(open: Partial<Record<(typeof days)[number], TimeRange[]>>): DayHours[] {
  return days.map((day) => ({ day, ranges: open[day] ?? [] }));
}
const evening = { start: "18:30", end: "21:00" };
const afternoon = { start: "12:00", end: "15:00" };

describe("hoursRows", () => {
  it("lists the posted week from Friday, with Monday to Thursday closed", () => {
    expect(hoursRows(site.hours)).toEqual([
      { days: "Friday", hours: ["6:30–9:05 PM"] },
      { days: "Saturday", hours: ["12:00–3:00 PM", "6:30–9:00 PM"] },
      { days: "Sunday", hours: ["12:00–3:00 PM"] },
      { days: "Monday–Thursday", hours: ["Closed"] },
    ]);
  });

  it("merges consecutive days with the same hours", () => {
    expect(
      hoursRows(week({ friday: [evening], saturday: [evening], sunday: [afternoon] })),
    ).toEqual([
      { days: "Friday–Saturday", hours: ["6:30–9:00 PM"] },
      { days: "Sunday", hours: ["12:00–3:00 PM"] },
      { days: "Monday–Thursday", hours: ["Closed"] },
    ]);
  });

  it("does not merge days whose openings differ only in part", () => {
    const rows = hoursRows(week({ saturday: [afternoon, evening], sunday: [afternoon] }));
    expect(rows.map((r) => r.days)).toEqual(["Saturday", "Sunday", "Monday–Friday"]);
  });

  it("starts on Monday when every day is open", () => {
    const everyDay = Object.fromEntries(days.map((d) => [d, [afternoon]]));
    expect(hoursRows(week(everyDay))).toEqual([
      { days: "Monday–Sunday", hours: ["12:00–3:00 PM"] },
    ]);
  });

  it("says a closed week is closed", () => {
    expect(hoursRows(week({}))).toEqual([{ days: "Monday–Sunday", hours: ["Closed"] }]);
  });

  it("keeps a closed stretch that wraps past Sunday together", () => {
    const rows = hoursRows(
      week({
        tuesday: [evening],
        wednesday: [evening],
        thursday: [evening],
        friday: [evening],
        saturday: [evening],
      }),
    );
    expect(rows).toEqual([
      { days: "Tuesday–Saturday", hours: ["6:30–9:00 PM"] },
      { days: "Sunday–Monday", hours: ["Closed"] },
    ]);
  });
});
