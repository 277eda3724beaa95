import { browsedPages } from "../app/site-pages.ts";
import { loadSiteContent } from "./content/load.ts";

/** Pages search engines should list: the pages a visitor browses to (not thanks, not 404). */
export function indexablePaths(): string[] {
  return browsedPages.map((page) => page.path);
}

/** robots.txt, sitemap.xml and the web manifest: file name → text. */
export function seoFiles(siteUrl: string): Map<string, string> {
  const site = loadSiteContent();
  const urls = indexablePaths()
    .map((path) => `  <url><loc>${siteUrl}${path === "/" ? "/" : path}</loc></url>`)
    .join("\n");
  const files: Record<string, string> = {
    "robots.txt": `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
    "sitemap.xml": `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    "manifest.webmanifest": JSON.stringify(
      {
        name: site.name,
        short_name: site.name.split(" ").slice(0, 2).join(" "),
        description: site.description,
        start_url: "/",
        display: "browser",
        background_color: "#ffffff",
        theme_color: "#3b0764",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        ],
      },
      null,
      2,
    ),
  };
  return new Map(Object.entries(files));
}
