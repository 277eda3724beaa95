// The one security-header policy. The build writes it per page into build/client/_headers
// (the file static hosts read; scripts/postbuild.ts) and the server applies that same file,
// so a static deploy is as strict as `npm start`.

export interface PolicyInput {
  /** sha256 hashes ('sha256-…') of the page's inline scripts. */
  scriptHashes: readonly string[];
  /** Origin of the forms endpoint when it is not the site itself, e.g. https://formspree.io. */
  formsOrigin: string | null;
}

export function contentSecurityPolicy({ scriptHashes, formsOrigin }: PolicyInput): string {
  const forms = formsOrigin ? ` ${formsOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join("")}`,
    "style-src 'self'",
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
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Only over HTTPS: a browser must never be told to insist on HTTPS for a plain-HTTP host. */
export const httpsOnlyHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
};

export const immutableCache = "public, max-age=31536000, immutable";
export const revalidateCache = "public, max-age=0, must-revalidate";

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
