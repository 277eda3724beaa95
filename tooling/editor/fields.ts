// The editor's fields made from the content schema (rink/content/): what the schema knows (names
// and order, required or not, the kind of widget, limits, patterns, choices) from zod's own
// definitions; what only the editor shows (labels, hints, summaries, the patterns' messages) from
// the words (words/). A field the words do not label, or words for a field the schema does not
// have, stop the build here: the two cannot drift apart.
import type * as z from "zod";
import { patterns, photoPath } from "../../rink/content/fields.ts";
import { datetimeFormats, patternMessages, type Words } from "./words/shared.ts";

/** One field of Sveltia CMS's configuration, as its `fields` list holds it. */
export type EditorField = { name: string } & Record<string, unknown>;

// zod 4 keeps each schema's definition in `_zod.def` (read by the generator and by
// app/content/editor-config.test.ts alike).
export interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  defaultValue?: unknown;
  format?: string;
  pattern?: RegExp;
}
export const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/default/transform: whether it may be left out, and its default. */
function unwrap(schema: z.ZodType) {
  let core = schema;
  let optional = false;
  let fallback: unknown;
  for (;;) {
    const d = def(core);
    if ((d.type === "optional" || d.type === "default") && d.innerType) {
      optional = true;
      if (d.type === "default") fallback = d.defaultValue;
      core = d.innerType;
    } else if (d.type === "pipe" && d.in) core = d.in;
    else return { core, optional, fallback };
  }
}

/** The schema's own checks: lengths, limits, patterns, integer, step. */
function checks(schema: z.ZodType) {
  const found: {
    min?: number;
    max?: number;
    minExclusive?: boolean;
    pattern?: RegExp;
    int?: boolean;
    multipleOf?: number;
  } = {};
  for (const check of def(schema).checks ?? []) {
    const c = check._zod.def;
    if (c.check === "min_length") found.min = c.minimum as number;
    else if (c.check === "max_length") found.max = c.maximum as number;
    else if (c.check === "length_equals") found.min = found.max = c.length as number;
    else if (c.check === "greater_than") {
      found.min = c.value as number;
      found.minExclusive = !c.inclusive;
    } else if (c.check === "less_than") found.max = c.value as number;
    else if (c.check === "string_format" && c.format === "regex")
      found.pattern = c.pattern as RegExp;
    else if (c.check === "number_format") found.int = c.format === "safeint";
    else if (c.check === "multiple_of") found.multipleOf = c.value as number;
  }
  return found;
}

/** A text the owner types either as a number or a word ("10" or "unlimited"): one pattern of
 * the union's patterns and words. */
function unionPattern(options: z.ZodType[], path: string): RegExp {
  const alternatives: string[] = [];
  const words: string[] = [];
  for (const option of options) {
    const core = unwrap(option).core;
    const d = def(core);
    const pattern = checks(core).pattern;
    if (d.type === "literal") words.push(...(d.values ?? []).map(String));
    else if (d.type === "string" && pattern)
      alternatives.push(pattern.source.replace(/^\^|\$$/g, ""));
    // A number is typed as its digits, which the text's pattern takes.
    else if (d.type !== "number")
      throw new Error(`tooling/editor: ${path}, a choice of ${d.type}, has no pattern`);
  }
  return new RegExp(`^(${[...alternatives, ...words].join("|")})$`);
}

/** The field `name` of the schema, with its words; `path` names it in an error. */
export function editorField(
  name: string,
  schema: z.ZodType,
  words: Words | undefined,
  path: string,
): EditorField {
  if (!words?.label) throw new Error(`tooling/editor: ${path} has no label in the words`);
  const { core, optional, fallback } = unwrap(schema);
  const d = def(core);
  const c = checks(core);
  const { fields, field, options, pattern: message, widget, ...shown } = words;
  const out: EditorField = { name, ...shown };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = value;
  };
  if (optional) out.required = false;
  // A choice or a switch shows its default; an empty text or list starts empty anyway.
  if (fallback !== undefined && !Array.isArray(fallback) && fallback !== "") out.default = fallback;

  const choices = (enumSchema: z.ZodType) =>
    Object.values(def(enumSchema).entries ?? {}).map((value) => {
      if (!options) return value;
      const label = options[value];
      if (!label) throw new Error(`tooling/editor: ${path}'s choice "${value}" has no label`);
      return { label, value };
    });
  const listLimits = () => {
    set("min", c.min);
    set("max", c.max);
    if (c.min !== undefined && c.min === c.max) out.allow_add = out.allow_remove = false;
  };
  const withPattern = (regex: RegExp) => {
    const said = message ?? patternMessages[regex.source];
    if (!said) throw new Error(`tooling/editor: ${path}'s pattern has no message in the words`);
    out.pattern = [regex.source, said];
  };

  switch (d.type) {
    case "object":
      out.widget = "object";
      out.fields = editorFields(d.shape ?? {}, fields, path);
      break;
    case "array": {
      const element = d.element as z.ZodType;
      const elementCore = unwrap(element).core;
      const elementDef = def(elementCore);
      if (elementDef.type === "enum") {
        // A list of fixed choices: a select that takes several.
        out.widget = "select";
        out.multiple = true;
        listLimits();
        out.options = choices(elementCore);
      } else {
        out.widget = "list";
        listLimits();
        if (elementDef.type === "object")
          out.fields = editorFields(elementDef.shape ?? {}, fields, path);
        else {
          if (!field) throw new Error(`tooling/editor: ${path} needs its one field in the words`);
          const { name: fieldName, ...fieldWords } = field;
          out.field = editorField(fieldName, element, fieldWords as Words, `${path}[]`);
        }
      }
      break;
    }
    case "enum":
      out.widget = "select";
      out.options = choices(core);
      break;
    case "boolean":
      out.widget = "boolean";
      break;
    case "number":
      out.widget = "number";
      out.value_type = c.int ? "int" : "float";
      // An integer above 0 (exclusive) starts at 1.
      set("min", c.min !== undefined && c.minExclusive && c.int ? c.min + 1 : c.min);
      set("max", c.max);
      set("step", c.multipleOf);
      break;
    case "string":
      if (c.pattern === photoPath) {
        // A file the owner picks from the media folder, not typing.
        out.widget = "image";
        break;
      }
      if (c.pattern === patterns.date || c.pattern === patterns.dateTime) {
        out.widget = "datetime";
        Object.assign(out, datetimeFormats[c.pattern === patterns.date ? "date" : "dateTime"]);
      } else out.widget = widget ?? "string";
      // "this text cannot be empty" is the editor's "required"; longer minimums are minlength.
      if (c.min !== undefined && c.min > 1) out.minlength = c.min;
      set("maxlength", c.max);
      if (c.pattern) withPattern(c.pattern);
      break;
    case "union":
      out.widget = widget ?? "string";
      withPattern(unionPattern(d.options ?? [], path));
      break;
    default:
      throw new Error(
        `tooling/editor: ${path} is a ${d.type}, which the editor's fields do not know`,
      );
  }
  // Words for fields this field does not have would be lost without a word.
  if (fields && !out.fields) throw new Error(`tooling/editor: ${path} has no fields to word`);
  if (field && !out.field) throw new Error(`tooling/editor: ${path} is no list of single values`);
  // The words' own settings (a step finer than the schema's) come last.
  if (words.step !== undefined) out.step = words.step;
  // Read as the editor's documentation writes a field: its name, label and widget first.
  const first = ["name", "label", "label_singular", "widget", "required"].filter((k) => k in out);
  return Object.fromEntries(
    [...first, ...Object.keys(out).filter((k) => !first.includes(k))].map((k) => [k, out[k]]),
  ) as EditorField;
}

/** The fields of an object's shape, in the schema's order, each with its words. */
export function editorFields(
  shape: Record<string, z.ZodType>,
  words: Record<string, Words> | undefined,
  path: string,
): EditorField[] {
  for (const name of Object.keys(words ?? {})) {
    if (!(name in shape))
      throw new Error(
        `tooling/editor: the words name ${path}.${name}, which the schema does not have`,
      );
  }
  return Object.entries(shape).map(([name, schema]) =>
    editorField(name, schema, words?.[name], `${path}.${name}`),
  );
}

/** A content file's top-level shape (a file is an object, perhaps with checks across fields). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const d = def(unwrap(schema).core);
  if (d.type !== "object") throw new Error(`tooling/editor: a content file is a ${d.type}`);
  return d.shape ?? {};
}
