// The owner's save read through the content's schema before it is committed (content-check.ts):
// a file the site cannot be built from is named with its line, column and field and what to
// mend, in the words the build prints; a file that builds passes, and photos are not read. A
// photo a page still shows is not deleted: the pages showing it are named.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { contentFiles } from "../../rink/content/schema.ts";
import {
  contentProblems,
  maxPhotoBytes,
  notSavedMessage,
  ownersFilesRefusal,
  photoFilesToRead,
  photoPlaces,
  photosInUseRefusal,
  warmUp,
} from "./content-check.ts";

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

  it("refuses what is not text, a file past 64 KB, and deleting a file the site is built from", () => {
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
    const long = contentProblems(adding("content/rink.yml", `# ${"x".repeat(64 * 1024)}\n`));
    expect(long[0]?.message).toBe("the file is longer than a content file can be (64 KB)");
    const deleted = contentProblems({ deletions: [{ path: "content/sessions.yml" }] });
    expect(deleted[0]?.message).toBe(
      "the site is built from this file: it can be changed, not deleted",
    );
    expect(contentProblems({ deletions: [{ path: "content/photos/old.jpg" }] })).toEqual([]);
  });

  it("shows the first five problems and says there are more", () => {
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
    expect(message).toMatch(/price: expected a number of dollars; and more\.$/);
  });
  it("is made at an isolate's start by a whole save run through the guard and the check (the Worker's global scope)", () => {
    // The guard must take warmUp's commit, or the Worker stops at its start with its words.
    expect(() => warmUp()).not.toThrow();
  });
});

describe("a save that would make the check slow or large", () => {
  const keys = (count: number, prefix = "k") =>
    Array.from({ length: count }, (_, i) => `${prefix}${i}: 1`).join("\n");

  it("refuses a file of more fields than content holds before reading it", () => {
    const many = contentProblems(adding("content/sessions.yml", keys(6_000, "")));
    expect(many).toEqual([
      {
        file: "content/sessions.yml",
        line: 1,
        column: 1,
        field: "",
        message: "the file has more fields than a content file can (5000)",
      },
    ]);
  });

  it("reads a file at the limits in time linear in its size, repeated fields named once each", () => {
    // Just under 64 KB and 5,000 keys: yaml's own unique-key check compared each key with every
    // other one (seconds for 20,000), and placing each unknown field searched its group anew.
    const time = (text: string) => {
      const started = performance.now();
      const problems = contentProblems(adding("content/sessions.yml", text));
      return { ms: performance.now() - started, problems };
    };
    const small = time(keys(1_200));
    const large = time(keys(4_800));
    // Six problems are placed (five shown, and one to say there are more): the missing list,
    // then the first unknown fields.
    expect(large.problems.map(({ line, field }) => `${line} ${field}`)).toEqual([
      "1 sessions",
      ...[0, 1, 2, 3, 4].map((i) => `${i + 1} k${i}`),
    ]);
    // Four times the keys: about four times the work, never sixteen (a generous bound for noise).
    expect(large.ms).toBeLessThan(Math.max(small.ms * 9, 150));
    const twice = `${keys(10)}\nk3: 2\n`;
    expect(contentProblems(adding("content/sessions.yml", twice))).toEqual([
      {
        file: "content/sessions.yml",
        line: 11,
        column: 1,
        field: "k3",
        message: '"k3" is written twice here: keep one',
      },
    ]);
  });

  it("counts a flow map's keys, which need no colon, with the fields", () => {
    // 12,000 "{x}" hold no colon: they passed the count, and each of their problems was placed.
    const flowMaps = `sessions: [${Array.from({ length: 12_000 }, () => "{x}").join(",")}]\n`;
    const bare = `sessions: [{${Array.from({ length: 6_000 }, (_, i) => `k${i}`).join(", ")}}]\n`;
    for (const text of [flowMaps, bare]) {
      const started = performance.now();
      expect(contentProblems(adding("content/sessions.yml", text))).toEqual([
        {
          file: "content/sessions.yml",
          line: 1,
          column: 1,
          field: "",
          message: "the file has more fields than a content file can (5000)",
        },
      ]);
      expect(performance.now() - started).toBeLessThan(50);
    }
    // Content written in flow style, as JSON is, under the count, is read as ever.
    const sessions = fixture("sessions.yml");
    const asFlow = JSON.stringify(parse(sessions));
    expect(contentProblems(adding("content/sessions.yml", asFlow))).toEqual([]);
  });

  it("places no more problems than it shows, one past them saying there are more", () => {
    // Under the limits, 2,000 sessions of one unknown field each: 14,000 problems.
    const text = `sessions: [${Array.from({ length: 2_000 }, () => "{x}").join(",")}]\n`;
    const problems = contentProblems(adding("content/sessions.yml", text));
    expect(problems).toHaveLength(6);
    expect(problems[0]).toMatchObject({ line: 1, column: 12, field: "sessions[0].id" });
    expect(notSavedMessage(problems)).toMatch(/; and more\.$/);
    // The next file is not read once the first has shown enough.
    const two = contentProblems({
      additions: [
        { path: "content/sessions.yml", contents: base64(text) },
        { path: "content/rink.yml", contents: base64("name: [unclosed\n") },
      ],
    });
    expect(two.map((p) => p.file)).toEqual(Array(6).fill("content/sessions.yml"));
  });

  it("refuses a file nested deeper than content nests before reading it, in microseconds", () => {
    // 10,000 nested "[" cost both YAML readers 130-200 ms of recursion before they gave up.
    const nested = [
      `sessions: ${"[".repeat(20_000)}`,
      `sessions: ${"{a: ".repeat(4_000)}`,
      `sessions:\n${"- ".repeat(10_000)}x`,
    ];
    for (const text of nested) {
      const started = performance.now();
      expect(contentProblems(adding("content/sessions.yml", text))).toEqual([
        {
          file: "content/sessions.yml",
          line: 1,
          column: 1,
          field: "",
          message: "the file nests deeper than a content file can (20 levels)",
        },
      ]);
      expect(performance.now() - started).toBeLessThan(20);
    }
    // Brackets written in a text that closes them, and lists in lists a few deep, are content.
    const written = `sessions:\n${'  - name: "Skate [all ages] {late}"\n'.repeat(40)}`;
    expect(contentProblems(adding("content/sessions.yml", written))).not.toContainEqual(
      expect.objectContaining({ message: expect.stringContaining("nests deeper") }),
    );
  });

  it("says in words that an alias bomb is not content, never throws", () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x]",
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]",
      "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]",
      "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]",
      "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]",
      "g: [*f, *f, *f, *f, *f, *f, *f, *f, *f]",
    ].join("\n");
    const started = performance.now();
    expect(contentProblems(adding("content/sessions.yml", bomb))).toEqual([
      expect.objectContaining({
        message:
          "this repeats its aliases (*name) more than a content file can: write the values out",
      }),
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("the files a save may touch", () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString(
    "base64",
  );
  const changes = (additions: { path: string; contents: string }[], deletions: string[] = []) => ({
    additions,
    deletions: deletions.map((path) => ({ path })),
  });

  it("are the content files the schema lists and photos under content/photos/", () => {
    expect(
      ownersFilesRefusal(
        changes(
          [
            { path: "content/sessions.yml", contents: base64("x") },
            { path: "content/photos/rink floor.JPG", contents: jpeg },
          ],
          ["content/photos/old.webp"],
        ),
      ),
    ).toBeUndefined();
  });

  it("add a photo only under a plain name the schema can list; a deletion may clear any away", () => {
    const cases = {
      "content/photos/.git/config.jpg":
        "a photo's file name may hold only letters A to Z, digits, spaces and - _ . ( ), starting with a letter or digit: rename the file, like photos/rink-floor.jpg",
      "content/photos/.hidden.jpg":
        "a photo's file name may hold only letters A to Z, digits, spaces and - _ . ( ), starting with a letter or digit: rename the file, like photos/rink-floor.jpg",
      "content/photos/rink\u200bfloor.jpg":
        "a photo's file name may hold only letters A to Z, digits, spaces and - _ . ( ), starting with a letter or digit: rename the file, like photos/rink-floor.jpg",
      "content/photos/sub/a.jpg":
        "a photo's file name may hold only letters A to Z, digits, spaces and - _ . ( ), starting with a letter or digit: rename the file, like photos/rink-floor.jpg",
      "content/photos/con.jpg":
        "a photo cannot be named con, a name Windows keeps for a device: rename the file, like photos/rink-floor.jpg",
      "content/photos/LPT9.webp":
        "a photo cannot be named LPT9, a name Windows keeps for a device: rename the file, like photos/rink-floor.jpg",
    };
    for (const [path, problem] of Object.entries(cases)) {
      expect(ownersFilesRefusal(changes([{ path, contents: jpeg }])), path).toEqual({
        status: 422,
        message: `Not saved: ${path}: ${problem}.`,
      });
      expect(ownersFilesRefusal(changes([], [path])), path).toBeUndefined();
    }
  });

  it("are nothing else under content/: how Git checks it out, a script, a file the site never reads", () => {
    for (const path of [
      "content/.gitattributes",
      "content/photos/run.sh",
      "content/photos.yml.sh",
      "content/notes.md",
      "content/photos/a.svg",
    ]) {
      for (const refusal of [
        ownersFilesRefusal(changes([{ path, contents: jpeg }])),
        ownersFilesRefusal(changes([], [path])),
      ]) {
        expect(refusal, path).toEqual({
          status: 403,
          message: `The site's editor changes only the site's content files and its photos (content/photos/, JPEG, PNG, WebP, AVIF or GIF), not ${path}.`,
        });
      }
    }
  });

  it("take a photo only if it is an image, and not past the photo size", () => {
    const script = base64("#!/bin/sh\nrm -rf /\n");
    expect(
      ownersFilesRefusal(changes([{ path: "content/photos/a.jpg", contents: script }])),
    ).toEqual({
      status: 422,
      message:
        "Not saved: content/photos/a.jpg is not a photo the site can show (JPEG, PNG, WebP, AVIF or GIF).",
    });
    const huge = jpeg + "A".repeat(Math.ceil(maxPhotoBytes / 3) * 4);
    expect(ownersFilesRefusal(changes([{ path: "content/photos/a.jpg", contents: huge }]))).toEqual(
      {
        status: 422,
        message:
          "Not saved: content/photos/a.jpg is larger than a photo on the site can be (1 MB). Please choose a smaller photo.",
      },
    );
  });
});

describe("a photo a page shows, not deleted", () => {
  const onBranch = {
    "content/photos.yml": fixture("photos.yml"),
    "content/events.yml": fixture("events.yml"),
  };
  const deleting = (names: string[], additions: { path: string; contents: string }[] = []) => ({
    additions,
    deletions: names.map((name) => ({ path: `content/photos/${name}` })),
  });

  it("knows every place the content shows a photo (each image: of the samples is found)", () => {
    for (const { file } of Object.values(contentFiles)) {
      const source = fixture(file);
      const written = source.match(/^\s*(?:- )?image:/gm)?.length ?? 0;
      const found = photoPlaces
        .filter((place) => place.file === file)
        .flatMap((place) => place.photos(parse(source)))
        .filter(({ image }) => typeof image === "string").length;
      expect(found, file).toBe(written);
    }
  });

  it("names each page that shows a deleted photo, an event by its title", () => {
    expect(photosInUseRefusal(deleting(["party-table.jpg"]), onBranch)).toEqual({
      status: 422,
      message:
        "Not saved: the photo party-table.jpg is used on the About page's gallery and the Parties page. Take it off there first, then delete it.",
    });
    expect(photosInUseRefusal(deleting(["mirror-ball.jpg"]), onBranch)?.message).toBe(
      "Not saved: the photo mirror-ball.jpg is used on the About page's gallery and the Events page (“Christian skate”). Take it off there first, then delete it.",
    );
  });

  it("lets a photo nothing shows go, and reads the save's own files over the branch's", () => {
    expect(photosInUseRefusal(deleting(["old-flyer.jpg"]), onBranch)).toBeUndefined();
    // Taken off the Parties page in this very save: only the gallery is left to name.
    const parties = fixture("photos.yml").replace(/\nparties:[\s\S]*$/, "\nparties: []\n");
    const save = deleting(
      ["party-room.jpg"],
      [{ path: "content/photos.yml", contents: base64(parties) }],
    );
    expect(photosInUseRefusal(save, onBranch)).toBeUndefined();
    expect(
      photosInUseRefusal(
        deleting(["party-table.jpg"], [{ path: "content/photos.yml", contents: base64(parties) }]),
        onBranch,
      )?.message,
    ).toBe(
      "Not saved: the photo party-table.jpg is used on the About page's gallery. Take it off there first, then delete it.",
    );
    // However the editor spells the photo's path, and a file the branch does not have.
    const spelled = "hero:\n  image: /content/photos/old-flyer.jpg\n  alt: An old flyer.\n";
    expect(
      photosInUseRefusal(deleting(["old-flyer.jpg"]), {
        "content/photos.yml": spelled,
        "content/events.yml": null,
      })?.message,
    ).toBe(
      "Not saved: the photo old-flyer.jpg is used on the Home page. Take it off there first, then delete it.",
    );
  });

  it("reads the branch only for a save that deletes a photo, and only what the save does not write", () => {
    expect(
      photoFilesToRead({ additions: [], deletions: [{ path: "content/sessions.yml" }] }),
    ).toEqual([]);
    expect(photoFilesToRead(deleting(["a.jpg"]))).toEqual([
      "content/photos.yml",
      "content/events.yml",
    ]);
    expect(
      photoFilesToRead(deleting(["a.jpg"], [{ path: "content/events.yml", contents: "" }])),
    ).toEqual(["content/photos.yml"]);
  });
});
