// What the owner saves in the editor, read through the content's schema before it is committed
// (rink/content/): a weekly event with no day, a price of "ten" or a misspelt field would
// otherwise be committed, fail the host's build, and leave the site as it was without a word
// to the owner. The editor shows the refusal's message under its "There was an error while
// saving" and keeps the owner's changes on the screen to mend. The same problems, placed the
// same way, as the build and `npm run check:content` print.
import { type ContentProblem, checkContent, formatProblem } from "../../rink/content/problems.ts";
import { contentFiles } from "../../rink/content/schema.ts";
import { editablePrefix, type FileChanges, type Refusal } from "./guard.ts";

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

/** The owner's photos: under content/photos/, an image the site can resize (sharp). */
const photoFolder = `${editablePrefix}photos/`;
const photoName = /\.(jpe?g|png|webp|avif|gif)$/i;

/** A photo as committed; the editor makes a phone's photo smaller before it is sent. */
export const maxPhotoBytes = 8 * 1024 * 1024;

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
    const bytes = Uint8Array.from(atob(contents), (c) => c.charCodeAt(0));
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
 * photo under content/photos/ that is an image of a photo's size): a refusal naming the first
 * that is not. Linear: a look-up per path, the first bytes of each photo.
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

/** Every ":" and "?" in a text: more than it has keys, found without parsing it. */
function keysAtMost(source: string): number {
  let count = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x3a || c === 0x3f) count++;
  }
  return count;
}

/**
 * The problems of the content files a commit adds, changes or deletes (paths already checked to
 * be the owner's), in the order of the commit; photos and other files are not read.
 */
export function contentProblems({ additions = [], deletions = [] }: Partial<FileChanges>) {
  const problems: SaveProblem[] = [];
  for (const { path } of deletions) {
    if (schemaOf.has(path)) {
      problems.push(
        wholeFile(path, "the site is built from this file: it can be changed, not deleted"),
      );
    }
  }
  for (const { path, contents } of additions) {
    const schema = schemaOf.get(path);
    if (!schema) continue;
    const read = text(contents);
    if ("problem" in read) {
      problems.push(wholeFile(path, read.problem));
      continue;
    }
    if (keysAtMost(read.source) > maxContentKeys) {
      problems.push(
        wholeFile(path, `the file has more fields than a content file can (${maxContentKeys})`),
      );
      continue;
    }
    const checked = checkContent(path, read.source, schema);
    if ("problems" in checked) {
      for (const problem of checked.problems) {
        const entry = entryName(checked.raw, problem.field);
        problems.push(entry ? { ...problem, entry } : problem);
      }
    }
  }
  return problems;
}

/** The refusal's words: what to mend, each problem where it is. */
export function notSavedMessage(problems: readonly SaveProblem[]): string {
  const shown = problems
    .slice(0, shownAtMost)
    .map(({ entry, ...p }) =>
      formatProblem(entry ? { ...p, field: `${p.field} (“${entry}”)` } : p),
    );
  const more = problems.length - shown.length;
  return `Not saved: please fix ${problems.length === 1 ? "this" : "these"} first, then save again. ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}.`;
}
