// The files of the site that are not pages, written into the build once Astro has made the
// pages: the owner's photos in every size (processed by sharp, kept in a cache between builds),
// a calendar file per session and event, robots.txt, the sitemap and the web manifest.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { sessionCalendars } from "./calendar-files.ts";
import { seoFiles } from "./seo-files.ts";
import { missingSiteUrl } from "./site-url.ts";
import { buildPhotos } from "./vite/photos-plugin.ts";

export function nonPageFiles(siteUrl: string): AstroIntegration {
  return {
    name: "non-page-files",
    hooks: {
      // Only a build: `astro dev` and `astro sync` keep the local address.
      "astro:build:start": () => {
        const missing = missingSiteUrl();
        if (missing) throw new Error(missing);
      },
      "astro:build:done": async ({ dir }) => {
        const out = fileURLToPath(dir);
        const write = (name: string, write: (path: string) => void) => {
          const path = join(out, name);
          mkdirSync(dirname(path), { recursive: true });
          write(path);
        };
        for (const [url, file] of (await buildPhotos()).files) {
          write(url.slice(1), (path) => copyFileSync(file, path));
        }
        for (const [name, text] of [...sessionCalendars(siteUrl), ...seoFiles(siteUrl)]) {
          write(name, (path) => writeFileSync(path, text));
        }
      },
    },
  };
}
