// RFC 5545's own examples of folding (3.1) and of escaping text (3.3.11), and the rules every
// calendar file the build writes keeps: CRLF after every line, the last one included, and no
// line of more than 75 octets, a continuation's leading space counted.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { exactIcs, foldLine, unfoldedLines } from "./ics-lines.ts";

const octets = (line: string) => new TextEncoder().encode(line).length;

describe("RFC 5545 content lines", () => {
  it("unfold the RFC's own folded example into its one line (3.1)", () => {
    const folded =
      "DESCRIPTION:This is a lo\r\n ng description\r\n  that exists on a long line.\r\n";
    expect(unfoldedLines(folded)).toEqual([
      "DESCRIPTION:This is a long description that exists on a long line.",
    ]);
  });

  it("fold a long line into lines of at most 75 octets, a continuation's space counted", () => {
    const line = `DESCRIPTION:${"x".repeat(200)}`;
    const lines = foldLine(line);
    // 212 octets: 75, then 74 of the line after each space.
    expect(lines.map(octets)).toEqual([75, 75, 64]);
    expect(lines.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(unfoldedLines(lines.join("\r\n"))).toEqual([line]);
  });

  it("never split a character: a dash of three octets and an emoji of four move whole", () => {
    const line = `SUMMARY:${"a".repeat(65)}–${"b".repeat(1)}🛼${"c".repeat(80)}`;
    const lines = foldLine(line);
    for (const l of lines) expect(octets(l)).toBeLessThanOrEqual(75);
    // No half of a surrogate pair, nor of a UTF-8 sequence, at a fold.
    for (const l of lines) expect(l).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    expect(lines.some((l) => l.endsWith("–") || l.startsWith(" –"))).toBe(true);
    expect(unfoldedLines(lines.join("\r\n"))).toEqual([line]);
  });

  it("end every line with CRLF, the last one included, whatever folding came in", () => {
    const text = new ICAL.Component("vcalendar");
    text.addPropertyWithValue("version", "2.0");
    text.addPropertyWithValue("x-wr-calname", `Sugar Creek – ${"ü".repeat(80)}`);
    const exact = exactIcs(text.toString());
    expect(exact.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(exact.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of exact.slice(0, -2).split("\r\n")) {
      expect(octets(line), line).toBeLessThanOrEqual(75);
    }
    expect(ICAL.parse(exact)).toEqual(ICAL.parse(text.toString()));
  });

  it("escape text as the RFC's example does: a newline as \\n, and \\, \\; \\\\ (3.3.11)", () => {
    const event = new ICAL.Component("vevent");
    event.addPropertyWithValue(
      "description",
      "Project XYZ Final Review\nConference Room - 3B\nCome Prepared.",
    );
    event.addPropertyWithValue("summary", "Skates, pads; helmets \\ more");
    const lines = unfoldedLines(exactIcs(event.toString()));
    expect(lines).toContain(
      "DESCRIPTION:Project XYZ Final Review\\nConference Room - 3B\\nCome Prepared.",
    );
    expect(lines).toContain("SUMMARY:Skates\\, pads\\; helmets \\\\ more");
  });
});
