// The prerendered site, indexed once at start: URL path → the file's bytes, its brotli and
// gzip copies, and a strong ETag for each. A request only ever looks a path up in that index,
// so no request path reaches the filesystem (no traversal to guard against), and a page is
// answered from memory with its validator, or 304 when the browser's copy is current.
// The build is fixed while the server runs (`npm start` builds first); restart after a build.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { getMimeType } from "hono/utils/mime";
import { type HeaderRules, parseHeadersFile } from "../security-headers.ts";

export type Encoding = "br" | "gzip";

interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

export interface SiteFile {
  /** Where the file sits under the site folder, e.g. "about/index.html". */
  file: string;
  type: string;
  lastModified: string;
  identity: Representation;
  /** Present when the build wrote a .br / .gz copy beside the file. */
  encoded: Partial<Record<Encoding, Representation>>;
}

// Files the build writes that are not pages of their own; .br/.gz copies are attached to
// their file instead. The 404 page (404/index.html, and 404.html for static hosts) is served
// only as the answer to an unknown path.
const notServed = /^(?:_headers|__spa-fallback\.html|404\/.*|404\.html)$|\.(?:br|gz)$/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.isFile() ? [path] : [];
  });
}

function representation(bytes: Buffer): Representation {
  const body = new Uint8Array(bytes.byteLength);
  body.set(bytes);
  const digest = createHash("sha256").update(body).digest("base64url");
  return { body, etag: `"${digest.slice(0, 27)}"` };
}

function readRepresentation(path: string): Representation | undefined {
  try {
    return representation(readFileSync(path));
  } catch {
    return undefined;
  }
}

/** One file with whichever precompressed copies sit beside it. */
export function loadFile(siteDir: string, file: string): SiteFile {
  const path = join(siteDir, file);
  const encoded: Partial<Record<Encoding, Representation>> = {};
  const br = readRepresentation(`${path}.br`);
  const gzip = readRepresentation(`${path}.gz`);
  if (br) encoded.br = br;
  if (gzip) encoded.gzip = gzip;
  return {
    file,
    type: getMimeType(file) ?? "application/octet-stream",
    lastModified: statSync(path).mtime.toUTCString(),
    identity: representation(readFileSync(path)),
    encoded,
  };
}

/** URL path → file: "/about", "/about/" and "/about/index.html" name the same page. */
export function indexSite(siteDir: string): Map<string, SiteFile> {
  const index = new Map<string, SiteFile>();
  const files = new Set(walk(siteDir).map((path) => relative(siteDir, path).split(sep).join("/")));
  for (const file of files) {
    if (notServed.test(file)) continue;
    // about.html beside about/index.html: the copy static hosts answer /about with; here
    // /about is that page already, and /about.html is no URL of the site.
    if (file.endsWith(".html") && files.has(file.replace(/\.html$/, "/index.html"))) continue;
    const entry = loadFile(siteDir, file);
    index.set(`/${file}`, entry);
    if (file === "index.html") index.set("/", entry);
    else if (file.endsWith("/index.html")) {
      const dir = `/${file.slice(0, -"/index.html".length)}`;
      index.set(dir, entry);
      index.set(`${dir}/`, entry);
    }
  }
  return index;
}

/** The encodings an Accept-Encoding header allows (q=0 refuses one; * allows any). */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>();
  const refused = new Set<string>();
  let any = false;
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) {
      refused.add(name);
      continue;
    }
    if (name === "br" || name === "gzip") accepted.add(name);
    if (name === "*") any = true;
  }
  if (any) for (const name of ["br", "gzip"] as const) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * The answer for `entry`: brotli if accepted, else gzip, else the file as it is; 304 when
 * If-None-Match names the chosen copy. Security and caching headers are added by the caller.
 */
export function respond(
  entry: SiteFile,
  request: { method: string; acceptEncoding?: string; ifNoneMatch?: string },
  status: 200 | 404 = 200,
): Response {
  const accepted = acceptedEncodings(request.acceptEncoding);
  const encoding = (["br", "gzip"] as const).find((e) => entry.encoded[e] && accepted.has(e));
  const chosen = (encoding && entry.encoded[encoding]) || entry.identity;
  const headers: Record<string, string> = {
    "Content-Type": entry.type,
    "Last-Modified": entry.lastModified,
  };
  if (status === 200) headers.ETag = chosen.etag;
  if (encoding) headers["Content-Encoding"] = encoding;
  // A cache must keep the copies apart whenever there is more than one.
  if (entry.encoded.br || entry.encoded.gzip) headers.Vary = "Accept-Encoding";

  if (
    status === 200 &&
    request.ifNoneMatch &&
    matchesIfNoneMatch(request.ifNoneMatch, chosen.etag)
  ) {
    delete headers["Content-Type"];
    delete headers["Content-Encoding"];
    return new Response(null, { status: 304, headers });
  }
  headers["Content-Length"] = String(chosen.body.byteLength);
  const body = request.method === "HEAD" ? null : chosen.body;
  return new Response(body, { status, headers });
}

/** The site's `_headers`; the server refuses to start without it (an unbuilt or broken site). */
export function loadHeaderRules(siteDir: string): HeaderRules {
  const file = join(siteDir, "_headers");
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the site first (npm run build).`);
  }
  const rules = parseHeadersFile(readFileSync(file, "utf8"));
  if (!rules.has("/*")) throw new Error(`${file} has no "/*" rule: rebuild the site.`);
  return rules;
}
