import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDay,
  formatDayList,
  formatDuration,
  formatLongDate,
  formatPrice,
  formatSkaters,
  formatTime,
  formatTimeRange,
} from "./format.ts";

describe("formatPrice", () => {
  it.each([
    [0, "$0"],
    [7, "$7"],
    [10, "$10"],
    [390, "$390"],
    [7.5, "$7.50"],
    [7.05, "$7.05"],
  ])("%d → %s", (dollars, shown) => {
    expect(formatPrice(dollars)).toBe(shown);
  });
});

describe("formatTime", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["00:30", "12:30 AM"],
    ["09:05", "9:05 AM"],
    ["11:59", "11:59 AM"],
    ["12:00", "12:00 PM"],
    ["12:30", "12:30 PM"],
    ["18:30", "6:30 PM"],
    ["21:05", "9:05 PM"],
    ["23:59", "11:59 PM"],
  ])("%s → %s", (clock, shown) => {
    expect(formatTime(clock)).toBe(shown);
  });
});

describe("formatTimeRange", () => {
  it("names the half of the day once when both ends share it", () => {
    expect(formatTimeRange({ start: "20:00", end: "22:00" })).toBe("8:00–10:00 PM");
    expect(formatTimeRange({ start: "18:30", end: "21:05" })).toBe("6:30–9:05 PM");
    expect(formatTimeRange({ start: "12:30", end: "15:00" })).toBe("12:30–3:00 PM");
    expect(formatTimeRange({ start: "09:00", end: "11:30" })).toBe("9:00–11:30 AM");
  });
  it("names both halves when the range crosses noon", () => {
    expect(formatTimeRange({ start: "11:30", end: "13:00" })).toBe("11:30 AM–1:00 PM");
    expect(formatTimeRange({ start: "10:00", end: "12:00" })).toBe("10:00 AM–12:00 PM");
  });
  it("uses an en dash, not a hyphen", () => {
    expect(formatTimeRange({ start: "16:00", end: "18:00" })).toBe("4:00\u20136:00 PM");
  });
});

describe("days", () => {
  it("names a day", () => {
    expect(formatDay("monday")).toBe("Monday");
    expect(formatDay("sunday")).toBe("Sunday");
  });
  it("lists days in plain English", () => {
    expect(formatDayList([])).toBe("");
    expect(formatDayList(["friday"])).toBe("Friday");
    expect(formatDayList(["friday", "saturday"])).toBe("Friday and Saturday");
    expect(formatDayList(["friday", "saturday", "sunday"])).toBe("Friday, Saturday and Sunday");
  });
  it("names a date short in the lists and in full in the owner's updates", () => {
    expect(formatDate("2026-12-25")).toBe("Friday, Dec 25");
    expect(formatDate("2027-09-04")).toBe("Saturday, Sep 4");
    expect(formatLongDate("2026-12-25")).toBe("Friday, December 25");
    expect(formatLongDate("2027-09-04")).toBe("Saturday, September 4");
  });
});

describe("formatDuration", () => {
  it.each([
    [45, "45 minutes"],
    [60, "1 hour"],
    [90, "1.5 hours"],
    [120, "2 hours"],
    [150, "2.5 hours"],
    [180, "3 hours"],
  ])("%d minutes → %s", (minutes, shown) => {
    expect(formatDuration(minutes)).toBe(shown);
  });
});

describe("formatSkaters", () => {
  it("says how many skaters a package takes", () => {
    expect(formatSkaters(10)).toBe("Up to 10 skaters");
    expect(formatSkaters("unlimited")).toBe("Unlimited skaters");
  });
});
