// What the owner saves in the editor, read through the content's schema before it is committed
// (rink/content/): a weekly event with no day, a price of "ten" or a misspelt field would
// otherwise be committed, fail the host's build, and leave the site as it was without a word
// to the owner. The editor shows the refusal's message under its "There was an error while
// saving" and keeps the owner's changes on the screen to mend. The same problems, placed the
// same way, as the build and `npm run check:content` print.
import { type ContentProblem, checkContent, formatProblem } from "../../rink/content/problems.ts";
import { contentFiles } from "../../rink/content/schema.ts";
import { editablePrefix } from "./guard.ts";

/** Each content file's schema by its path in the repository: content/sessions.yml. */
const schemaOf = new Map(
  Object.values(contentFiles).map((entry) => [`${editablePrefix}${entry.file}`, entry.schema]),
);

/** Far above any content file (the largest sample is 5 KB), and a bound on the work per save. */
const maxContentBytes = 256 * 1024;

/** Problems shown at once: the first few are enough to mend, and the message stays readable. */
const shownAtMost = 5;

/** A file's contents as the commit carries them (base64), as text, or what is wrong with them. */
function text(contents: unknown): { source: string } | { problem: string } {
  if (typeof contents !== "string") return { problem: "this is not text" };
  // Base64 carries 3 bytes in 4 characters.
  if (contents.length > (maxContentBytes / 3) * 4 + 4) {
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

export interface FileChanges {
  additions?: readonly { path: string; contents?: unknown }[];
  deletions?: readonly { path: string }[];
}

/**
 * The problems of the content files a commit adds, changes or deletes (paths already checked to
 * be the owner's), in the order of the commit; photos and other files are not read.
 */
export function contentProblems({ additions = [], deletions = [] }: FileChanges) {
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
