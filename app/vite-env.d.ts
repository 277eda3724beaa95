/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public address of the site, from the SITE_URL build setting (vite.config.ts). */
  readonly SITE_URL?: string;
  /** The year the site was built, e.g. "2026" (vite.config.ts). */
  readonly BUILD_YEAR?: string;
  /** The rink's date when the site was built, "YYYY-MM-DD" (vite.config.ts). */
  readonly BUILD_DATE?: string;
  /** The instant of the build in ms since 1970, as a string (vite.config.ts). */
  readonly BUILD_TIME?: string;
}

declare module "virtual:rink-content" {
  /** Every business fact and page text, from content/*.yml (scripts/content-plugin.ts). */
  export const site: import("./content/schema").SiteContent;
}
