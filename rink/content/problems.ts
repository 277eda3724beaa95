// A content file's text read through its schema, with each problem placed the way an owner
// can act on it: the file, line and column, the field and a plain sentence:
//   content/sessions.yml:14:12 sessions[1].price: expected a number of dollars, got "ten"
// Pure (no file system): the build reads the files (tooling/content/load.ts), and the editor's
// proxy checks what the owner saves before it is committed (server/editor/content-check.ts).

import { CORE_SCHEMA, load } from "js-yaml";
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Pair,
  parseDocument,
  type YAMLMap,
} from "yaml";
import type { z } from "zod";

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

/** Each map's pairs by their key, made once per map: a lookup per key stays linear. */
const pairsOf = new WeakMap<YAMLMap, Map<string, Pair>>();
function pairOf(map: YAMLMap, key: string): Pair | undefined {
  let pairs = pairsOf.get(map);
  if (!pairs) {
    pairs = new Map();
    for (const pair of map.items) {
      if (isScalar(pair.key) && !pairs.has(String(pair.key.value)))
        pairs.set(String(pair.key.value), pair);
    }
    pairsOf.set(map, pairs);
  }
  return pairs.get(key);
}

/** Where a key of the map at `path` is written (a field's name, not its value). */
function keyPlace(doc: Document, lines: LineCounter, path: readonly PropertyKey[], key: string) {
  const map = path.length === 0 ? doc.contents : doc.getIn(path as unknown[], true);
  const pair = isMap(map) ? pairOf(map, key) : undefined;
  if (!isScalar(pair?.key) || !pair.key.range) return placeOf(doc, lines, path);
  return lines.linePos(pair.key.range[0]);
}

/**
 * A field written twice in one group, each after the first placed at its name, the first
 * `atMost` of them. yaml's own check compares every key with every other (quadratic: a
 * 20,000-key file stalled a save for seconds), so it is off and this one keeps a set per map.
 */
function repeatedKeys(
  doc: Document,
  lines: LineCounter,
  file: string,
  atMost: number,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const walk = (node: unknown, path: readonly (string | number)[]) => {
    if (problems.length >= atMost) return;
    if (isSeq(node)) {
      node.items.forEach((item, i) => {
        walk(item, [...path, i]);
      });
    }
    if (!isMap(node)) return;
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      if (seen.has(key) && problems.length < atMost) {
        const { line, col } = lines.linePos(pair.key.range?.[0] ?? 0);
        problems.push({
          file,
          line,
          column: col,
          field: fieldPath([...path, key]),
          message: `"${key}" is written twice here: keep one`,
        });
      }
      seen.add(key);
      walk(pair.value, [...path, key]);
    }
  };
  walk(doc.contents, []);
  return problems;
}

/**
 * `source`, the text of the content file shown as `file`, read through its schema: the parsed
 * data, or the problems with their places (and, where it is YAML, the file's data as written,
 * for a reader that names what a problem is in). Only the first `placeAtMost` problems are
 * placed: the editor shows a few, and placing each of thousands cost a save far more than the
 * Worker's CPU allows; the build prints them all.
 */
export function checkContent<S extends z.ZodType>(
  file: string,
  source: string,
  schema: S,
  placeAtMost = Number.POSITIVE_INFINITY,
): { data: z.output<S> } | { problems: ContentProblem[]; raw?: unknown } {
  const quick = readQuickly(source);
  let failed: QuickFailure | undefined;
  if (quick) {
    const result = schema.safeParse(quick.data);
    if (result.success) return { data: result.data };
    failed = { data: quick.data, issues: result.error.issues };
  }
  return placeProblems(file, source, schema, placeAtMost, failed);
}

/** What js-yaml read and the schema's issues with it, kept for the `yaml` reader's turn. */
interface QuickFailure {
  data: unknown;
  issues: readonly z.core.$ZodIssue[];
}

/**
 * Whether two readings of a file hold the same values: then the schema's issues with one are
 * its issues with the other, and the schema need not run twice. Linear in the data.
 */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    return Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(y, key) && sameData(x[key], y[key]));
}

/**
 * A content file as it almost always is (written by the editor, or by hand with care): read by
 * js-yaml, about eight times faster than the `yaml` reader below, which keeps every place in
 * the file, so a save stays within the Worker's 10 ms (issue 42). YAML 1.2's core schema, as
 * `yaml` reads it: "2026-12-25" stays text, `<<` is a key. Null when js-yaml refuses the text
 * (a repeated key, a tag it does not know, more than one document, nesting past its stack) or
 * the file names an anchor (an alias is a reference js-yaml does not count, so a "billion
 * laughs" would reach the schema): then `yaml` reads it and says what is wrong and where.
 * The build and the editor both read through here, so they read a file alike.
 */
function readQuickly(source: string): { data: unknown } | null {
  let anchored = false;
  try {
    const data = load(source, {
      schema: CORE_SCHEMA,
      // js-yaml's node events: a node closes with its anchor set, if it has one.
      listener(event, state) {
        if (event === "close" && (state as { anchor?: unknown }).anchor != null) anchored = true;
      },
    });
    return anchored ? null : { data: data ?? {} };
  } catch {
    return null;
  }
}

/** The problems of a file js-yaml and the schema did not take, the first `atMost` placed. */
function placeProblems<S extends z.ZodType>(
  file: string,
  source: string,
  schema: S,
  atMost: number,
  failed?: QuickFailure,
): { data: z.output<S> } | { problems: ContentProblem[]; raw?: unknown } {
  const lines = new LineCounter();
  const doc = parseDocument(source, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: false,
  });
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.slice(0, atMost).map((e) => {
        const { line, col } = lines.linePos(e.pos[0]);
        const message = e.message.split("\n")[0] ?? e.message;
        return {
          file,
          line,
          column: col,
          field: "",
          message: `this is not valid YAML (${message})`,
        };
      }),
    };
  }
  const repeated = repeatedKeys(doc, lines, file, atMost);
  if (repeated.length > 0) return { problems: repeated };
  let raw: unknown;
  try {
    // yaml stops an alias that expands past reason (its maxAliasCount): a "billion laughs".
    raw = doc.toJS() ?? {};
  } catch {
    return {
      problems: [
        {
          file,
          line: 1,
          column: 1,
          field: "",
          message:
            "this repeats its aliases (*name) more than a content file can: write the values out",
        },
      ],
    };
  }
  let issues = failed && sameData(failed.data, raw) ? failed.issues : undefined;
  if (!issues) {
    const result = schema.safeParse(raw);
    if (result.success) return { data: result.data };
    issues = result.error.issues;
  }
  const problems: ContentProblem[] = [];
  for (const issue of issues) {
    // A field the schema does not know is most likely a misspelt one, whose value would
    // otherwise be dropped without a word ("skp:" for "skip:" kept a skipped date on).
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys.slice(0, atMost - problems.length)) {
        const { line, col } = keyPlace(doc, lines, issue.path, key);
        problems.push({
          file,
          line,
          column: col,
          field: fieldPath([...issue.path, key]),
          message: `"${key}" is not a field here: check its spelling, or remove it`,
        });
      }
    } else problems.push(issueProblem(file, doc, lines, raw, issue));
    if (problems.length >= atMost) break;
  }
  return { raw, problems };
}

/** A schema's issue (but an unknown field's) placed, in the owner's words. */
function issueProblem(
  file: string,
  doc: Document,
  lines: LineCounter,
  raw: unknown,
  issue: z.core.$ZodIssue,
): ContentProblem {
  const { line, col } = placeOf(doc, lines, issue.path);
  // A wrong kind of value says what it got; a rule broken by the right kind need not.
  const got = ["invalid_type", "invalid_value", "invalid_format", "invalid_union"].includes(
    issue.code,
  )
    ? `, ${describe(valueAt(raw, issue.path))}`
    : "";
  const kind = issue.code === "invalid_type" && issue.message.startsWith("Invalid input");
  return {
    file,
    line,
    column: col,
    field: fieldPath(issue.path),
    message: `${(kind && kinds[issue.expected]) || issue.message}${got}`,
  };
}

/**
 * Where a field sits in a content file's text, for a problem found after the schema passed (a
 * photo file that is missing or not an image): content/photos.yml:12:12 gallery[2].image.
 */
export function problemAt(
  file: string,
  source: string,
  path: readonly (string | number)[],
  message: string,
): ContentProblem {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  const { line, col } = placeOf(doc, lines, path);
  return { file, line, column: col, field: fieldPath(path), message };
}
