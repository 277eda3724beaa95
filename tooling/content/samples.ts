// A content file made from its schema, for the tests' content (tests/fixtures/content): a file
// the schema declares that is not there yet (a new page's own file) is read as a sample of
// plain words that fit its fields' kinds and lengths, so a new page is built and tested before
// anyone writes its fixture. Only a folder that holds `samplesMarker` gets samples; the owner's
// content/ has none, so there a missing file stays an error. Node only, like load.ts.
import { z } from "zod";

/** The file that says "a content file missing here is made from its schema". */
export const samplesMarker = "missing-files-from-schema.md";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  anyOf?: JsonSchema[];
};

/** Plain words naming the field, as long as it needs: "Sample faq questions 1 answer". */
function words(path: readonly (string | number)[], min = 1, max = Infinity): string {
  let text = ["Sample", ...path.map(String)].join(" ");
  while (text.length < min) text += " and more sample words";
  return text.slice(0, max).trim();
}

function sampleOf(
  schema: JsonSchema,
  path: (string | number)[],
): { value: unknown } | { cannot: string } {
  const at = path.slice(1).join(".") || "the file";
  if (schema.const !== undefined) return { value: schema.const };
  if (schema.enum) return { value: schema.enum[0] };
  if (schema.anyOf?.[0]) return sampleOf(schema.anyOf[0], path);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const field = schema.properties?.[name];
        if (!field) continue;
        const made = sampleOf(field, [...path, name]);
        if ("cannot" in made) return made;
        value[name] = made.value;
      }
      return { value };
    }
    case "array": {
      const count = Math.min(Math.max(schema.minItems ?? 0, 2), schema.maxItems ?? 2);
      const value: unknown[] = [];
      for (let i = 1; i <= count; i++) {
        const made = sampleOf(schema.items ?? {}, [...path, i]);
        if ("cannot" in made) return made;
        value.push(made.value);
      }
      return { value };
    }
    case "string":
      if (schema.pattern) return { cannot: `${at} must match a pattern` };
      return { value: words(path, schema.minLength, schema.maxLength) };
    case "number":
    case "integer":
      return { value: schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1 };
    case "boolean":
      return { value: false };
    default:
      return { cannot: `${at} is of a kind no sample is made for` };
  }
}

/**
 * A sample of what `schema` reads, as the file's YAML would hold it; or why none can be made
 * (a field with a pattern, such as a time or a date, or a rule the words do not meet).
 */
export function sampleContent(
  name: string,
  schema: z.ZodType,
): { data: unknown } | { cannot: string } {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const made = sampleOf(json, [name]);
  if ("cannot" in made) return made;
  const parsed = schema.safeParse(made.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { cannot: `${issue?.path.join(".") || "the file"}: ${issue?.message}` };
  }
  return { data: made.value };
}
