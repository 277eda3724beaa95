import { describe, expect, it } from "vitest";
import { site } from "../app/content/site";
import type { SiteContent } from "../app/content/types";
import { findContradictions } from "./contradictions";

const clone = (): SiteContent => structuredClone(site) as SiteContent;

describe("content contradictions", () => {
  it("names the spec's own contradiction: Wednesday Night Rewind on a day posted closed", () => {
    expect(findContradictions(site)).toEqual([
      'Public session "Wednesday Night Rewind" (Wednesday 8:00–10:00 PM) is on a day the posted hours list as closed.',
    ]);
  });

  it("reports a session outside the posted hours of an open day", () => {
    const content = clone();
    const glow = content.sessions.find((s) => s.id === "saturday-night-glow");
    if (glow) glow.time = { start: "18:30", end: "22:00" };
    expect(findContradictions(content)).toContain(
      'Public session "Saturday Night Family Roll (Glow)" (Saturday 6:30–10:00 PM) is outside the posted hours for Saturday.',
    );
  });

  it("reports overlapping sessions on one day", () => {
    const content = clone();
    const matinee = content.sessions.find((s) => s.id === "saturday-family-matinee");
    if (matinee) matinee.time = { start: "12:30", end: "19:00" };
    const found = findContradictions(content);
    expect(found.some((w) => w.includes("overlap on Saturday"))).toBe(true);
  });

  it("reports public party times outside public hours, but never the private party slot", () => {
    const content = clone();
    const group = content.partyAvailability[0];
    if (group?.slots[0]) group.slots[0].time = { start: "18:00", end: "21:00" };
    const found = findContradictions(content);
    expect(found.some((w) => w.startsWith('Party availability "Packages #1–#3" on Friday'))).toBe(
      true,
    );
    expect(found.some((w) => w.includes("Private"))).toBe(false);
  });

  it("reports a duplicate phone label", () => {
    const content = clone();
    const [first, second] = content.phones;
    if (first && second) second.label = first.label;
    expect(findContradictions(content)).toContain('The phone label "Main" is used more than once.');
  });
});
