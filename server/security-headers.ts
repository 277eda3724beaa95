// The one security-header policy. The build writes it per page into build/client/_headers
// (the file static hosts read; scripts/postbuild.ts) and the server applies that same file,
// so a static deploy is as strict as `npm start`.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A CSP hash source ('sha256-…') for an inline script's or style's text. */
export const cspHash = (text: string) =>
  `sha256-${createHash("sha256").update(text).digest("base64")}`;

export interface PolicyInput {
  /** sha256 hashes ('sha256-…') of the page's inline scripts. */
  scriptHashes: readonly string[];
  /** sha256 hashes of the page's inline <style> elements (the stylesheet is written in). */
  styleHashes: readonly string[];
  /** Origin of the forms endpoint when it is not the site itself, e.g. https://formspree.io. */
  formsOrigin: string | null;
}

export function contentSecurityPolicy({
  scriptHashes,
  styleHashes,
  formsOrigin,
}: PolicyInput): string {
  const forms = formsOrigin ? ` ${formsOrigin}` : "";
  const sources = (hashes: readonly string[]) => hashes.map((h) => ` '${h}'`).join("");
  return [
    "default-src 'self'",
    `script-src 'self'${sources(scriptHashes)}`,
    `style-src 'self'${sources(styleHashes)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${forms}`,
    `form-action 'self'${forms}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

/** Headers every response carries. */
export const baseHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Only over HTTPS: a browser must never be told to insist on HTTPS for a plain-HTTP host. */
export const httpsOnlyHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
};

export const immutableCache = "public, max-age=31536000, immutable";
export const revalidateCache = "public, max-age=0, must-revalidate";

/**
 * What the inbox answers carry instead of a page's policy: JSON and the small error page load
 * nothing, hold no form and must not be framed or kept by a cache.
 */
export const inboxHeaders: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
};

/**
 * The content editor at /admin/ (Sveltia CMS, decision 006): not a public page, so its own
 * rule. Its script is ours ('self', no eval); Svelte writes its component styles at run time,
 * hence style-src 'unsafe-inline' here and nowhere else. In production it talks to GitHub's
 * API (and GitHub's status page, for an incident notice), shows the user's GitHub avatar, and
 * keeps files being edited as blob: URLs. The sign-in popup (Netlify's or our OAuth worker)
 * must be able to hand the token back to this page: same-origin-allow-popups, not same-origin.
 */
export const adminHeaders: Record<string, string> = {
  "Content-Security-Policy": [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self'",
    "connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; "),
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "X-Robots-Tag": "noindex",
  "Cache-Control": revalidateCache,
};

export interface PageHeaders {
  /** The page's URL path with its trailing slash: "/", "/about/", "/404/". */
  path: string;
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
}

/** The `_headers` file: base headers on every path, assets cached forever, a CSP per page. */
export function renderHeadersFile(pages: readonly PageHeaders[], formsOrigin: string | null) {
  const lines: string[] = [
    "# Written by scripts/postbuild.ts: one security policy for every host.",
    "",
  ];
  const common = Object.entries({ ...baseHeaders, ...httpsOnlyHeaders }).map(
    ([k, v]) => `  ${k}: ${v}`,
  );
  lines.push("/*", ...common, "");
  lines.push("/assets/*", `  Cache-Control: ${immutableCache}`, "");
  for (const page of [...pages].sort((a, b) => a.path.localeCompare(b.path))) {
    const csp = contentSecurityPolicy({ ...page, formsOrigin });
    // Hosts answer /about and /about/ alike: both get the page's headers.
    const paths = page.path === "/" ? ["/"] : [page.path.replace(/\/$/, ""), page.path];
    for (const path of paths) {
      lines.push(
        path,
        `  Content-Security-Policy: ${csp}`,
        `  Cache-Control: ${revalidateCache}`,
        "",
      );
    }
  }
  // Last, so its headers win over "/*" where both set one (our server and Netlify take the
  // last; Cloudflare Pages joins repeated values: see docs/owner-guide.md, known issues).
  lines.push("/admin/*", ...Object.entries(adminHeaders).map(([k, v]) => `  ${k}: ${v}`), "");
  lines.push("/admin", ...Object.entries(adminHeaders).map(([k, v]) => `  ${k}: ${v}`), "");
  return lines.join("\n");
}

/** Parses a Netlify/Cloudflare `_headers` file: path → headers. */
export function parseHeadersFile(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = {};
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    if (current && colon > 0) current[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

export type HeaderRules = Map<string, Record<string, string>>;

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

// As static hosts read the file: an exact path, or a prefix ending in "*".
function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1));
  return pattern === path;
}

/** Every rule matching `path`, merged in file order (a later rule wins a repeated header). */
export function headersFor(rules: HeaderRules, path: string): Record<string, string> {
  // /about/index.html is the /about/ page.
  const page = path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
  const merged: Record<string, string> = {};
  for (const [pattern, headers] of rules) {
    if (matches(pattern, page)) Object.assign(merged, headers);
  }
  return merged;
}
