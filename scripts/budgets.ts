// `npm run budgets`: what each prerendered page makes a phone download, from the build
// output, checked against the budgets (issue 4). Prints a table; exits 1 over budget.
//   - JavaScript: at most 130 KB gzip in total per page (React 19 and React Router's runtime
//     alone are about 112 KB: our own code must stay small);
//   - CSS: at most 15 KB gzip; HTML: at most 30 KB gzip per page;
//   - render-blocking: exactly one stylesheet, every external script a module, async or
//     deferred, and a stylesheet that pulls in nothing more (no @import, no web font).
// The end-to-end spec tests/e2e/performance.spec.ts checks in the browser that every script a
// page runs is one its HTML names, so nothing escapes this count.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = "build/client";
const budgets = { js: 130 * 1024, css: 15 * 1024, html: 30 * 1024 };
/** Every prerendered page: the five routes, both thank-you pages and the 404 page. */
const pages = [
  "/",
  "/about",
  "/parties",
  "/policies",
  "/contact",
  "/contact/thanks",
  "/newsletter/thanks",
  "/404",
];

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!existsSync(join(root, "index.html"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

/** Why the page's head would delay first paint beyond its one stylesheet; [] when fine. */
function renderBlocking(html: string, readAsset: (path: string) => string): string[] {
  const found: string[] = [];
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => m[0]);
  if (stylesheets.length !== 1) found.push(`${stylesheets.length} stylesheets`);
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
    if (!/\btype="module"|\basync\b|\bdefer\b/.test(tag)) found.push(`blocking script ${tag}`);
  }
  for (const link of stylesheets) {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1] ?? "";
    if (!href.startsWith("/assets/")) {
      found.push(`stylesheet not from this build: ${href}`);
      continue;
    }
    const css = readAsset(href);
    if (/@import\b/.test(css)) found.push(`${href} uses @import`);
    if (/@font-face\b/.test(css)) found.push(`${href} loads a web font`);
  }
  return found;
}

let failed = false;
const rows: string[][] = [];
const problems: string[] = [];
for (const page of pages) {
  const html = readFileSync(join(root, page, "index.html"), "utf8");
  // Every asset the page loads: the stylesheet, modulepreload links, module imports in the
  // inline script.
  const assets = new Set([...html.matchAll(/["'](\/assets\/[^"']+)["']/g)].map((m) => m[1] ?? ""));
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const bytes = readFileSync(join(root, asset));
    if (asset.endsWith(".js")) js += gz(bytes);
    if (asset.endsWith(".css")) css += gz(bytes);
  }
  const htmlSize = gz(html);
  const blocking = renderBlocking(html, (path) => readFileSync(join(root, path), "utf8"));
  const over = [
    js > budgets.js && "JS",
    css > budgets.css && "CSS",
    htmlSize > budgets.html && "HTML",
    blocking.length > 0 && "render-blocking",
  ].filter(Boolean);
  if (over.length > 0) failed = true;
  for (const b of blocking) problems.push(`${page}: ${b}`);
  rows.push([page, kb(htmlSize), kb(js), kb(css), String(assets.size), over.join(", ") || "ok"]);
}

const header = ["page", "HTML gzip", "JS gzip", "CSS gzip", "assets", "budget"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
for (const row of [header, ...rows])
  console.log(row.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  "));
console.log(
  `budgets: JS ${kb(budgets.js)}, CSS ${kb(budgets.css)}, HTML ${kb(budgets.html)} per page (gzip); one stylesheet and no blocking script`,
);
for (const p of problems) console.error(`  ${p}`);

const total = readdirSync(join(root, "assets")).reduce(
  (sum, f) => sum + statSync(join(root, "assets", f)).size,
  0,
);
console.log(`all assets on disk: ${kb(total)}`);
process.exit(failed ? 1 : 0);
