/** The public address of the site (build setting SITE_URL), for canonical links, the
 * sitemap and calendar files. Without it, the local server's address. */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SITE_URL?.trim() || "http://localhost:3000";
  const url = new URL(raw);
  return url.origin + url.pathname.replace(/\/+$/, "");
}

/**
 * Why a build cannot go online without SITE_URL: the address is written into canonical links,
 * the sitemap and the calendar files' UIDs and links, and a published localhost is wrong
 * without a word. Local builds (`npm start`, the tests: RINK_LOCAL_BUILD=1) keep the local
 * default. Undefined when the build may go on.
 */
export function missingSiteUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SITE_URL?.trim() || env.RINK_LOCAL_BUILD === "1") return undefined;
  return "SITE_URL is not set: the build writes the site's public address into its links, sitemap and calendar files. Set it to the address the site will have, e.g. https://skateland.example.com: the SITE_URL variable in wrangler.jsonc (the Deploy button's form asks for it), or a build variable or environment variable of that name (docs/deploy.md). Or run `npm start` for a copy on this computer.";
}
