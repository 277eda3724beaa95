// The lint refuses an import across the boundary (issue 32): app/ (the site) and server/ never
// import each other, and rink/, which both stand on, imports neither. Biome runs with the
// project's own biome.json on scratch files in a temporary folder (that biome.json's rules, with
// git left out), so nothing is written into the project.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../tooling/project.ts";
import { tempDir } from "./support/fake-site.ts";

const scratch: Record<string, string> = {
  "app/imports-server.ts": 'import { currentUpdatePath } from "../server/routes.ts";',
  "server/imports-site.ts": 'import { sitePages } from "../app/site-pages.ts";',
  "rink/imports-site.ts": 'import { sitePages } from "../app/site-pages.ts";',
  "rink/imports-server.ts": 'import { currentUpdatePath } from "../server/routes.ts";',
  "app/imports-rink.ts": 'import { days } from "../rink/week.ts";',
  "server/imports-rink.ts": 'import { days } from "../rink/week.ts";',
  "server/imports-its-room.ts": 'import { formOfKind } from "./forms/accepted-forms.ts";',
  "ui/imports-site.ts": 'import { sitePages } from "../app/site-pages.ts";',
  "ui/imports-server.ts": 'import { currentUpdatePath } from "../server/routes.ts";',
  "app/imports-ui.ts": 'import { buttonStyles } from "../ui/button-styles.ts";',
  "server/imports-ui.ts": 'import { buttonStyles } from "../ui/button-styles.ts";',
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

const dir = tempDir("rink-boundaries-");
afterAll(() => dir.remove());

function refusedImports(): Map<string, string> {
  const config = JSON.parse(readFileSync(join(projectRoot, "biome.json"), "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(dir.path, "biome.json"), JSON.stringify(config));
  for (const [path, line] of Object.entries(scratch)) {
    mkdirSync(dirname(join(dir.path, path)), { recursive: true });
    const name = line.match(/\{ (\w+) \}/)?.[1];
    writeFileSync(join(dir.path, path), `${line}\n\nexport const used = ${name};\n`);
  }
  const run = spawnSync(
    join(projectRoot, "node_modules/.bin/biome"),
    ["lint", "--only=style/noRestrictedImports", "--reporter=json", ...Object.keys(scratch)],
    { cwd: dir.path, encoding: "utf8" },
  );
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return new Map(
    diagnostics
      .filter((d) => d.category === "lint/style/noRestrictedImports")
      .map((d) => [d.location.path, d.message]),
  );
}

describe("the boundary between the site, the server, rink/ and ui/", () => {
  it("fails the lint on an import across it, and passes one that stands on rink/ or ui/", () => {
    const refused = refusedImports();
    expect(refused.get("app/imports-server.ts")).toMatch(/app\/ \(the site\) never imports server/);
    expect(refused.get("server/imports-site.ts")).toMatch(/server\/ never imports app\//);
    expect(refused.get("rink/imports-site.ts")).toMatch(/rink\/ .* imports neither/);
    expect(refused.get("rink/imports-server.ts")).toMatch(/rink\/ .* imports neither/);
    expect(refused.get("ui/imports-site.ts")).toMatch(/ui\/ .* imports neither/);
    expect(refused.get("ui/imports-server.ts")).toMatch(/ui\/ .* imports neither/);
    expect([...refused.keys()].sort()).toEqual([
      "app/imports-server.ts",
      "rink/imports-server.ts",
      "rink/imports-site.ts",
      "server/imports-site.ts",
      "ui/imports-server.ts",
      "ui/imports-site.ts",
    ]);
  });
});
