// A page's "floor": the same page with no JavaScript, served alike. Its first paint and its
// blocking time are what the machine gives a page that ships nothing, so a page's own cost is
// its figure minus its floor's, measured in the same run (bench:pages prints both; the audit
// judges against it on a machine too slow for the floor itself to meet a target).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { announcementScript } from "../../app/lib/announcement.ts";
import { bootScript } from "../../app/lib/boot.ts";

/**
 * The page's HTML file under the site folder: "/" → index.html, "/about" → about/index.html,
 * and a file named as such ("/404.html") is itself.
 */
const htmlFile = (siteDir: string, path: string) =>
  path.endsWith(".html")
    ? join(siteDir, path.slice(1))
    : join(siteDir, path === "/" ? "" : path.slice(1), "index.html");

/** The announcement's expiry script, as app/lib/announcement.ts writes it for some window. */
function isAnnouncementScript(body: string): boolean {
  const found = /^\(function\(n\)\{if\(n<(\d+)\|\|n>=(\d+|Infinity)\)/.exec(body);
  if (!found) return false;
  const until = found[2] === "Infinity" ? null : Number(found[2]);
  return body === announcementScript({ text: "", from: Number(found[1]), until });
}

/**
 * The page without its JavaScript: no modulepreload link, no script but the JSON-LD, the boot
 * script's `js` class (the CSS lays out the closed menu by it) and the announcement's expiry
 * (it hides an ended banner before the first paint). Astro's inline island loader goes too.
 */
export function floorOf(html: string, path: string): string {
  const floor = html
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "")
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, (whole, attrs: string, body: string) => {
      if (/\btype="application\/ld\+json"/.test(attrs)) return whole;
      const inline = !/\b(?:src|type)=/.test(attrs);
      return inline && (body === bootScript || isAnnouncementScript(body)) ? whole : "";
    });
  if (!floor.includes(bootScript)) throw new Error(`${path}: the boot script was not found`);
  const left = /<script\b[^>]*\b(?:src=|type="module")|rel="modulepreload"/.exec(floor);
  if (left) throw new Error(`${path}: the floor still loads a script (${left[0]})`);
  return floor;
}

/**
 * Writes each page's floor over its HTML in a copy of the built site, with new .br/.gz copies
 * (as tooling/postbuild.ts makes them).
 */
export function makeFloor(siteDir: string, paths: readonly string[]) {
  for (const path of paths) {
    const file = htmlFile(siteDir, path);
    const floor = floorOf(readFileSync(file, "utf8"), path);
    writeFileSync(file, floor);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(floor, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(floor, { level: 9 }));
  }
}
