/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public address of the site, from the SITE_URL build setting (vite.config.ts). */
  readonly SITE_URL?: string;
}
