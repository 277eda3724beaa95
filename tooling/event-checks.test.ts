import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentError, contentDir, loadSiteContent } from "./content/load.ts";
import { eventWarnings } from "./event-checks.ts";

// The owner's events in the content check (issue 34): the schema's problems at file:line:column,
// and the warnings an event on a closed day or a skipped date that changes nothing gives.

const now = new Date("2026-11-26T12:00:00-05:00");
let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

/** The tests' content with events.yml's `events:` list replaced by `events`. */
function withEvents(events: string): string {
  dir = mkdtempSync(join(tmpdir(), "events-"));
  cpSync(contentDir, dir, { recursive: true });
  const file = join(dir, "events.yml");
  const head = readFileSync(file, "utf8").split("\nevents:\n")[0];
  writeFileSync(file, `${head}\nevents:\n${events}`);
  return dir;
}

const problemsOf = (at: string) => {
  try {
    loadSiteContent(at);
  } catch (error) {
    if (error instanceof ContentError)
      return error.problems.map((p) => `${p.line}:${p.column} ${p.field}: ${p.message}`);
    throw error;
  }
  return [];
};

describe("the events in the content check", () => {
  it("has no warning for the tests' sample events", () => {
    expect(eventWarnings(loadSiteContent(), now)).toEqual([]);
  });

  it("says which events a closure cancels, at the event's line in events.yml", () => {
    const at = withEvents(
      [
        "  - id: carols",
        "    title: Carol skate",
        "    description: Skating to carols.",
        '    date: "2026-12-25"',
        '    time: { start: "13:00", end: "15:00" }',
        "    price: 6",
        "  - id: thursday-lates",
        "    title: Thursday lates",
        "    description: Late skating every Thursday in December.",
        "    repeats: weekly",
        "    weekday: thursday",
        '    from: "2026-12-01"',
        '    until: "2026-12-31"',
        "    skip:",
        '      - "2026-12-26"',
        '    time: { start: "19:00", end: "21:00" }',
        "    price: 8",
        "",
      ].join("\n"),
    );
    const lines = readFileSync(join(at, "events.yml"), "utf8").split("\n");
    const lineOf = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    const warnings = eventWarnings(loadSiteContent(at), now, at);
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `events\\.yml:${lineOf('date: "2026-12-25"')}:11 events\\[0\\]\\.date: Closing Friday, Dec 25 \\(Closed for Christmas Day\\) cancels "Carol skate" that day: the site, its calendar and search engines show it as cancelled\\. To hold it, open the rink that day or move the event\\.$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `events\\.yml:${lineOf('from: "2026-12-01"')}:11 events\\[1\\]\\.from: Closing Thursday, Dec 24 \\(Closed for Christmas Eve\\) cancels "Thursday lates" that day: the site, its calendar and search engines show it as cancelled\\. To hold it, open the rink that day\\.$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `events\\.yml:${lineOf('- "2026-12-26"')}:9 events\\[1\\]\\.skip\\[0\\]: "Thursday lates" does not fall on Saturday, Dec 26`,
        ),
      ),
    ]);
  });

  it("refuses a repeat that does not say when, with the file, line and column", () => {
    const at = withEvents(
      [
        "  - id: monthly",
        "    title: Monthly skate",
        "    description: Once a month.",
        "    repeats: monthly",
        "    weekday: tuesday",
        '    from: "2026-12-01"',
        '    until: "2026-11-01"',
        '    time: { start: "13:00", end: "15:00" }',
        "    price: 6",
        "  - id: once",
        "    title: Once",
        "    description: One afternoon.",
        '    time: { start: "13:00", end: "15:00" }',
        "    price: 6",
        "",
      ].join("\n"),
    );
    const lines = readFileSync(join(at, "events.yml"), "utf8").split("\n");
    const lineOf = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    expect(problemsOf(at)).toEqual([
      `${lineOf("- id: monthly")}:5 events[0].week: a monthly event needs its week of the month, like second`,
      `${lineOf('until: "2026-11-01"')}:12 events[0].until: the last date must come after the first`,
      `${lineOf("- id: once")}:5 events[1].date: a one-off event needs its date (or choose how it repeats)`,
    ]);
  });
});
