/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public address of the site, from the SITE_URL build setting (vite.config.ts). */
  readonly SITE_URL?: string;
  /** The year the site was built, e.g. "2026" (vite.config.ts). */
  readonly BUILD_YEAR?: string;
}
