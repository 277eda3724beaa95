// The editor's configuration (admin/config.yml as the build writes it) and the zod schema must
// describe the same fields: nothing the editor lets the owner save may fail the build, and
// nothing in the schema may be out of the editor's reach. Walks every file in `contentFiles` (a new content file
// without its entry in the editor fails here) and compares field by field, recursively:
// names, kinds, required or optional, list lengths, number limits, text lengths, choices, and
// patterns — a pattern is compared by what it accepts, on tricky samples, against the schema.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { z } from "zod";
import { contentFiles } from "../../rink/content/schema.ts";
import { editorConfigText } from "../../tooling/editor/config.ts";
import { def } from "../../tooling/editor/fields.ts";

interface Field {
  name: string;
  label?: string;
  hint?: string;
  widget?: string;
  required?: boolean;
  fields?: Field[];
  field?: Field;
  min?: number;
  max?: number;
  minlength?: number;
  maxlength?: number;
  step?: number;
  value_type?: string;
  pattern?: [string, string];
  options?: (string | { label: string; value: string })[];
  multiple?: boolean;
  format?: string;
  type?: string;
}
interface EditorConfig {
  collections: { files: { file: string; label: string; fields: Field[] }[] }[];
}

// The generated configuration, as the build writes it (tooling/editor/: made from this schema
// and the editor's words, no longer a file kept by hand): these checks still hold the generator
// to the schema, field by field.
const config = parse(editorConfigText()) as EditorConfig;
const editorFiles = config.collections.flatMap((c) => c.files);

/** The schema under optional/default/transform, and whether the field may be left out. */
function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean } {
  let core = schema;
  let optional = false;
  for (;;) {
    const d = def(core);
    if ((d.type === "optional" || d.type === "default") && d.innerType) {
      optional = true;
      core = d.innerType;
    } else if (d.type === "pipe" && d.in) core = d.in;
    else return { core, optional };
  }
}

/** The schema's own checks: lengths, limits, patterns, integer. */
function checks(schema: z.ZodType) {
  const found: {
    min?: number;
    max?: number;
    minExclusive?: boolean;
    patterns: RegExp[];
    int: boolean;
    multipleOf?: number;
  } = { patterns: [], int: false };
  const d = def(schema);
  if (d.format === "regex" && d.pattern) found.patterns.push(d.pattern);
  for (const check of d.checks ?? []) {
    const c = check._zod.def;
    switch (c.check) {
      case "min_length":
        found.min = c.minimum as number;
        break;
      case "max_length":
        found.max = c.maximum as number;
        break;
      case "length_equals":
        found.min = found.max = c.length as number;
        break;
      case "greater_than":
        found.min = c.value as number;
        found.minExclusive = !c.inclusive;
        break;
      case "less_than":
        found.max = c.value as number;
        break;
      case "string_format":
        if (c.format === "regex") found.patterns.push(c.pattern as RegExp);
        break;
      case "number_format":
        found.int = c.format === "safeint";
        break;
      case "multiple_of":
        found.multipleOf = c.value as number;
        break;
    }
  }
  return found;
}

// Texts a pattern and the schema must judge alike: good and bad times, dates, ids, numbers.
const samples = [
  "",
  " ",
  "ten",
  "0",
  "1",
  "10",
  "10.5",
  "-3",
  "unlimited",
  "Unlimited",
  "00:00",
  "9:30",
  "09:30",
  "18:30",
  "23:59",
  "24:00",
  "12:60",
  "2026-12-25",
  "2026-13-01",
  "2026-02-30",
  "26-12-25",
  "2026-12-25T17:00",
  "2026-12-25T25:00",
  "2026-12-25 17:00",
  "friday-family-pizza-party",
  "Friday",
  "a--b",
  "-a",
  "+12605550142",
  "+1260555014",
  "2605550142",
  "46999",
  "4699",
  "/parties",
  "/#hours",
  "https://example.com/x",
  "http://example.com",
  "parties",
];

/** Compares one editor field with its schema; returns the differences, "" when none. */
function compare(field: Field, schema: z.ZodType, path: string): string[] {
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${path}: ${what}`);
  const { core, optional } = unwrap(schema);
  const d = def(core);
  const c = checks(core);
  const editorOptional = field.required === false;
  if (editorOptional !== optional) {
    say(
      optional
        ? "the schema lets it be left out: the editor must say required: false"
        : "the schema requires it: the editor must not say required: false",
    );
  }
  if (!field.label) say("no label");

  const listLimits = () => {
    if ((field.min ?? 0) !== (c.min ?? 0)) say(`list min ${field.min} ≠ schema ${c.min}`);
    if ((field.max ?? Infinity) !== (c.max ?? Infinity))
      say(`list max ${field.max} ≠ schema ${c.max}`);
  };

  switch (d.type) {
    case "object": {
      if (field.widget !== "object" && path.includes(".")) say(`expected an object field`);
      problems.push(...compareFields(field.fields ?? [], d.shape ?? {}, path));
      break;
    }
    case "array": {
      const element = d.element as z.ZodType;
      const elementCore = unwrap(element).core;
      const elementType = def(elementCore).type;
      if (elementType === "enum") {
        // A list of fixed choices: a select that takes several.
        if (field.widget !== "select" || !field.multiple) say("expected a select with multiple");
        problems.push(...compareChoices(field, elementCore, path));
        listLimits();
        break;
      }
      if (field.widget !== "list") {
        say(`expected a list, found ${field.widget}`);
        break;
      }
      listLimits();
      if (elementType === "object") {
        if (!field.fields) say("a list of groups needs `fields`");
        else problems.push(...compareFields(field.fields, def(elementCore).shape ?? {}, path));
      } else if (!field.field) say("a list of single values needs `field`");
      else problems.push(...compare(field.field, element, `${path}[]`));
      break;
    }
    case "enum":
      if (field.widget !== "select" || field.multiple) say("expected a single select");
      problems.push(...compareChoices(field, core, path));
      break;
    case "boolean":
      if (field.widget !== "boolean") say(`expected a boolean field, found ${field.widget}`);
      break;
    case "number": {
      if (field.widget !== "number") {
        say(`expected a number field, found ${field.widget}`);
        break;
      }
      const valueType = c.int ? "int" : "float";
      if (field.value_type !== valueType) say(`value_type ${field.value_type} ≠ ${valueType}`);
      // An integer above 0 (exclusive) starts at 1.
      const min = c.min === undefined ? undefined : c.minExclusive && c.int ? c.min + 1 : c.min;
      if (field.min !== min) say(`min ${field.min} ≠ schema ${min}`);
      if (field.max !== c.max) say(`max ${field.max} ≠ schema ${c.max}`);
      if (c.multipleOf !== undefined && field.step !== c.multipleOf)
        say(`step ${field.step} ≠ schema's multiple of ${c.multipleOf}`);
      break;
    }
    case "string":
    case "union": {
      if (!["string", "text", "datetime", "image"].includes(field.widget ?? "")) {
        say(`expected a text field, found ${field.widget}`);
        break;
      }
      // "this text cannot be empty" is the editor's "required"; longer minimums are minlength.
      const min = c.min !== undefined && c.min > 1 ? c.min : undefined;
      if (field.minlength !== min) say(`minlength ${field.minlength} ≠ schema ${min}`);
      if (field.maxlength !== c.max) say(`maxlength ${field.maxlength} ≠ schema ${c.max}`);
      // An image field's value is a file the owner picked from the media folder, not typing.
      if (
        d.type === "string" &&
        c.patterns.length > 0 &&
        !field.pattern &&
        field.widget !== "image"
      )
        say("the schema has a pattern: the editor needs one too");
      if (d.type === "union" && !field.pattern) say("a choice of kinds needs a pattern");
      if (field.pattern) {
        if (!field.pattern[1]?.trim()) say("a pattern needs its message");
        const pattern = new RegExp(field.pattern[0]);
        // What the editor lets through, the schema must take, and the other way round.
        for (const sample of samples) {
          if (sample === "" && editorOptional) continue;
          // A date picker offers no February 30th; the schema refusing it is the schema's job.
          if (field.widget === "datetime" && sample.startsWith("2026-02-30")) continue;
          const editor = pattern.test(sample);
          const schemaSays = core.safeParse(sample).success;
          if (editor !== schemaSays)
            say(`"${sample}": editor ${editor ? "accepts" : "refuses"}, schema disagrees`);
        }
      }
      if (field.widget === "datetime") {
        // The saved text must be the schema's format: a date, or a date and a time.
        const format = field.type === "date" ? "YYYY-MM-DD" : "YYYY-MM-DDTHH:mm";
        if (field.format !== format) say(`datetime format ${field.format} ≠ ${format}`);
      }
      break;
    }
    default:
      say(`the test does not know the schema kind "${d.type}": teach it`);
  }
  return problems;
}

function compareChoices(field: Field, enumSchema: z.ZodType, path: string): string[] {
  const values = (field.options ?? []).map((o) => (typeof o === "string" ? o : o.value));
  const expected = Object.values(def(enumSchema).entries ?? {});
  // A choice is its label and value, nothing else: an unquoted label with a comma in YAML's
  // flow style is cut there, and the rest becomes a key of its own (the owner saw "Every month"
  // for "Every month, on one week's day").
  const malformed = (field.options ?? [])
    .filter((o) => typeof o !== "string")
    .filter((o) => typeof o.label !== "string" || Object.keys(o).join() !== "label,value")
    .map((o) => `${path}: a choice written as ${JSON.stringify(o)}, not { label, value }`);
  return JSON.stringify(values) === JSON.stringify(expected)
    ? malformed
    : [...malformed, `${path}: choices ${values.join(", ")} ≠ schema ${expected.join(", ")}`];
}

function compareFields(fields: Field[], shape: Record<string, z.ZodType>, path: string): string[] {
  const problems: string[] = [];
  const at = (name: string) => (path.endsWith(".yml") ? `${path} ${name}` : `${path}.${name}`);
  const names = fields.map((f) => f.name);
  for (const name of Object.keys(shape)) {
    if (!names.includes(name)) problems.push(`${at(name)}: in the schema, not in the editor`);
  }
  for (const field of fields) {
    const schema = shape[field.name];
    if (!schema) problems.push(`${at(field.name)}: in the editor, not in the schema`);
    else problems.push(...compare(field, schema, at(field.name)));
  }
  return problems;
}

describe("the editor's configuration (admin/config.yml)", () => {
  it("has one editor entry for each content file, and no other", () => {
    const schemaFiles = Object.values(contentFiles).map((f) => `content/${f.file}`);
    expect(editorFiles.map((f) => f.file).sort()).toEqual(schemaFiles.sort());
  });

  for (const [key, { file, schema }] of Object.entries(contentFiles)) {
    it(`describes content/${file} as the schema does (${key})`, () => {
      const entry = editorFiles.find((f) => f.file === `content/${file}`);
      expect(entry, `content/${file} has no entry in admin/config.yml`).toBeDefined();
      const shape = def(unwrap(schema as z.ZodType).core).shape ?? {};
      expect(compareFields(entry?.fields ?? [], shape, file)).toEqual([]);
    });
  }

  it("catches a field the schema does not know and a pattern that lets too much through", () => {
    // The comparison itself must be able to fail.
    const sessions = contentFiles.sessions.schema as z.ZodType;
    const shape = def(sessions).shape ?? {};
    const entry = editorFiles.find((f) => f.file === "content/sessions.yml");
    const fields = structuredClone(entry?.fields ?? []);
    const list = fields[0];
    list?.fields?.push({ name: "color", label: "Color", widget: "string" });
    const start = list?.fields?.find((f) => f.name === "time")?.fields?.[0];
    if (start) start.pattern = ["^\\d{1,2}:\\d{2}$", "A time"];
    const found = compareFields(fields, shape, "sessions.yml");
    expect(found).toContain("sessions.yml sessions.color: in the editor, not in the schema");
    expect(found.some((p) => p.includes('"24:00": editor accepts'))).toBe(true);
  });

  it("stores the editor's writes as the schema reads them", () => {
    const output = (config as unknown as { output: Record<string, unknown> }).output;
    // Texts in double quotes: times, dates and ZIP codes stay text whatever reads the YAML.
    expect(output.yaml).toEqual({ quote: "double" });
    // An empty optional field is left out, never written as null or "".
    expect(output.omit_empty_optional_fields).toBe(true);
  });
});
