// The owner's edits never change a test result: in a copy of the project whose content/ has
// the owner's kind of edits (the Friday session's price, Friday's closing hour, the home
// page's photo), the unit suite still passes and the test build (the one the end-to-end specs,
// the budgets and the audit use) is made from the fixture content alone. So no behaviour test
// reads content/ behind CONTENT_DIR's back.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  globSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { projectRoot } from "../tooling/project.ts";
import { photoCacheDir } from "../tooling/vite/photos-plugin.ts";

/** What a copy of the project leaves out: installed, built or written by runs. */
const notSources = new Set([
  ".git",
  "node_modules",
  "build",
  ".tmp",
  ".astro",
  ".wrangler",
  "reports",
  "test-results",
  "data",
]);

let copy = "";

/** The suites of the server alone, which the copy's run leaves to the main run. */
const serverOnly = [
  "server/**",
  "tests/inbox-protocol.test.ts",
  "tests/owner-inbox.test.ts",
  "tests/owner-updates.test.ts",
  "tests/list-services.test.ts",
  "tests/editor-proxy.test.ts",
  "tests/insights.test.ts",
];

/** Edits one YAML file of the copy's content/ the way the editor saves it. */
function editContent(file: string, edit: (doc: ReturnType<typeof parseDocument>) => void) {
  const path = join(copy, "content", file);
  const doc = parseDocument(readFileSync(path, "utf8"));
  edit(doc);
  return { path, text: doc.toString() };
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const { CONTENT_DIR: _ignored, ...inherited } = process.env;
  return spawnSync(command, args, {
    cwd: copy,
    encoding: "utf8",
    env: { ...inherited, NO_COLOR: "1", ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "rink-owner-copy-"));
  cpSync(projectRoot, copy, {
    recursive: true,
    filter: (source) => !notSources.has(relative(projectRoot, source).split(sep)[0] ?? ""),
  });
  symlinkSync(join(projectRoot, "node_modules"), join(copy, "node_modules"));
  for (const { path, text } of [
    editContent("sessions.yml", (doc) => {
      const sessions = doc.get("sessions") as { items: { get(k: string): unknown }[] };
      const friday = sessions.items.findIndex((s) => s.get("day") === "friday");
      doc.setIn(["sessions", friday, "price"], 11);
    }),
    editContent("rink.yml", (doc) => {
      const hours = doc.get("hours") as { items: { get(k: string): unknown }[] };
      const friday = hours.items.findIndex((d) => d.get("day") === "friday");
      doc.setIn(["hours", friday, "ranges", 0, "end"], "21:35");
    }),
  ]) {
    writeFileSync(path, text);
  }
  // A new photo in place of the home page's: another picture under the same name.
  const hero = String(
    parseDocument(readFileSync(join(copy, "content/photos.yml"), "utf8")).getIn(["hero", "image"]),
  );
  copyFileSync(join(copy, "content/photos/party-room.jpg"), join(copy, "content", hero));
}, 60_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("with the owner's edits in content/", { timeout: 180_000 }, () => {
  it("the copy's content/ differs from the samples: Friday at $11, closing at 9:35 PM", () => {
    const sessions = readFileSync(join(copy, "content/sessions.yml"), "utf8");
    expect(sessions).toMatch(/price: 11/);
    expect(readFileSync(join(copy, "content/rink.yml"), "utf8")).toContain('"21:35"');
    expect(readFileSync(join(projectRoot, "content/rink.yml"), "utf8")).not.toContain('"21:35"');
  });

  it("the unit suite passes", () => {
    // Both cores (vitest.config.ts), as the main run. Left out: this file, and the suites of
    // the server alone (serverOnly, checked below): the server's own, the inbox's protocol,
    // the owner's inbox and updates, the list services, the editor's proxy and the site's
    // counts on their two platforms read rink/ and server/, never content/; the main run has
    // them, and here they would only start servers and wrangler many times more (about 90 s
    // of this run's time; the counts' suite alone 19 s).
    const result = run(join(copy, "node_modules/.bin/vitest"), ["run"], {
      VITEST_EXCLUDE: ["tests/owner-edits.test.ts", ...serverOnly].join(","),
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+\S*\d+ passed/);
  });

  it("leaves out only suites that cannot reach content/: server/ and the server's suites", () => {
    // The site's content reaches code through app/content/ or CONTENT_DIR. server/ imports no
    // app/ (the lint's boundary, tests/boundaries.test.ts); here, none of the suites left out
    // names either, so none can read content/ where the copy's run would have caught it.
    const files = globSync(serverOnly, { cwd: projectRoot }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(20);
    const reaching = files.filter((file) =>
      /\bCONTENT_DIR\b|app\/content\/|from "\.\.\/app\//.test(
        readFileSync(join(projectRoot, file), "utf8"),
      ),
    );
    expect(reaching).toEqual([]);
  });

  it("the test build reads the fixture content and nothing of content/", () => {
    const fixtures = join(copy, "tests/fixtures/content");
    const result = run("npm", ["run", "build"], {
      RINK_LOCAL_BUILD: "1",
      // Its pages only (tooling/finish-build.ts): the Worker's bundle reads no content/, and
      // the main run's test build makes and checks it.
      RINK_PAGES_ONLY: "1",
      CONTENT_DIR: fixtures,
      BUILD_DIR: join(copy, ".tmp/test-build"),
      // The photos already processed for this project, so only a new photo costs time.
      PHOTO_CACHE_DIR: photoCacheDir,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const inputs: { files: string[] } = JSON.parse(
      readFileSync(join(copy, ".tmp/test-build/inputs.json"), "utf8"),
    );
    const owners = join(copy, "content") + sep;
    expect(inputs.files.filter((file) => file.startsWith(owners))).toEqual([]);
    expect(inputs.files.some((file) => file.startsWith(fixtures + sep))).toBe(true);
    const home = readFileSync(join(copy, ".tmp/test-build/client/index.html"), "utf8");
    expect(home).not.toMatch(/\$11(?!\d)/);
    expect(home).not.toContain("9:35");
  });
});
