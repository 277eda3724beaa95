// checkContent reads a file twice over only when it must: js-yaml first (fast), the `yaml`
// reader with every place when js-yaml or the schema does not take it. These hold the two to
// the same reading, so the quick path changes no file's meaning (issue 42).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import * as z from "zod";
import { fixtureContentDir } from "../../tests/support/build.ts";
import { checkContent } from "./problems.ts";
import { contentFiles } from "./schema.ts";

describe("checkContent", () => {
  it("reads every content file as the yaml reader does", () => {
    const files = new Set(readdirSync(fixtureContentDir));
    let read = 0;
    for (const { file, schema } of Object.values(contentFiles)) {
      if (!files.has(file)) continue;
      const source = readFileSync(join(fixtureContentDir, file), "utf8");
      const expected = schema.parse(parse(source, { uniqueKeys: false }) ?? {});
      expect(checkContent(file, source, schema), file).toEqual({ data: expected });
      read++;
    }
    expect(read).toBeGreaterThan(10);
  });

  const texts = z.object({ date: z.string(), answer: z.string(), copy: z.string().optional() });

  it("keeps YAML 1.2's core: a date and a yes stay text, as the yaml reader keeps them", () => {
    const source = "date: 2026-12-25\nanswer: yes\n";
    expect(parse(source)).toEqual({ date: "2026-12-25", answer: "yes" });
    expect(checkContent("x.yml", source, texts)).toEqual({
      data: { date: "2026-12-25", answer: "yes" },
    });
  });

  it("reads what js-yaml will not (an anchor, an unknown tag) as the yaml reader does", () => {
    // js-yaml refuses a tag it does not know; yaml reads the value and warns.
    expect(checkContent("x.yml", 'date: !!js/undefined ""\nanswer: "a"\n', texts)).toEqual({
      data: { date: "", answer: "a" },
    });
    // An alias is a reference js-yaml does not count: the yaml reader stops a "billion laughs".
    const source = 'date: &d "2026-12-25"\nanswer: "no"\ncopy: *d\n';
    expect(checkContent("x.yml", source, texts)).toEqual({
      data: { date: "2026-12-25", answer: "no", copy: "2026-12-25" },
    });
  });

  it("places what js-yaml refuses: a repeated key, two documents", () => {
    const problem = (source: string) => {
      const checked = checkContent("x.yml", source, texts);
      return "problems" in checked ? checked.problems : [];
    };
    expect(problem('date: "1"\nanswer: "a"\ndate: "2"\n')).toEqual([
      expect.objectContaining({ line: 3, column: 1, field: "date" }),
    ]);
    expect(problem('date: "1"\nanswer: "a"\n---\ndate: "2"\n')).toEqual([
      expect.objectContaining({ message: expect.stringContaining("not valid YAML") }),
    ]);
  });
});
