import { describe, expect, it } from "vitest";
import { site } from "../app/content/site.ts";
import type { SiteContent } from "../app/content/types.ts";
import { findContradictions } from "./contradictions.ts";

const clone = (): SiteContent => structuredClone(site) as SiteContent;

describe("content contradictions", () => {
  it("names the spec's own contradiction: Wednesday Night Rewind on a day posted closed", () => {
    expect(findContradictions(site, new Date("2026-11-23T12:00:00-05:00"))).toEqual([
      'Public session "Wednesday Night Rewind" (Wednesday 8:00–10:00 PM) is on a day the posted hours list as closed.',
    ]);
  });

  it("reports a session outside the posted hours of an open day", () => {
    const content = clone();
    const glow = content.sessions.find((s) => s.id === "saturday-night-glow");
    if (glow) glow.time = { start: "18:30", end: "22:00" };
    expect(findContradictions(content, new Date("2026-11-23T12:00:00-05:00"))).toContain(
      'Public session "Saturday Night Family Roll (Glow)" (Saturday 6:30–10:00 PM) is outside the posted hours for Saturday.',
    );
  });

  it("reports overlapping sessions on one day", () => {
    const content = clone();
    const matinee = content.sessions.find((s) => s.id === "saturday-family-matinee");
    if (matinee) matinee.time = { start: "12:30", end: "19:00" };
    const found = findContradictions(content, new Date("2026-11-23T12:00:00-05:00"));
    expect(found.some((w) => w.includes("overlap on Saturday"))).toBe(true);
  });

  it("reports public party times outside public hours, but never the private party slot", () => {
    const content = clone();
    const group = content.partyAvailability[0];
    if (group?.slots[0]) group.slots[0].time = { start: "18:00", end: "21:00" };
    const found = findContradictions(content, new Date("2026-11-23T12:00:00-05:00"));
    expect(found.some((w) => w.startsWith('Party availability "Packages #1–#3" on Friday'))).toBe(
      true,
    );
    expect(found.some((w) => w.includes("Private"))).toBe(false);
  });

  it("reports a duplicate phone label", () => {
    const content = clone();
    const [first, second] = content.phones;
    if (first && second) second.label = first.label;
    expect(findContradictions(content, new Date("2026-11-23T12:00:00-05:00"))).toContain(
      'The phone label "Main" is used more than once.',
    );
  });

  it("warns about a special date in the past, a date listed twice and an announcement without an end", () => {
    const content = clone();
    const note = "Closed";
    content.specialDates = [
      { date: "2026-11-01", closed: true, hours: [], events: [], note },
      { date: "2026-12-25", closed: true, hours: [], events: [], note },
      { date: "2026-12-25", closed: false, hours: [], events: [], note },
    ];
    content.announcement = { text: "Snow day" };
    const found = findContradictions(content, new Date("2026-11-23T12:00:00-05:00"));
    expect(found).toContain(
      "Special date 2026-11-01 (Closed) is in the past: the site no longer shows it, and it can be removed.",
    );
    expect(found).toContain(
      "Special date 2026-12-25 (Friday, Dec 25) is listed twice: the site uses the first entry.",
    );
    expect(found).toContain(
      "The announcement has no end (until): it will show on every page until someone removes it.",
    );
  });

  it("warns about an event outside its date's hours", () => {
    const content = clone();
    content.specialDates = [
      {
        date: "2026-12-28",
        closed: false,
        hours: [{ start: "12:00", end: "17:00" }],
        events: [{ name: "Late skate", time: { start: "18:00", end: "20:00" }, price: 8 }],
        note: "Break",
      },
    ];
    expect(findContradictions(content, new Date("2026-11-23T12:00:00-05:00"))).toContain(
      'Event "Late skate" on Monday, Dec 28 (6:00–8:00 PM) is outside that day\'s hours.',
    );
  });
});
