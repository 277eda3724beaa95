// The editor's configuration as the build makes it (config.ts): a valid configuration by Sveltia
// CMS's own JSON Schema, and words that cannot drift from the schema. That it describes the
// schema's fields exactly is app/content/editor-config.test.ts's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import * as z from "zod";
import { projectRoot } from "../project.ts";
import { editorConfigObject, editorConfigText } from "./config.ts";
import { editorFields } from "./fields.ts";

describe("the editor's configuration, made from the schema", () => {
  it("is a configuration Sveltia CMS accepts (its JSON Schema)", () => {
    const schema = JSON.parse(
      readFileSync(join(projectRoot, "node_modules/@sveltia/cms/schema/sveltia-cms.json"), "utf8"),
    );
    // The formats (uri, regex) are the editor's to read; the shape is what is checked here.
    const validate = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
      logger: false,
    }).compile(schema);
    const config = parse(editorConfigText());
    expect(validate(config), JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
    // The check itself can fail.
    config.collections[0].files[0].fields[0].widget = 5;
    expect(validate(config)).toBe(false);
  });

  it("is written as YAML that reads back as it was made", () => {
    expect(parse(editorConfigText())).toEqual(editorConfigObject());
    // tooling/editor-config.ts sets the repository and branch on these lines.
    expect(editorConfigText()).toMatch(/^ {2}repo: OWNER\/REPOSITORY\n {2}branch: main$/m);
  });

  it("stops on words for a field the schema does not have, and on a field with no label", () => {
    const shape = { name: z.string(), price: z.number() };
    const label = { label: "A label" };
    expect(() => editorFields(shape, { name: label, price: label }, "x.yml")).not.toThrow();
    expect(() => editorFields(shape, { name: label, price: label, color: label }, "x.yml")).toThrow(
      "the words name x.yml.color, which the schema does not have",
    );
    expect(() => editorFields(shape, { name: label }, "x.yml")).toThrow(
      "x.yml.price has no label in the words",
    );
    expect(() => editorFields(shape, { name: label, price: { label: "" } }, "x.yml")).toThrow(
      "x.yml.price has no label in the words",
    );
  });
});
