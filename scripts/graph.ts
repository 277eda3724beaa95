// `npm run graph`: the imports of the site (app/), the server (server/) and the domain module
// both stand on (rink/), read by dependency-cruiser (its rules and options in
// .dependency-cruiser.json: tests left out) and written to reports/imports.md: a Mermaid chart
// (GitHub and most Markdown previews draw it; no Graphviz needed) with each folder collapsed to
// its room, the site and the server side by side above rink/, then the same arrows as text.
// Exits 1 when an import breaks the rules, which say what Biome's noRestrictedImports says in
// biome.json (`npm run lint`): app/ and server/ never import each other, rink/ imports
// neither, and the rooms both hosts run import neither host (node/, edge/); and no file of
// server/ reaches itself through its imports (issue 44). The .astro shells are drawn without their imports (dependency-cruiser does not read
// .astro); Biome's rule covers them.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cruise, format, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { projectRoot } from "../tooling/project.ts";

process.chdir(projectRoot);

/** A room: a folder of app/ or server/ (a file at their top stays itself); rink/ as one. */
const rooms = "^(app|server)/[^/]+|^rink";

const options = await extractDepcruiseOptions("./.dependency-cruiser.json");
const cruised = await cruise(["app", "rink", "server"], {
  ...options,
  validate: true,
  reporterOptions: { mermaid: { minify: false } },
});
const result = cruised.output as ICruiseResult;

const chart = String((await format(result, { outputType: "mermaid", collapse: rooms })).output)
  // Top to bottom: the site and the server side by side, both above rink/.
  .replace(/^flowchart LR/, "flowchart TB")
  .trim();
const arrows = String((await format(result, { outputType: "text", collapse: rooms })).output)
  .trim()
  .split("\n")
  .map((line) => `- ${line}`)
  .join("\n");
const rules = await format(result, { outputType: "err" });
const rulesText = String(rules.output).trim();

const { version } = JSON.parse(
  readFileSync(join(projectRoot, "node_modules/dependency-cruiser/package.json"), "utf8"),
) as { version: string };
const { totalCruised, totalDependenciesCruised } = result.summary;

const report = `# The imports of app/, rink/ and server/

Written by \`npm run graph\` (dependency-cruiser ${version}, \`.dependency-cruiser.json\`): each
folder of \`app/\` (the site) and \`server/\` (the inbox and its hosts) collapsed to its room, a
file at their top as itself, and \`rink/\` (what both stand on) as one box. Tests are left out.
${totalCruised} modules, ${totalDependenciesCruised} imports.

\`\`\`mermaid
${chart}
\`\`\`

## The arrows as text

${arrows}

## The rules

app/ and server/ never import each other; rink/ imports neither (the same as Biome's
\`noRestrictedImports\` in \`biome.json\`).

\`\`\`
${rulesText}
\`\`\`
`;

mkdirSync(join(projectRoot, "reports"), { recursive: true });
writeFileSync(join(projectRoot, "reports/imports.md"), report);
console.log(rulesText);
console.log("[graph] wrote reports/imports.md");
process.exitCode = rules.exitCode === 0 ? 0 : 1;
