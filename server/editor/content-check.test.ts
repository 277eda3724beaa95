// The owner's save read through the content's schema before it is committed (content-check.ts):
// a file the site cannot be built from is named with its line, column and field and what to
// mend, in the words the build prints; a file that builds passes, and photos are not read.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentProblems, notSavedMessage } from "./content-check.ts";

/** The tests' own content (tests/fixtures/content), never the owner's. */
const fixtureContentDir = join(import.meta.dirname, "../../tests/fixtures/content");
const base64 = (text: string) => Buffer.from(text).toString("base64");
const fixture = (file: string) => readFileSync(join(fixtureContentDir, file), "utf8");
const adding = (path: string, text: string) => ({
  additions: [{ path, contents: base64(text) }],
});

describe("what the owner saves, checked before the commit", () => {
  it("passes every content file of the samples as it is, and a photo unread", () => {
    const files = [
      "rink.yml",
      "sessions.yml",
      "parties.yml",
      "events.yml",
      "photos.yml",
      "special-dates.yml",
    ];
    const additions = files.map((file) => ({
      path: `content/${file}`,
      contents: base64(fixture(file)),
    }));
    additions.push({ path: "content/photos/rink-floor.jpg", contents: "/9j/4AAQ" });
    expect(contentProblems({ additions })).toEqual([]);
  });

  it("names a weekly event with no day by its line, column, field and the event's title", () => {
    const events = fixture("events.yml").replace(
      "    repeats: monthly\n    week: second\n    weekday: tuesday\n",
      "    repeats: weekly\n",
    );
    const problems = contentProblems(adding("content/events.yml", events));
    const line = events.split("\n").indexOf("  - id: homeschool-skate") + 1;
    expect(problems).toEqual([
      {
        file: "content/events.yml",
        line,
        column: 5,
        field: "events[0].weekday",
        message: "a repeating event needs its day of the week",
        entry: "Homeschool skate",
      },
    ]);
    expect(notSavedMessage(problems)).toBe(
      `Not saved: please fix this first, then save again. content/events.yml:${line}:5 events[0].weekday (“Homeschool skate”): a repeating event needs its day of the week.`,
    );
  });

  it("says what a price of words, broken YAML and a misspelt field are", () => {
    const sessions = fixture("sessions.yml").replace(/price: [\d.]+/, 'price: "ten"');
    expect(contentProblems(adding("content/sessions.yml", sessions))[0]?.message).toBe(
      'expected a number of dollars, got "ten"',
    );
    expect(contentProblems(adding("content/rink.yml", "name: [unclosed\n"))[0]?.message).toMatch(
      /^this is not valid YAML/,
    );
    const misspelt = `${fixture("special-dates.yml")}\nskp: true\n`;
    expect(contentProblems(adding("content/special-dates.yml", misspelt))[0]).toMatchObject({
      field: "skp",
      message: '"skp" is not a field here: check its spelling, or remove it',
    });
  });

  it("refuses what is not text, a file past 256 KB, and deleting a file the site is built from", () => {
    const notText = contentProblems({
      additions: [{ path: "content/rink.yml", contents: "%% not base64 %%" }],
    });
    expect(notText[0]?.message).toBe("this is not text");
    const invalidUtf8 = contentProblems({
      additions: [
        { path: "content/rink.yml", contents: Buffer.from([0xff, 0xfe]).toString("base64") },
      ],
    });
    expect(invalidUtf8[0]?.message).toBe("this is not text");
    const long = contentProblems(adding("content/rink.yml", `# ${"x".repeat(300 * 1024)}\n`));
    expect(long[0]?.message).toBe("the file is longer than a content file can be (256 KB)");
    const deleted = contentProblems({ deletions: [{ path: "content/sessions.yml" }] });
    expect(deleted[0]?.message).toBe(
      "the site is built from this file: it can be changed, not deleted",
    );
    expect(contentProblems({ deletions: [{ path: "content/photos/old.jpg" }] })).toEqual([]);
  });

  it("shows the first five problems and counts the rest", () => {
    const problems = Array.from({ length: 7 }, (_, i) => ({
      file: "content/sessions.yml",
      line: i + 1,
      column: 3,
      field: `sessions[${i}].price`,
      message: "expected a number of dollars",
    }));
    const message = notSavedMessage(problems);
    expect(message).toMatch(/^Not saved: please fix these first, then save again\. /);
    expect(message).toContain("content/sessions.yml:5:3 sessions[4].price");
    expect(message).not.toContain("sessions[5]");
    expect(message).toMatch(/; and 2 more\.$/);
  });
});
