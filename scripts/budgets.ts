// `npm run budgets`: what each prerendered page makes a phone download, from the build
// output, checked against the budgets (issue 4). Prints a table; exits 1 over budget.
//   - JavaScript: at most 130 KB gzip in total per page (React 19 and React Router's runtime
//     alone are about 112 KB: our own code must stay small);
//   - CSS: at most 15 KB gzip; HTML: at most 30 KB gzip per page (with the CSS written in);
//   - render-blocking: one stylesheet (ours is written into the page, so first paint waits
//     for no request at all), every external script a module, async or deferred, and a
//     stylesheet that pulls in nothing more (no @import, no web font).
// The end-to-end spec tests/e2e/performance.spec.ts checks in the browser that every script a
// page runs is one its HTML names, so nothing escapes this count.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import config from "../react-router.config.ts";

const root = "build/client";
const budgets = { js: 130 * 1024, css: 15 * 1024, html: 30 * 1024 };
/** Every prerendered page: the five routes, both thank-you pages and the 404 page. */
const pages = config.prerender;

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!existsSync(join(root, "index.html"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

/** The page's stylesheets: written into it (<style>) or linked (<link rel="stylesheet">). */
function stylesheetsOf(html: string, readAsset: (path: string) => string) {
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
    (m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? "",
  );
  const linked = links.map((href) => ({
    href,
    css: href.startsWith("/assets/") ? readAsset(href) : null,
  }));
  return { inline, linked };
}

type Stylesheets = ReturnType<typeof stylesheetsOf>;

/** Why the page would wait for more than one stylesheet request to paint; [] when fine. */
function renderBlocking(html: string, { inline, linked }: Stylesheets): string[] {
  const found: string[] = [];
  if (inline.length + linked.length !== 1) {
    found.push(`${inline.length} inline and ${linked.length} linked stylesheets (want one)`);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
    if (!/\btype="module"|\basync\b|\bdefer\b/.test(tag)) found.push(`blocking script ${tag}`);
  }
  for (const { href, css } of linked) {
    if (css === null) found.push(`stylesheet not from this build: ${href}`);
  }
  for (const css of [...inline, ...linked.map((l) => l.css ?? "")]) {
    if (/@import\b/.test(css)) found.push("a stylesheet uses @import");
    if (/@font-face\b/.test(css)) found.push("a stylesheet loads a web font");
  }
  return found;
}

let failed = false;
const rows: string[][] = [];
const problems: string[] = [];
for (const page of pages) {
  const html = readFileSync(join(root, page, "index.html"), "utf8");
  // Every asset the page loads: a linked stylesheet, modulepreload links, module imports in
  // the inline script. CSS written into the page counts as CSS, not as HTML.
  const assets = new Set([...html.matchAll(/["'](\/assets\/[^"']+)["']/g)].map((m) => m[1] ?? ""));
  const readAsset = (path: string) => readFileSync(join(root, path), "utf8");
  let js = 0;
  for (const asset of assets) {
    if (asset.endsWith(".js")) js += gz(readFileSync(join(root, asset)));
  }
  const sheets = stylesheetsOf(html, readAsset);
  const css = [...sheets.inline, ...sheets.linked.map((l) => l.css ?? "")].reduce(
    (sum, c) => sum + gz(c),
    0,
  );
  const htmlSize = gz(html);
  const blocking = renderBlocking(html, sheets);
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
