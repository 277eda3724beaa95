// The web-vitals library as a file of the build (/assets/web-vitals.<hash>.js), which the page's
// script imports by its address once the page is idle (app/browser/beacon.ts, issue 45). A
// dynamic import Vite bundles gets Vite's preload helper in the page's own script, about
// 0.5 KB brotli on every page's load for a file nothing preloads (Astro sets the browser
// build's modulePreload itself); the package's own minified ES module is the same code.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

let file: { url: string; name: string; text: string } | undefined;

/** The library's ES module, and the address and file name it has in the build (by content). */
export function webVitalsFile() {
  if (!file) {
    // Its "import" export: the ES module (dist/web-vitals.js), not the UMD build require finds.
    const path = fileURLToPath(import.meta.resolve("web-vitals"));
    // Without its source map's comment: the map is not part of the build.
    const text = readFileSync(path, "utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
    const hash = createHash("sha256").update(text).digest("hex").slice(0, 8);
    const name = `assets/web-vitals.${hash}.js`;
    file = { url: `/${name}`, name, text };
  }
  return file;
}
