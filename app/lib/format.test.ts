import { describe, expect, it } from "vitest";
import { formatPrice, formatTime, formatTimeRange } from "./format";

describe("format", () => {
  it("formats whole and fractional dollars", () => {
    expect(formatPrice(10)).toBe("$10");
    expect(formatPrice(7.5)).toBe("$7.50");
  });
  it("formats clock times and ranges", () => {
    expect(formatTime("18:30")).toBe("6:30 PM");
    expect(formatTimeRange({ start: "12:30", end: "15:00" })).toBe("12:30–3:00 PM");
    expect(formatTimeRange({ start: "11:30", end: "13:00" })).toBe("11:30 AM–1:00 PM");
  });
});
