import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { rinkClock, zoneOffsets } from "./rink/calendar-day.ts";
import { buildDirectory } from "./tooling/build-dir.ts";
import { recordBuildInputs } from "./tooling/build-inputs.ts";
import { contentDir, timeZone } from "./tooling/content/load.ts";
import { nonPageFiles } from "./tooling/non-page-files.ts";
import { siteUrl } from "./tooling/site-url.ts";
import { touchDirective } from "./tooling/touch-directive.ts";
import { rinkContent } from "./tooling/vite/content-plugin.ts";
import { rinkPhotos } from "./tooling/vite/photos-plugin.ts";

// Every page is rendered to HTML at build by React (decision 014); in the browser only the
// islands the page shells mark (the two forms) hydrate, each when its form is first used
// (client:touch, decision 015), and app/browser/ does the rest.
const url = siteUrl();
const builtAt = new Date();
const year = 365 * 24 * 60 * 60 * 1000;

export default defineConfig({
  site: url,
  srcDir: "app",
  publicDir: "public",
  outDir: `${buildDirectory}/client`,
  output: "static",
  // /about/index.html, so every host answers /about and /about/ alike (postbuild.ts adds about.html).
  build: { format: "directory", assets: "assets", inlineStylesheets: "always" },
  trailingSlash: "ignore",
  // Off: its start-up script would be one more request before the first paint. Its
  // prefetch() is started by app/browser/prefetch.ts after the spec's 100 ms of hover.
  prefetch: false,
  devToolbar: { enabled: false },
  integrations: [react(), touchDirective(), nonPageFiles(url)],
  vite: {
    // SITE_URL is a build setting: canonical links and share tags are written into the HTML.
    define: {
      "import.meta.env.SITE_URL": JSON.stringify(url),
      "import.meta.env.BUILD_YEAR": JSON.stringify(String(new Date().getFullYear())),
      "import.meta.env.BUILD_DATE": JSON.stringify(rinkClock(builtAt, timeZone).date),
      "import.meta.env.BUILD_TIME": JSON.stringify(String(builtAt.getTime())),
      // The browser reads the rink's clock from this table, not from Intl (rink/calendar-day.ts).
      "import.meta.env.ZONE_OFFSETS": JSON.stringify(
        zoneOffsets(timeZone, builtAt.getTime() - year, builtAt.getTime() + 5 * year),
      ),
    },
    plugins: [rinkContent(), rinkPhotos(), tailwindcss(), recordBuildInputs(contentDir)],
    worker: { format: "es" },
  },
});
