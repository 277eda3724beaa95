import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { pageFile } from "../../rink/content/fields.ts";
import { contentFiles } from "../../rink/content/schema.ts";
import { ContentError, contentDir, loadSiteContent } from "./load.ts";
import { sampleContent, samplesMarker } from "./samples.ts";

// The owner's files read through the schema: what the build does, and what it says when a
// file is wrong (the owner reads it in the host's build log).

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the real content with one file edited. */
function contentWith(file: string, edit: (text: string) => string): string {
  dir = mkdtempSync(join(tmpdir(), "rink-content-"));
  cpSync(contentDir, dir, { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), "utf8")));
  return dir;
}

function problems(content: string): string[] {
  try {
    loadSiteContent(content);
  } catch (error) {
    if (error instanceof ContentError)
      return error.message
        .split("\n")
        .slice(1)
        .map((l) => l.trim());
    throw error;
  }
  return [];
}

/** The 1-based line and column of the n-th (0-based) match of `needle` in a file. */
function position(path: string, needle: string, n = 0) {
  const lines = readFileSync(path, "utf8").split("\n");
  let seen = 0;
  for (const [i, line] of lines.entries()) {
    const col = line.indexOf(needle);
    if (col >= 0 && seen++ === n) return `${i + 1}:${col + 1}`;
  }
  throw new Error(`${needle} not in ${path}`);
}

describe("loading the content files", () => {
  it("reads the real files, times and dates as strings", () => {
    const site = loadSiteContent();
    expect(site.sessions.length).toBeGreaterThan(0);
    expect(site.hours.find((d) => d.day === "friday")?.ranges[0]?.start).toBe("18:30");
    expect(site.timeZone).toBe("America/Indiana/Indianapolis");
  });

  it("keeps the files data only: no comments, which the editor would drop on its first save", () => {
    for (const file of readdirSync(contentDir).filter((f) => f.endsWith(".yml"))) {
      const comments = readFileSync(join(contentDir, file), "utf8")
        .split("\n")
        .filter((line) => /^\s*#/.test(line));
      expect(comments, file).toEqual([]);
    }
  });

  it("names the file, line, column and field of a price that is not a number", () => {
    const d = contentWith("sessions.yml", (t) => t.replace(/price: 10\n/, "price: ten\n"));
    const at = position(join(d, "sessions.yml"), "ten");
    expect(problems(d)).toEqual([
      expect.stringMatching(
        new RegExp(
          `sessions\\.yml:${at} sessions\\[1\\]\\.price: expected a number of dollars, got "ten"$`,
        ),
      ),
    ]);
  });

  it("says a time must be a quoted 24-hour time, and a missing note is missing", () => {
    const d = contentWith("special-dates.yml", (t) =>
      t
        .replace('start: "12:00"', "start: 12pm")
        .replace("note: Closed for Christmas Eve", "notes: x"),
    );
    const file = join(d, "special-dates.yml");
    expect(problems(d)).toEqual([
      expect.stringMatching(/:2:5 dates\[0\]\.note: expected some text, but it is missing$/),
      // The misspelt name is named too (it was dropped without a word before).
      expect.stringMatching(
        new RegExp(
          `:${position(file, "notes")} dates\\[0\\]\\.notes: "notes" is not a field here: check its spelling, or remove it$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `:${position(file, "12pm")} dates\\[2\\]\\.hours\\[0\\]\\.start: expected a 24-hour time in quotes, like "18:30", got "12pm"$`,
        ),
      ),
    ]);
  });

  it("refuses a closed date with hours, and an announcement that ends before it starts", () => {
    const d = contentWith("special-dates.yml", (t) =>
      t.replace(
        "    closed: true\n    note: Closed for Christmas Day",
        '    closed: true\n    hours: [{ start: "12:00", end: "15:00" }]\n    note: Closed for Christmas Day',
      ),
    );
    writeFileSync(
      join(d, "announcement.yml"),
      'text: Snow day\nfrom: "2026-12-02T07:00"\nuntil: "2026-12-01T07:00"\n',
    );
    expect(problems(d)).toEqual([
      expect.stringMatching(
        /special-dates\.yml:\d+:\d+ dates\[1\]\.hours: a closed date has no hours/,
      ),
      expect.stringMatching(
        /announcement\.yml:3:8 until: the announcement must end after it starts$/,
      ),
    ]);
  });

  it("says what the text-alert terms must keep for carriers, and a word in braces it cannot fill", () => {
    // Without STOP and the privacy link, carriers' reviewers would refuse the registration.
    const d = contentWith("text-alerts.yml", (t) =>
      t
        .replace("Reply STOP to any of our texts to cancel", "Reply to any of our texts to cancel")
        .replace("Read our [privacy notice](/privacy).", "Read our {privacy}."),
    );
    expect(problems(d)).toEqual([
      expect.stringMatching(
        /text-alerts\.yml:\d+:\d+ terms\[7\]\.text: "\{privacy\}" is not a word the site fills in: use \{rink\}, \{phone\}, \{texts-a-month\}$/,
      ),
      expect.stringMatching(
        /text-alerts\.yml:\d+:\d+ terms: the terms must say how to stop the texts/,
      ),
      expect.stringMatching(
        /text-alerts\.yml:\d+:\d+ terms: the terms must link the privacy notice/,
      ),
    ]);
  });

  it("keeps the Policies page's link to the privacy notice, and links within the site", () => {
    const d = contentWith("policies.yml", (t) => t.replace("(/privacy)", "(/privacy-policy)"));
    writeFileSync(
      join(d, "privacy.yml"),
      readFileSync(join(d, "privacy.yml"), "utf8").replace("(/contact)", "(https://example.com)"),
    );
    expect(problems(d)).toEqual([
      expect.stringMatching(
        /policies\.yml:\d+:\d+ privacyNote: this line must link the privacy notice/,
      ),
      expect.stringMatching(
        /privacy\.yml:\d+:\d+ topics\[4\]\.detail: the link "\[contact form\]\(https:\/\/example\.com\)" must go to a page of this site/,
      ),
    ]);
  });

  it("names the line of a party answer, a group's phone line and a session's sensory note gone wrong", () => {
    // Issue 34: the party guide's questions, the groups section and the sensory-friendly note.
    const d = contentWith("parties.yml", (t) =>
      t
        .replace("question: What if it snows?", "question: When should we arrive?")
        .replace("Come 15 minutes before", "Come [early](https://example.com) before")
        .replace("phone: Reservations", "phone: Office"),
    );
    writeFileSync(
      join(d, "sessions.yml"),
      readFileSync(join(d, "sessions.yml"), "utf8").replace(
        /sensoryFriendly: .*\n/,
        'sensoryFriendly: " "\n',
      ),
    );
    const parties = join(d, "parties.yml");
    expect(problems(d)).toEqual([
      expect.stringMatching(
        /sessions\.yml:\d+:\d+ sessions\[2\]\.sensoryFriendly: this text cannot be empty$/,
      ),
      expect.stringMatching(
        new RegExp(
          `parties\\.yml:${position(parties, "Come [early]")} partyQuestions\\[0\\]\\.answer: the link "\\[early\\]\\(https://example\\.com\\)" must go to a page of this site`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `parties\\.yml:${position(parties, "question: When should we arrive?", 1)} partyQuestions\\[7\\]: the question "When should we arrive\\?" appears twice$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `parties\\.yml:${position(parties, "Office")} groupVisits\\.phone: expected Main, Reservations or Manager`,
        ),
      ),
    ]);
  });

  it("names the line of an event's photo without alt text, and of one outside content/photos/", () => {
    // Issue 34: an event's optional photo, on a repeating event and on a one-off, is read as
    // photos.yml's photos are, with the same sentences for the owner.
    const d = contentWith("events.yml", (t) =>
      t
        .replace(/(image: photos\/mirror-ball\.jpg\n)\s+alt: .*\n/, "$1")
        .replace(
          'date: "2026-12-12"\n',
          'date: "2026-12-12"\n    photo:\n      image: pictures/toy.jpg\n      alt: A pile of toys.\n',
        ),
    );
    const events = join(d, "events.yml");
    expect(problems(d)).toEqual([
      expect.stringMatching(
        new RegExp(
          `events\\.yml:${position(events, "image: photos/mirror-ball.jpg")} events\\[1\\]\\.photo\\.alt: a photo needs alt text: one sentence saying what it shows, for visitors who cannot see it, but it is missing$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `events\\.yml:${position(events, "pictures/toy.jpg")} events\\[3\\]\\.photo\\.image: expected a photo file in content/photos/, like photos/rink-floor\\.jpg`,
        ),
      ),
    ]);
  });

  it("names a field it does not know, most likely misspelt, where it is written", () => {
    // Dropped without a word, "skp:" would leave the skipped date on the page; so would a
    // stray key the editor wrote from a label cut at its comma.
    const d = contentWith("events.yml", (t) => t.replace("    skip:\n", "    skp:\n"));
    expect(problems(d)).toEqual([
      expect.stringMatching(
        new RegExp(
          `events\\.yml:${position(join(d, "events.yml"), "skp")} events\\[2\\]\\.skp: "skp" is not a field here: check its spelling, or remove it$`,
        ),
      ),
    ]);
    rmSync(d, { recursive: true, force: true });
    // A required field misspelt is both: not a field, and missing.
    const s = contentWith("sessions.yml", (t) => t.replace("    price: 7\n", "    prise: 7\n"));
    expect(problems(s)).toEqual([
      expect.stringMatching(/sessions\.yml:\d+:\d+ sessions\[0\]\.price: .* but it is missing$/),
      expect.stringMatching(
        new RegExp(
          `sessions\\.yml:${position(join(s, "sessions.yml"), "prise")} sessions\\[0\\]\\.prise: "prise" is not a field here: check its spelling, or remove it$`,
        ),
      ),
    ]);
  });

  it("points at the line of a YAML syntax error", () => {
    const d = contentWith("rink.yml", (t) => `${t}\nbroken: [\n`);
    expect(problems(d)).toEqual([
      expect.stringMatching(/rink\.yml:\d+:\d+: this is not valid YAML/),
    ]);
  });

  it("says which file is missing", () => {
    dir = mkdtempSync(join(tmpdir(), "rink-content-"));
    expect(problems(dir)).toContainEqual(
      expect.stringMatching(/rink\.yml:1:1: the file is missing$/),
    );
  });

  it("reads every file of the schema's list, and says each one that is missing", () => {
    dir = mkdtempSync(join(tmpdir(), "rink-content-"));
    const read = Object.values(contentFiles).filter((f) => !("at" in f && f.at === "apart"));
    expect(problems(dir)).toEqual(
      read.map((f) => expect.stringMatching(new RegExp(`${f.file}:1:1: the file is missing$`))),
    );
  });
});

// The tests' content (tests/fixtures/content) holds a note that a file missing there is made
// from its schema: a new page is built and tested before its fixture is written.
describe("a content file missing from the tests' content", () => {
  /** A copy of the tests' content without `file`, with or without the note. */
  function without(file: string, note: boolean): string {
    dir = mkdtempSync(join(tmpdir(), "rink-content-"));
    cpSync(join(import.meta.dirname, "../../tests/fixtures/content"), dir, { recursive: true });
    rmSync(join(dir, file));
    if (!note) rmSync(join(dir, samplesMarker));
    return dir;
  }

  it("is made from its schema: plain words of the lengths its fields need", () => {
    const site = loadSiteContent(without("privacy.yml", true));
    expect(site.privacy.intro).toBe("Sample privacy intro");
    expect(site.privacy.topics.map((t) => t.topic)).toEqual([
      "Sample privacy topics 1 topic",
      "Sample privacy topics 2 topic",
    ]);
  });

  it("is still an error in a folder without the note, such as the owner's content/", () => {
    // (A new page's file not written there yet is missing too.)
    expect(problems(without("privacy.yml", false))).toContainEqual(
      expect.stringMatching(/privacy\.yml:1:1: the file is missing$/),
    );
  });

  it("says why no sample can be made when its schema's rules refuse plain words", () => {
    expect(problems(without("text-alerts.yml", true))).toEqual([
      expect.stringMatching(
        /text-alerts\.yml:1:1: the file is missing, and no sample can be made from its schema \(terms: the terms must say how to stop the texts/,
      ),
    ]);
  });

  it("fits a page's own file: a title and a description search engines take", () => {
    const faq = pageFile({
      heading: z.string().min(1),
      questions: z.array(z.object({ question: z.string(), answer: z.string() })).min(1),
    });
    const made = sampleContent("faq", faq);
    expect("data" in made && faq.parse(made.data)).toMatchObject({
      title: "Sample faq title",
      description: expect.stringMatching(/^Sample faq description.{30,140}$/),
      heading: "Sample faq heading",
      questions: [
        { question: "Sample faq questions 1 question", answer: "Sample faq questions 1 answer" },
        { question: "Sample faq questions 2 question", answer: "Sample faq questions 2 answer" },
      ],
    });
  });
});
