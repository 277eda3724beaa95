// Reads the owner's content files (content/*.yml) through their schemas, at build and in
// Node tools; never in the browser. A problem is reported the way an owner can act on it,
// with the file, line and column, the field and a plain sentence:
//   content/sessions.yml:14:12 sessions[1].price: expected a number of dollars, got "ten"
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { type Document, isMap, isScalar, LineCounter, parseDocument } from "yaml";
import type { z } from "zod";
import { timeZone } from "../../rink/time-zone.ts";
import { sampleContent, samplesMarker } from "./samples.ts";
import { type ContentFile, contentFiles, type PhotosContent, type SiteContent } from "./schema.ts";

export { timeZone };

/** content/ at the project root; CONTENT_DIR points a build or a test at another copy. */
export const contentDir = resolve(
  process.env.CONTENT_DIR || resolve(import.meta.dirname, "../../content"),
);

export interface ContentProblem {
  file: string;
  line: number;
  column: number;
  /** The field, as the owner sees it in the file: sessions[1].price */
  field: string;
  message: string;
}

export const formatProblem = (p: ContentProblem) =>
  `${p.file}:${p.line}:${p.column}${p.field ? ` ${p.field}` : ""}: ${p.message}`;

export class ContentError extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super(
      `The content has ${problems.length === 1 ? "a problem" : `${problems.length} problems`} to fix:\n${problems.map((p) => `  ${formatProblem(p)}`).join("\n")}`,
    );
    this.name = "ContentError";
    this.problems = problems;
  }
}

/** zod's own wording for a wrong kind of value, in the owner's words. */
const kinds: Record<string, string> = {
  string: "expected some text",
  number: "expected a number",
  boolean: "expected true or false",
  array: "expected a list",
  object: "expected a group of fields",
};

const fieldPath = (path: readonly PropertyKey[]) =>
  path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");

function describe(value: unknown): string {
  if (value === undefined) return "but it is missing";
  if (value === null) return "but it is empty";
  if (typeof value === "string") return `got "${value}"`;
  if (typeof value === "number" || typeof value === "boolean") return `got ${value}`;
  return Array.isArray(value) ? "got a list" : "got a group of fields";
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let here = data;
  for (const key of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

/**
 * Where a field sits in a parsed file: its value's line and column, or, for a missing field,
 * the deepest group that exists on its path (the one that lacks it).
 */
function placeOf(doc: Document, lines: LineCounter, path: readonly PropertyKey[]) {
  let node: unknown;
  for (let n = path.length; n >= 0 && !node; n--) {
    const at = path.slice(0, n);
    node = at.length === 0 ? doc.contents : doc.getIn(at as unknown[], true);
  }
  const offset =
    node && typeof node === "object" && "range" in node && Array.isArray(node.range)
      ? (node.range[0] as number)
      : 0;
  return lines.linePos(offset);
}

/** Where a key of the map at `path` is written (a field's name, not its value). */
function keyPlace(doc: Document, lines: LineCounter, path: readonly PropertyKey[], key: string) {
  const map = path.length === 0 ? doc.contents : doc.getIn(path as unknown[], true);
  const pair = isMap(map)
    ? map.items.find((p) => isScalar(p.key) && String(p.key.value) === key)
    : undefined;
  if (!isScalar(pair?.key) || !pair.key.range) return placeOf(doc, lines, path);
  return lines.linePos(pair.key.range[0]);
}

/** One file read through its schema: the parsed data, or the problems with their places. */
export function readContentFile<S extends z.ZodType>(
  dir: string,
  file: string,
  schema: S,
): { data: z.output<S> } | { problems: ContentProblem[] } {
  const path = join(dir, file);
  const shown = relative(process.cwd(), path) || path;
  let source: string;
  try {
    source = readFileSync(path, "utf8");
  } catch {
    // The tests' content: a file not written there yet is made from its schema (samples.ts).
    const sample = existsSync(join(dir, samplesMarker))
      ? sampleContent(file.replace(/\.yml$/, ""), schema)
      : undefined;
    if (sample && "data" in sample) return { data: schema.parse(sample.data) };
    const why = sample ? `, and no sample can be made from its schema (${sample.cannot})` : "";
    return {
      problems: [
        { file: shown, line: 1, column: 1, field: "", message: `the file is missing${why}` },
      ],
    };
  }
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.map((e) => {
        const { line, col } = lines.linePos(e.pos[0]);
        const message = e.message.split("\n")[0] ?? e.message;
        return {
          file: shown,
          line,
          column: col,
          field: "",
          message: `this is not valid YAML (${message})`,
        };
      }),
    };
  }
  const raw = doc.toJS() ?? {};
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data };
  return {
    problems: result.error.issues.flatMap((issue): ContentProblem[] => {
      // A field the schema does not know is most likely a misspelt one, whose value would
      // otherwise be dropped without a word ("skp:" for "skip:" kept a skipped date on).
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => {
          const { line, col } = keyPlace(doc, lines, issue.path, key);
          return {
            file: shown,
            line,
            column: col,
            field: fieldPath([...issue.path, key]),
            message: `"${key}" is not a field here: check its spelling, or remove it`,
          };
        });
      }
      const { line, col } = placeOf(doc, lines, issue.path);
      // A wrong kind of value says what it got; a rule broken by the right kind need not.
      const got = ["invalid_type", "invalid_value", "invalid_format", "invalid_union"].includes(
        issue.code,
      )
        ? `, ${describe(valueAt(raw, issue.path))}`
        : "";
      return [
        {
          file: shown,
          line,
          column: col,
          field: fieldPath(issue.path),
          message: `${(issue.code === "invalid_type" && issue.message.startsWith("Invalid input") && kinds[issue.expected]) || issue.message}${got}`,
        },
      ];
    }),
  };
}

/**
 * Every content file of the list (app/content/schema.ts's `contentFiles`) read and put together
 * as the app reads it, each where the list says; throws a ContentError listing all problems.
 */
export function loadSiteContent(dir = contentDir): SiteContent {
  const problems: ContentProblem[] = [];
  const site: Record<string, unknown> = { timeZone };
  const pages: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(contentFiles) as [string, ContentFile][]) {
    if (entry.at === "apart") continue;
    const result = readContentFile(dir, entry.file, entry.schema);
    if ("problems" in result) {
      problems.push(...result.problems);
      continue;
    }
    const data = result.data as Record<string, unknown>;
    if (entry.at === "top") Object.assign(site, data);
    else if (entry.at === "pages") pages[key] = data;
    else site[key] = entry.take ? data[entry.take] : data;
  }
  if (problems.length > 0) throw new ContentError(problems);
  site.pages = { ...(site.pages as object), ...pages };
  return site as SiteContent;
}

/**
 * content/photos.yml read through its schema (the photos are not part of the site content the
 * pages get as one object: the build processes them first, tooling/vite/photos-plugin.ts). Throws a
 * ContentError with file, line and field, like every content file.
 */
export function loadPhotosContent(dir = contentDir): PhotosContent {
  const { file, schema } = contentFiles.photos;
  const result = readContentFile(dir, file, schema);
  if ("problems" in result) throw new ContentError(result.problems);
  return result.data;
}

/**
 * Where a field sits in a content file, for a problem found after the schema passed (a photo
 * file that is missing or not an image): content/photos.yml:12:12 gallery[2].image.
 */
export function contentProblemAt(
  dir: string,
  file: string,
  path: readonly (string | number)[],
  message: string,
): ContentProblem {
  const full = join(dir, file);
  const shown = relative(process.cwd(), full) || full;
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(full, "utf8"), { lineCounter: lines });
  const { line, col } = placeOf(doc, lines, path);
  return { file: shown, line, column: col, field: fieldPath(path), message };
}
