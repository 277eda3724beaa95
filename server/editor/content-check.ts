// What the owner saves in the editor, read through the content's schema before it is committed
// (rink/content/): a weekly event with no day, a price of "ten" or a misspelt field would
// otherwise be committed, fail the host's build, and leave the site as it was without a word
// to the owner. The editor shows the refusal's message under its "There was an error while
// saving" and keeps the owner's changes on the screen to mend. The same problems, placed the
// same way, as the build and `npm run check:content` print.
import { photoNameProblem, photoPath } from "../../rink/content/fields.ts";
import { type ContentProblem, checkContent, formatProblem } from "../../rink/content/problems.ts";
import { contentFiles } from "../../rink/content/schema.ts";
import { checkGraphql, editablePrefix, type FileChanges, type Refusal } from "./guard.ts";

/** Each content file's schema by its path in the repository: content/sessions.yml. */
const schemaOf = new Map(
  Object.values(contentFiles).map((entry) => [`${editablePrefix}${entry.file}`, entry.schema]),
);

/** Far above any content file (the largest sample is 5 KB), and a bound on the work per save. */
export const maxContentBytes = 64 * 1024;

/**
 * Fields a content file may hold, counted before it is parsed (every ":" and "?" a key could
 * stand behind): the largest sample has about 300; 20,000 in one file is an attack on the check.
 */
export const maxContentKeys = 5_000;

/**
 * Levels of nesting a content file may have, counted before it is parsed: the deepest sample
 * file nests 5. Both YAML readers recurse per level, so 10,000 nested "[" took 130-200 ms (and
 * their stacks) to refuse: over the Worker's 10 ms, where this count takes microseconds.
 */
export const maxContentDepth = 20;

/** The owner's photos: under content/photos/, an image the site can resize (sharp). */
const photoFolder = `${editablePrefix}photos/`;
const photoName = /\.(jpe?g|png|webp|avif|gif)$/i;

/**
 * A photo as committed: the editor makes a phone's photo a WebP of at most 1600 px before it is
 * sent (a couple of hundred KB, tooling/editor/settings.ts); larger is not one of its photos.
 */
export const maxPhotoBytes = 1024 * 1024;

/** An image's first bytes, as each format starts (so a script named .jpg is not a photo). */
function isImage(bytes: Uint8Array): boolean {
  const starts = (at: number, ...sig: number[]) => sig.every((b, i) => bytes[at + i] === b);
  const ascii = (at: number, text: string) =>
    starts(at, ...Array.from(text, (c) => c.charCodeAt(0)));
  return (
    starts(0, 0xff, 0xd8, 0xff) ||
    starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    ascii(0, "GIF87a") ||
    ascii(0, "GIF89a") ||
    (ascii(0, "RIFF") && ascii(8, "WEBP")) ||
    (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis")))
  );
}

/** Base64's length for `bytes` bytes. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** Problems shown at once: the first few are enough to mend, and the message stays readable. */
const shownAtMost = 5;

/** A file's contents as the commit carries them (base64), as text, or what is wrong with them. */
function text(contents: unknown): { source: string } | { problem: string } {
  if (typeof contents !== "string") return { problem: "this is not text" };
  if (contents.length > base64Length(maxContentBytes)) {
    return {
      problem: `the file is longer than a content file can be (${maxContentBytes / 1024} KB)`,
    };
  }
  try {
    const binary = atob(contents);
    // A plain loop: Uint8Array.from with a function per byte took 0.2-1 ms for a 3 KB file.
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return { source: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { problem: "this is not text" };
  }
}

/**
 * A problem as the editor shows it: in a list's entry, that entry's name too (its title, name
 * or short name), since the owner knows "Homeschool skate", not "events[0]".
 */
export interface SaveProblem extends ContentProblem {
  entry?: string;
}

/** The name of the list entry a field is in (events[0].week: the first event's title). */
function entryName(data: unknown, field: string): string | undefined {
  const at = /^(\w+)\[(\d+)\]/.exec(field);
  if (!at || typeof data !== "object" || data === null) return undefined;
  const list = (data as Record<string, unknown>)[at[1] as string];
  const item: unknown = Array.isArray(list) ? list[Number(at[2])] : undefined;
  if (typeof item !== "object" || item === null) return undefined;
  const { title, name, id } = item as Record<string, unknown>;
  const named = [title, name, id].find(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  return named?.trim().slice(0, 60);
}

/** A problem with the file as a whole, placed at its start. */
const wholeFile = (file: string, message: string): SaveProblem => ({
  file,
  line: 1,
  column: 1,
  field: "",
  message,
});

/**
 * Whether every file of a commit is one the owner keeps (a content file the schema lists, or a
 * photo under content/photos/ that is an image of a photo's size, added under a plain name): a
 * refusal naming the first that is not. Linear: a look-up per path, the first bytes of each
 * photo.
 */
export function ownersFilesRefusal({ additions, deletions }: FileChanges): Refusal | undefined {
  for (const { path } of [...additions, ...deletions]) {
    if (schemaOf.has(path)) continue;
    if (!path.startsWith(photoFolder) || !photoName.test(path)) {
      return {
        status: 403,
        message: `The site's editor changes only the site's content files and its photos (${photoFolder}, JPEG, PNG, WebP, AVIF or GIF), not ${path}.`,
      };
    }
  }
  for (const { path, contents } of additions) {
    if (schemaOf.has(path)) continue;
    // A photo added is one the schema can name: one plain file in content/photos/ (a deletion
    // may still clear away a file that is not).
    const nameProblem = photoNameProblem(path.slice(photoFolder.length));
    if (nameProblem) return { status: 422, message: `Not saved: ${path}: ${nameProblem}.` };
    if (contents.length > base64Length(maxPhotoBytes)) {
      return {
        status: 422,
        message: `Not saved: ${path} is larger than a photo on the site can be (${maxPhotoBytes / 1024 / 1024} MB). Please choose a smaller photo.`,
      };
    }
    let start: Uint8Array;
    try {
      start = Uint8Array.from(atob(contents.slice(0, 16)), (c) => c.charCodeAt(0));
    } catch {
      start = new Uint8Array();
    }
    if (!isImage(start)) {
      return {
        status: 422,
        message: `Not saved: ${path} is not a photo the site can show (JPEG, PNG, WebP, AVIF or GIF).`,
      };
    }
  }
  return undefined;
}

/**
 * At least as many as the keys a text holds, found without parsing it: every ":" and "?" (a
 * block key stands before one), and inside "[" or "{" every "{" and "," too, since a flow
 * map's key needs no colon ("{x}", "{a, b}"). A bracket or comma in quotes counts as well, so
 * this errs high.
 */
function keysAtMost(source: string): number {
  let count = 0;
  let flow = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x3a || c === 0x3f) count++;
    else if (c === 0x7b) {
      flow++;
      count++;
    } else if (c === 0x5b) flow++;
    else if ((c === 0x5d || c === 0x7d) && flow > 0) flow--;
    else if (c === 0x2c && flow > 0) count++;
  }
  return count;
}

/**
 * How deep a text nests at most, found without parsing it: flow collections ("[", "{") still
 * open, and "- " and "? " chained at a line's start (a list in a list). A bracket in quotes or
 * a comment counts too, so this errs high; real content is far below the limit.
 */
function depthAtMost(source: string): number {
  let deepest = 0;
  let flow = 0;
  let chained = 0;
  let lineStart = true;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x0a) {
      lineStart = true;
      chained = 0;
    } else if (c === 0x5b || c === 0x7b) {
      flow++;
      lineStart = false;
    } else if (c === 0x5d || c === 0x7d) {
      if (flow > 0) flow--;
      lineStart = false;
    } else if (lineStart && (c === 0x2d || c === 0x3f)) {
      const next = source.charCodeAt(i + 1);
      if (next === 0x20 || next === 0x09) chained++;
      else lineStart = false;
    } else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) {
      lineStart = false;
    }
    if (flow + chained > deepest) deepest = flow + chained;
  }
  return deepest;
}

/**
 * The problems of the content files a commit adds, changes or deletes (paths already checked to
 * be the owner's), in the order of the commit; photos and other files are not read. It stops
 * at one past the problems shown (enough to say there are more): the rest would cost the save
 * work the owner never sees.
 */
export function contentProblems({ additions = [], deletions = [] }: Partial<FileChanges>) {
  const problems: SaveProblem[] = [];
  const enough = shownAtMost + 1;
  for (const { path } of deletions) {
    if (problems.length >= enough) return problems;
    if (schemaOf.has(path)) {
      problems.push(
        wholeFile(path, "the site is built from this file: it can be changed, not deleted"),
      );
    }
  }
  for (const { path, contents } of additions) {
    const schema = schemaOf.get(path);
    if (problems.length >= enough) return problems;
    if (!schema) continue;
    const read = text(contents);
    if ("problem" in read) {
      problems.push(wholeFile(path, read.problem));
      continue;
    }
    if (depthAtMost(read.source) > maxContentDepth) {
      problems.push(
        wholeFile(
          path,
          `the file nests deeper than a content file can (${maxContentDepth} levels)`,
        ),
      );
      continue;
    }
    if (keysAtMost(read.source) > maxContentKeys) {
      problems.push(
        wholeFile(path, `the file has more fields than a content file can (${maxContentKeys})`),
      );
      continue;
    }
    const checked = checkContent(path, read.source, schema, enough - problems.length);
    if ("problems" in checked) {
      for (const problem of checked.problems) {
        const entry = entryName(checked.raw, problem.field);
        problems.push(entry ? { ...problem, entry } : problem);
      }
    }
  }
  return problems;
}

/**
 * The refusal's words: what to mend, each problem where it is; past the first few, that there
 * are more (contentProblems stops there, so how many is not known).
 */
export function notSavedMessage(problems: readonly SaveProblem[]): string {
  const shown = problems
    .slice(0, shownAtMost)
    .map(({ entry, ...p }) =>
      formatProblem(entry ? { ...p, field: `${p.field} (“${entry}”)` } : p),
    );
  const more = problems.length > shown.length;
  return `Not saved: please fix ${problems.length === 1 ? "this" : "these"} first, then save again. ${shown.join("; ")}${more ? "; and more" : ""}.`;
}

// --- a photo the site shows cannot be deleted (issue 42) -----------------------------------

/** A plain object (not an array, not null). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A photo the content shows: its image as written, and the list entry it is in, if named. */
interface ShownPhoto {
  image: unknown;
  entry?: string;
}

/**
 * Where the site shows the owner's photos, in the owner's words for each place: the one list
 * (the schema's photo fields: photos.yml's hero, gallery and parties, an event's photo), read
 * when a save deletes a photo. A photo deleted while a page still shows it would fail the
 * host's build ("the file is missing"), and the site would stay as it was without a word.
 */
export const photoPlaces: readonly {
  /** The content file, under content/. */
  file: string;
  /** The page, as the owner knows it (the editor's labels). */
  page: string;
  photos(data: unknown): ShownPhoto[];
}[] = [
  {
    file: contentFiles.photos.file,
    page: "the Home page",
    photos: (data) =>
      isRecord(data) ? [{ image: (data.hero as { image?: unknown })?.image }] : [],
  },
  {
    file: contentFiles.photos.file,
    page: "the About page's gallery",
    photos: (data) =>
      isRecord(data) ? listOf(data.gallery).map((p) => ({ image: isRecord(p) && p.image })) : [],
  },
  {
    file: contentFiles.photos.file,
    page: "the Parties page",
    photos: (data) =>
      isRecord(data) ? listOf(data.parties).map((p) => ({ image: isRecord(p) && p.image })) : [],
  },
  {
    file: contentFiles.events.file,
    page: "the Events page",
    photos: (data) =>
      isRecord(data)
        ? listOf(data.events).map((event) => {
            const { photo, title } = isRecord(event) ? event : {};
            return {
              image: isRecord(photo) ? photo.image : undefined,
              ...(typeof title === "string" && title.trim() ? { entry: title.trim() } : {}),
            };
          })
        : [],
  },
];

/** The content files that can show a photo, as paths in the repository. */
const photoPlaceFiles = [...new Set(photoPlaces.map((place) => `${editablePrefix}${place.file}`))];

/** The photos a commit deletes (content/photos/…). */
export const deletedPhotos = ({ deletions }: FileChanges) =>
  deletions.map(({ path }) => path).filter((path) => path.startsWith(photoFolder));

/**
 * The files to read from the site's branch before a commit that deletes a photo: those that
 * can show one, unless the commit writes them itself (then its own version is the one read).
 */
export function photoFilesToRead(changes: FileChanges): string[] {
  if (deletedPhotos(changes).length === 0) return [];
  const written = new Set(changes.additions.map(({ path }) => path));
  return photoPlaceFiles.filter((path) => !written.has(path));
}

/** "a, b and c". */
const andList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * A refusal naming, for each photo the commit deletes that a page still shows, the pages that
 * show it: the content as it will be after the commit (its own files, else `onBranch`'s text:
 * a file the branch does not have is null). Nothing when no deleted photo is shown.
 */
export function photosInUseRefusal(
  changes: FileChanges,
  onBranch: Readonly<Record<string, string | null>>,
): Refusal | undefined {
  const deleted = new Set(deletedPhotos(changes));
  if (deleted.size === 0) return undefined;
  const written = new Map(changes.additions.map(({ path, contents }) => [path, contents]));
  const data = new Map<string, unknown>();
  for (const path of photoPlaceFiles) {
    let source: string | null | undefined;
    if (written.has(path)) {
      const read = text(written.get(path));
      source = "source" in read ? read.source : null;
    } else source = onBranch[path];
    const schema = schemaOf.get(path);
    if (typeof source !== "string" || !schema) continue;
    const checked = checkContent(path, source, schema);
    data.set(path, "data" in checked ? checked.data : checked.raw);
  }
  // Each deleted photo's places, in the order of photoPlaces, each event named once.
  const uses = new Map<string, Map<string, string[]>>();
  for (const place of photoPlaces) {
    for (const { image, entry } of place.photos(data.get(`${editablePrefix}${place.file}`))) {
      const name = typeof image === "string" ? photoPath.exec(image.trim())?.groups?.name : "";
      const path = `${photoFolder}${name}`;
      if (!name || !deleted.has(path)) continue;
      const pages = uses.get(path) ?? new Map<string, string[]>();
      uses.set(path, pages);
      const entries = pages.get(place.page) ?? [];
      pages.set(place.page, entries);
      if (entry && !entries.includes(entry)) entries.push(entry);
    }
  }
  if (uses.size === 0) return undefined;
  const sentences = [...uses].map(([path, pages]) => {
    const places = [...pages].map(([page, entries]) =>
      entries.length > 0 ? `${page} (${entries.map((e) => `“${e}”`).join(", ")})` : page,
    );
    return `the photo ${path.slice(photoFolder.length)} is used on ${andList(places)}`;
  });
  return {
    status: 422,
    message: `Not saved: ${sentences.join("; ")}. ${uses.size === 1 ? "Take it off there first, then delete it." : "Take them off there first, then delete them."}`,
  };
}

/**
 * A save run once through the proxy's checks, without GitHub, its answers dropped: a commit of
 * a small file of each kind read by the guard (graphql-js parses and prints it), the owner's
 * files checked and each file read through its schema (zod's schemas and the YAML readers
 * built), and the commit written out as GitHub would get it. The Worker runs it in its global
 * scope, at an isolate's start (1 s allowed), so the owner's first save neither builds the
 * check (decision 024: about 50 ms here) nor compiles its code within its 10 ms (issue 42).
 */
export function warmUp() {
  const contents = btoa("title: A\nitems:\n  - name: B\n    price: 1\n");
  const commit = {
    query:
      "mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } }",
    variables: {
      input: {
        branch: { repositoryNameWithOwner: "rink/site", branchName: "main" },
        expectedHeadOid: "0".repeat(40),
        fileChanges: { additions: [...schemaOf.keys()].map((path) => ({ path, contents })) },
        message: { headline: "Content: warming up" },
      },
    },
  };
  const checked = checkGraphql(commit, { repo: "rink/site", branch: "main" }, "warm@example.com");
  if (!("forward" in checked) || !checked.changes) throw new Error("warmUp: the guard refused");
  ownersFilesRefusal(checked.changes);
  contentProblems(checked.changes);
  JSON.stringify(checked.forward);
}
