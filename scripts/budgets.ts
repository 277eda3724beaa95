// `npm run budgets`: what each prerendered page makes a phone download, from the build
// output, checked against the budgets (issue 4). Prints a table; exits 1 over budget.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const root = "build/client";
const budgets = { js: 130 * 1024, css: 15 * 1024, html: 30 * 1024 };
const pages = ["/", "/about", "/parties", "/policies", "/contact", "/404"];

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!existsSync(join(root, "index.html"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

let failed = false;
const rows: string[][] = [];
for (const page of pages) {
  const html = readFileSync(join(root, page, "index.html"), "utf8");
  // Every script the page loads: modulepreload links, module imports in the inline script.
  const assets = new Set([...html.matchAll(/["'](\/assets\/[^"']+)["']/g)].map((m) => m[1] ?? ""));
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const bytes = readFileSync(join(root, asset));
    if (asset.endsWith(".js")) js += gz(bytes);
    if (asset.endsWith(".css")) css += gz(bytes);
  }
  const htmlSize = gz(html);
  const over = [
    js > budgets.js && "JS",
    css > budgets.css && "CSS",
    htmlSize > budgets.html && "HTML",
  ].filter(Boolean);
  if (over.length > 0) failed = true;
  rows.push([page, kb(htmlSize), kb(js), kb(css), String(assets.size), over.join(", ") || "ok"]);
}

const header = ["page", "HTML gzip", "JS gzip", "CSS gzip", "assets", "budget"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
for (const row of [header, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  "));
console.log(`budgets: JS ${kb(budgets.js)}, CSS ${kb(budgets.css)}, HTML ${kb(budgets.html)} per page (gzip)`);

const total = readdirSync(join(root, "assets")).reduce(
  (sum, f) => sum + statSync(join(root, "assets", f)).size,
  0,
);
console.log(`all assets on disk: ${kb(total)}`);
process.exit(failed ? 1 : 0);
