import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentDir, timeZone } from "./app/content/load.ts";
import { rinkClock, zoneOffsets } from "./app/lib/calendar-day.ts";
import { recordBuildInputs } from "./tooling/build-inputs.ts";
import { siteUrl } from "./tooling/site-url.ts";
import { sessionCalendars } from "./tooling/vite/calendar-plugin.ts";
import { rinkContent } from "./tooling/vite/content-plugin.ts";
import { rinkPhotos } from "./tooling/vite/photos-plugin.ts";
import { seoFiles } from "./tooling/vite/seo-files-plugin.ts";

const url = siteUrl();
const builtAt = new Date();
const year = 365 * 24 * 60 * 60 * 1000;

export default defineConfig({
  // SITE_URL is a build setting: canonical links and share tags are written into the HTML.
  define: {
    "import.meta.env.SITE_URL": JSON.stringify(url),
    "import.meta.env.BUILD_YEAR": JSON.stringify(String(new Date().getFullYear())),
    "import.meta.env.BUILD_DATE": JSON.stringify(rinkClock(builtAt, timeZone).date),
    "import.meta.env.BUILD_TIME": JSON.stringify(String(builtAt.getTime())),
    // The browser reads the rink's clock from this table, not from Intl (app/lib/calendar-day.ts).
    "import.meta.env.ZONE_OFFSETS": JSON.stringify(
      zoneOffsets(timeZone, builtAt.getTime() - year, builtAt.getTime() + 5 * year),
    ),
  },
  build: {
    rolldownOptions: {
      output: {
        // Few, larger chunks: on a slow phone each extra request costs a round trip (21
        // requests per page became 7). React and React Router in one vendor chunk; our code
        // shared by two or more routes in one app chunk; the rest stays in its route's chunk.
        codeSplitting: {
          groups: [
            // React Router's own entry (entry.client, under node_modules) stays out of the
            // vendor chunk: in it, that chunk took the entry's name, every route listed it as
            // an import and each page preloaded it twice (issue 12). The cost: Rolldown's runtime
            // (React's CommonJS interop, 0.6 KB) is now a chunk of its own.
            { name: "vendor", test: /node_modules\/(?!@react-router\/dev\/)/ },
            // The photo viewer is loaded on demand by the gallery, never with every page.
            {
              name: "app",
              test: /\/(app|forms)\/(?!components\/photo-viewer)/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  plugins: [
    rinkContent(),
    rinkPhotos(),
    sessionCalendars(url),
    seoFiles(url),
    tailwindcss(),
    reactRouter(),
    recordBuildInputs(contentDir),
  ],
});
