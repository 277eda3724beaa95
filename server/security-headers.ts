// The one security-header policy. The build writes it per page into build/client/_headers
// (the file static hosts read; tooling/postbuild.ts) and the server applies that same file,
// so a static deploy is as strict as `npm start`.
// Pure, with no Node module: the Worker (server/edge/) sends the inbox's headers from here too.

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

/** For /assets/*: nothing may load but the asset itself, shown as the browser shows it. */
export const assetPolicy =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
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
 * The content editor at /admin/ (Sveltia CMS, decision 008): not a public page, so its own
 * rule. Its script is ours ('self', no eval; WebAssembly for the WebP encoder that Safari lacks,
 * tooling/build-admin.ts); Svelte writes its component styles at run time,
 * hence style-src 'unsafe-inline' here and nowhere else. It talks only to this site: GitHub is
 * reached through the site's proxy (server/editor/, decision 018), so no GitHub origin here
 * (nor GitHub's status page, whose check then says nothing). It keeps files being edited as
 * blob: URLs. The sign-in popup (/admin/sign-in) must be able to hand its answer back to this
 * page: same-origin-allow-popups, not same-origin.
 */
export const adminHeaders: Record<string, string> = {
  "Content-Security-Policy": [
    "default-src 'self'",
    // WebAssembly, not eval: the WebP encoder a browser without its own runs (Safari).
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' blob: data:",
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

/**
 * A page the build copies in as it is (not rendered by Astro), served with the
 * headers given here instead of a policy computed from its scripts: the editor at /admin/.
 */
export interface StaticPage {
  /** URL path with its trailing slash, like PageHeaders.path. */
  path: string;
  /** Its headers, the Content-Security-Policy among them; each replaces what "/*" gives. */
  headers: Record<string, string>;
}

export interface HeadersFileInput {
  /** The prerendered pages; the one at `notFoundPath` also answers every unknown path. */
  pages: readonly PageHeaders[];
  formsOrigin: string | null;
  /** Extra pages with an explicitly given policy; one with a prerendered page's path replaces it. */
  staticPages?: readonly StaticPage[];
  /** The not-found page's path among `pages`; "/404/" by default. */
  notFoundPath?: string;
}

/** Both URL forms static hosts answer for a page: "/about" and "/about/"; "/" alone. */
const urlForms = (path: string) => (path === "/" ? ["/"] : [path.replace(/\/$/, ""), path]);

/**
 * The `_headers` file (Cloudflare Pages and Netlify syntax; our server reads it too).
 * A 404 answer matches only the wildcard rules, so "/*" carries the not-found page's policy
 * (and the pages' revalidating cache) beside the base headers. A more specific rule first
 * detaches what it replaces ("! Name": Cloudflare Pages would otherwise join both values
 * with a comma, and two policies are both enforced; Netlify keeps the last matching value and
 * skips the line, which has no colon), then sets its own: a page never gets two policies.
 */
export function renderHeadersFile({
  pages,
  formsOrigin,
  staticPages = [],
  notFoundPath = "/404/",
}: HeadersFileInput): string {
  const notFound = pages.find((p) => p.path === notFoundPath);
  if (!notFound)
    throw new Error(`No page at ${notFoundPath}: the not-found page's policy is needed.`);
  const header = (name: string, value: string) => `  ${name}: ${value}`;
  const lines: string[] = [
    "# Written by tooling/postbuild.ts: one security policy for every host.",
    "",
  ];
  lines.push(
    "/*",
    ...Object.entries({ ...baseHeaders, ...httpsOnlyHeaders }).map(([k, v]) => header(k, v)),
    header("Content-Security-Policy", contentSecurityPolicy({ ...notFound, formsOrigin })),
    header("Cache-Control", revalidateCache),
    "",
  );
  // An asset is no page: a photo opened on its own is shown by the browser's image viewer,
  // whose inline styles a page's policy would block.
  lines.push(
    "/assets/*",
    "  ! Cache-Control",
    header("Cache-Control", immutableCache),
    "  ! Content-Security-Policy",
    header("Content-Security-Policy", assetPolicy),
    "",
  );

  // Each exact rule first detaches what "/*" set for the headers it replaces.
  const rules = new Map<string, Record<string, string>>();
  for (const page of pages) {
    // The not-found page's own URL is answered by "/*" alone, like any unknown path.
    if (page.path !== notFoundPath) {
      rules.set(page.path, {
        "Content-Security-Policy": contentSecurityPolicy({ ...page, formsOrigin }),
      });
    }
  }
  for (const page of staticPages) rules.set(page.path, page.headers);
  const fromWildcard = new Set([
    "Content-Security-Policy",
    "Cache-Control",
    ...Object.keys(baseHeaders),
    ...Object.keys(httpsOnlyHeaders),
  ]);
  for (const [path, headers] of [...rules].sort(([a], [b]) => a.localeCompare(b))) {
    const body = Object.entries(headers).flatMap(([k, v]) => [
      ...(fromWildcard.has(k) ? [`  ! ${k}`] : []),
      header(k, v),
    ]);
    for (const form of urlForms(path)) lines.push(form, ...body, "");
  }
  return lines.join("\n");
}

/** Cloudflare Pages reads at most 100 rules and drops (with only a warning) a longer line. */
export const headersFileLimits = { rules: 100, lineLength: 2000 } as const;

/** What a static host would drop from this `_headers` text; [] when it is within the limits. */
export function headersFileProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    if (line.length >= headersFileLimits.lineLength) {
      const name = line.trim().split(":")[0] ?? "";
      problems.push(
        `line ${index + 1} (${name}) is ${line.length} characters; Cloudflare Pages drops lines of ${headersFileLimits.lineLength} or more`,
      );
    }
  });
  const rules = lines.filter((l) => l.trim() !== "" && !/^\s/.test(l) && !l.startsWith("#"));
  if (rules.length > headersFileLimits.rules) {
    problems.push(
      `${rules.length} rules; Cloudflare Pages reads at most ${headersFileLimits.rules}`,
    );
  }
  return problems;
}

/** One `_headers` rule: headers it detaches ("! Name") and headers it sets, in file order. */
export interface HeaderRule {
  detach: string[];
  set: Record<string, string>;
}

export type HeaderRules = Map<string, HeaderRule>;

/** Parses a Netlify/Cloudflare `_headers` file: path → its rule. */
export function parseHeadersFile(text: string): HeaderRules {
  const rules: HeaderRules = new Map();
  let current: HeaderRule | null = null;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = { detach: [], set: {} };
      rules.set(line.trim(), current);
      continue;
    }
    if (!current) continue;
    const detach = /^\s*!\s*(\S+)\s*$/.exec(line);
    if (detach?.[1]) {
      current.detach.push(detach[1]);
      continue;
    }
    const colon = line.indexOf(":");
    if (colon > 0) current.set[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

// As static hosts read the file: an exact path, or a prefix ending in "*".
function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1));
  return pattern === path;
}

/**
 * Every rule matching `path`, applied in file order as Cloudflare Pages does: a rule first
 * removes the headers it detaches, then sets its own (a later rule wins a repeated header).
 */
export function headersFor(rules: HeaderRules, path: string): Record<string, string> {
  // /about/index.html is the /about/ page.
  const page = path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
  const merged: Record<string, string> = {};
  for (const [pattern, rule] of rules) {
    if (!matches(pattern, page)) continue;
    for (const name of rule.detach) {
      for (const key of Object.keys(merged)) {
        if (key.toLowerCase() === name.toLowerCase()) delete merged[key];
      }
    }
    Object.assign(merged, rule.set);
  }
  return merged;
}
