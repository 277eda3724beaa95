// After `astro build`: hash each page's inline scripts and styles into its
// Content-Security-Policy, write build/client/_headers (read by static hosts and by our
// server; the build fails when a host would drop part of it), precompress every text file
// with brotli and gzip so the server can send them as they are, and lay the pages out as
// static hosts look for them (below).
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, relative, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import {
  adminHeaders,
  headersFileProblems,
  renderHeadersFile,
  type StaticPage,
} from "../server/security-headers.ts";
import { buildDirectory } from "./build-dir.ts";
import { externalizeIslandRuntime } from "./island-runtime.ts";
import { projectRoot } from "./project.ts";

const root = join(buildDirectory, "client");

/** A CSP hash source ('sha256-…') for an inline script's or style's text. */
const cspHash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

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

/** Inline <style> elements: the stylesheet written into each page (app/layouts/site.astro). */
function inlineStyleHashes(html: string): string[] {
  const bodies = [...html.matchAll(/<style[^>]*>(?<body>[\s\S]*?)<\/style>/g)];
  return [...new Set(bodies.map((m) => cspHash(m.groups?.body ?? "")))];
}

const formsEndpoint = process.env.VITE_FORMS_ENDPOINT?.trim();
const formsOrigin = formsEndpoint ? new URL(formsEndpoint).origin : null;

// Pages the build copies in as they are, with their own headers (not computed from their
// scripts): the content editor (tooling/build-admin.ts).
const staticPages: StaticPage[] = [{ path: "/admin/", headers: adminHeaders }];

// Astro writes the not-found page as 404.html, where static hosts look for it; our server
// and the Worker's rules know it as the page /404/ (server/node/app.ts), so it is there too.
mkdirSync(join(root, "404"), { recursive: true });
copyFileSync(join(root, "404.html"), join(root, "404/index.html"));

// Every page's own script (app/browser/page.ts, 3.6 KiB) is fetched at low priority: as a
// module it would be high, and a phone's first paint would wait for it (Lighthouse counts a
// high-priority script before the first paint: +0.13 s on every page, decision 014), or
// written into the page it would push Home's HTML past the first round trip (14.6 KB).
// Astro writes the tag; the attribute is added here. Astro's island runtime, which it writes
// into each page with an island, becomes a file of its own (tooling/island-runtime.ts).
for (const page of files(root).filter((f) => f.endsWith(".html"))) {
  const html = readFileSync(page, "utf8");
  const islands = externalizeIslandRuntime(html);
  if (islands.file) writeFileSync(join(root, islands.file.path), islands.file.code);
  const low = islands.html.replace(
    /<script type="module" src="(\/assets\/[^"]+\.js)"><\/script>/g,
    '<script type="module" src="$1" fetchpriority="low"></script>',
  );
  if (low !== html) writeFileSync(page, low);
}

const pages = files(root).filter((f) => f.endsWith("index.html"));
const pageHeaders = pages
  .map((page) => {
    const html = readFileSync(page, "utf8");
    return {
      path: `/${relative(root, page).replace(/index\.html$/, "")}`,
      scriptHashes: inlineScriptHashes(html),
      styleHashes: inlineStyleHashes(html),
    };
  })
  .filter((page) => !staticPages.some((s) => s.path === page.path));
const headersText = renderHeadersFile({ pages: pageHeaders, formsOrigin, staticPages });
const problems = headersFileProblems(headersText);
if (problems.length > 0) {
  console.error(
    `postbuild: build/client/_headers would not work on a static host:\n  ${problems.join("\n  ")}\n` +
      "A page's policy grows with each inline script hash: fewer inline scripts, or fewer pages.",
  );
  process.exit(1);
}
writeFileSync(join(root, "_headers"), headersText);

// Brotli at its best takes 3 s for the editor's 2 MB script, which every build copies as it
// is: a file compressed once is kept, by its content's hash, beside the photos' cache.
const compressedCache = resolve(projectRoot, "node_modules/.cache/rink-compressed");
mkdirSync(compressedCache, { recursive: true });
function compressedCopy(bytes: Buffer, kind: "br" | "gz"): Buffer {
  const cached = join(
    compressedCache,
    `${createHash("sha256").update(bytes).digest("hex")}.${kind}`,
  );
  if (existsSync(cached)) {
    const now = new Date();
    utimesSync(cached, now, now);
    return readFileSync(cached);
  }
  const made =
    kind === "br"
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(bytes, { level: 9 });
  // Written aside and renamed, so a build running beside this one (the end-to-end set-up
  // makes two at once) never reads a half-written file.
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, made);
  renameSync(partial, cached);
  return made;
}

// What no build has used for a week goes (each build's pages are new files).
const weekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000;
for (const name of readdirSync(compressedCache)) {
  const path = join(compressedCache, name);
  // (A file another build renames or removes meanwhile is gone: nothing to do.)
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat && stat.mtimeMs < weekAgo) rmSync(path, { force: true });
}

let compressed = 0;
for (const file of files(root)) {
  if (!/\.(html|js|css|svg|xml|txt|ics|webmanifest|json|wasm)$/.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(`${file}.br`, compressedCopy(bytes, "br"));
  writeFileSync(`${file}.gz`, compressedCopy(bytes, "gz"));
  compressed++;
}
// Static hosts (Cloudflare Pages, Netlify) answer an unknown path with the top-level
// 404.html, status 404. They answer /about from about.html with status 200, but /about from
// about/index.html only with a redirect to /about/: each page is also written as <path>.html,
// so its canonical URL (no trailing slash) is answered directly. Our server indexes the same
// pages from <path>/index.html and ignores these copies (server/node/static-site.ts).
for (const page of pageHeaders) {
  if (page.path === "/" || page.path === "/404/") continue;
  const dir = join(root, page.path);
  if (existsSync(join(dir, "index.html"))) {
    copyFileSync(join(dir, "index.html"), `${dir.replace(/\/$/, "")}.html`);
  }
}

console.log(
  `postbuild: _headers for ${pages.length} pages; ${compressed} files precompressed (br, gz)`,
);
