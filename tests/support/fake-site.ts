// For the server's tests: a throwaway folder, and a small stand-in for build/client that the
// server can serve.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { renderHeadersFile } from "../../server/security-headers.ts";

/** A temp folder removed by the returned function. */
export function tempDir(prefix = "rink-server-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The inline scripts of the fake pages, and their CSP hashes as the build computes them. */
export const fakeInlineScripts = {
  "/": "window.__home = 1;",
  "/about/": "window.__about = 1;",
  "/404/": "window.__notFound = 1;",
} as const;

export function scriptHash(body: string): string {
  return `sha256-${createHash("sha256").update(body).digest("base64")}`;
}

/**
 * A stand-in for build/client: a home page (with .br and .gz copies), an about page, the 404
 * page, their copies for static hosts (about.html, 404.html), one asset, and the `_headers`
 * file written as the build writes it.
 */
export function fakeSite(root: string, options: { formsOrigin?: string } = {}): string {
  const page = (title: string, script: string) =>
    `<!doctype html><title>${title}</title><h1>${title} page</h1><script>${script}</script>`;
  const files: Record<string, string> = {
    "index.html": page("Home", fakeInlineScripts["/"]),
    "about/index.html": page("About", fakeInlineScripts["/about/"]),
    "404/index.html": page("Page not found", fakeInlineScripts["/404/"]).replace(
      "<h1>Page not found page</h1>",
      "<h1>Page not found</h1>",
    ),
    "assets/app-1a2b3c.js": "console.log('app')",
    _headers: renderHeadersFile({
      pages: Object.entries(fakeInlineScripts).map(([path, body]) => ({
        path,
        scriptHashes: [scriptHash(body)],
        styleHashes: [],
      })),
      formsOrigin: options.formsOrigin ?? null,
    }),
  };
  // The copies the build writes for static hosts (tooling/postbuild.ts).
  files["about.html"] = files["about/index.html"] ?? "";
  files["404.html"] = files["404/index.html"] ?? "";
  const site = join(root, "site");
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(site, name)), { recursive: true });
    writeFileSync(join(site, name), text);
  }
  const home = Buffer.from(files["index.html"] ?? "");
  writeFileSync(join(site, "index.html.br"), brotliCompressSync(home));
  writeFileSync(join(site, "index.html.gz"), gzipSync(home));
  return site;
}
