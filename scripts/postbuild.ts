// After `react-router build`: hash each page's inline scripts and styles into its
// Content-Security-Policy, write build/client/_headers (read by static hosts and by our
// server), and precompress every text file with brotli and gzip so the server can send them
// as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import config from "../react-router.config.ts";
import { cspHash, renderHeadersFile } from "../server/security-headers.ts";

const root = join(config.buildDirectory, "client");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Inline scripts the browser executes: no src, and a JavaScript type (or none). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?<attrs>[^>]*)>(?<body>[\s\S]*?)<\/script>/g)) {
    const attrs = match.groups?.attrs ?? "";
    const body = match.groups?.body ?? "";
    if (/\ssrc=/.test(attrs) || body === "") continue;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(cspHash(body));
  }
  return [...hashes];
}

/** Inline <style> elements: the stylesheet written into each page (app/root.tsx). */
function inlineStyleHashes(html: string): string[] {
  const bodies = [...html.matchAll(/<style[^>]*>(?<body>[\s\S]*?)<\/style>/g)];
  return [...new Set(bodies.map((m) => cspHash(m.groups?.body ?? "")))];
}

const formsEndpoint = process.env.VITE_FORMS_ENDPOINT?.trim();
const formsOrigin = formsEndpoint ? new URL(formsEndpoint).origin : null;

// The editor's page (build/client/admin/, scripts/build-admin.ts) has its own rule.
const pages = files(root).filter(
  (f) => f.endsWith("index.html") && !relative(root, f).startsWith("admin/"),
);
const pageHeaders = pages.map((page) => {
  const html = readFileSync(page, "utf8");
  return {
    path: `/${relative(root, page).replace(/index\.html$/, "")}`,
    scriptHashes: inlineScriptHashes(html),
    styleHashes: inlineStyleHashes(html),
  };
});
writeFileSync(join(root, "_headers"), renderHeadersFile(pageHeaders, formsOrigin));

let compressed = 0;
for (const file of files(root)) {
  if (!/\.(html|js|css|svg|xml|txt|ics|webmanifest|json)$/.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  compressed++;
}
console.log(
  `postbuild: _headers for ${pages.length} pages; ${compressed} files precompressed (br, gz)`,
);
