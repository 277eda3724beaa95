// HTML conformance (issue 19): html-validate over every page the build wrote (the test build
// the global setup made, tests/support/build.ts), with the project's rules (.htmlvalidate.mjs:
// the recommended set, less the rules about how React writes valid HTML). No browser: it reads
// the files, so it costs about a second.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { FileSystemConfigLoader, formatterFactory, HtmlValidate } from "html-validate";
import { projectRoot } from "../../tooling/project.ts";
import { testSiteDir } from "../support/build.ts";
import { expect, test } from "../support/e2e/fixtures.ts";

/** Every .html file under `dir`: the pages, their `<page>.html` copies, 404 and the editor. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .map((name) => join(dir, name))
    .sort();
}

test("every built page is valid HTML (html-validate, .htmlvalidate.mjs)", async () => {
  const files = htmlFiles(testSiteDir);
  // The browsed pages, the two thank-you pages, 404 and the editor, each with its copy.
  expect(files.map((f) => relative(testSiteDir, f))).toEqual(
    expect.arrayContaining(["index.html", "contact/index.html", "404.html", "admin/index.html"]),
  );
  // The build is inside the project: each file finds the project's .htmlvalidate.mjs.
  expect(relative(projectRoot, testSiteDir)).not.toMatch(/^\.\./);
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const reports = await Promise.all(files.map((file) => validator.validateFile(file)));
  const failed = reports.filter((r) => !r.valid).flatMap((r) => r.results);
  const text = formatterFactory("text");
  expect(failed, text(failed)).toEqual([]);
});
