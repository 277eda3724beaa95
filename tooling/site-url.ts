/** The public address of the site (build setting SITE_URL), for canonical links, the
 * sitemap and calendar files. Without it, the local server's address. */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SITE_URL?.trim() || "http://localhost:3000";
  const url = new URL(raw);
  return url.origin + url.pathname.replace(/\/+$/, "");
}
