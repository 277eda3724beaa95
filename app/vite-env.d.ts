/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public address of the site, from the SITE_URL build setting (astro.config.ts). */
  readonly SITE_URL?: string;
  /** The year the site was built, e.g. "2026" (astro.config.ts). */
  readonly BUILD_YEAR?: string;
  /** The rink's date when the site was built, "YYYY-MM-DD" (astro.config.ts). */
  readonly BUILD_DATE?: string;
  /** The instant of the build in ms since 1970, as a string (astro.config.ts). */
  readonly BUILD_TIME?: string;
  /** The rink's UTC offsets from a year before the build to five after (astro.config.ts). */
  readonly ZONE_OFFSETS?: import("../rink/calendar-day.ts").ZoneOffsets;
}

declare module "virtual:rink-content" {
  /** Every business fact and page text, from content/*.yml (tooling/vite/content-plugin.ts). */
  export const site: import("../rink/content/schema.ts").SiteContent;
}

declare module "virtual:rink-photos/hero" {
  /** Home's photo at the top, or null (content/photos.yml, tooling/vite/photos-plugin.ts). */
  const hero: import("./lib/photo").Photo | null;
  export default hero;
}
declare module "virtual:rink-photos/gallery" {
  /** The About page's gallery, in the owner's order. */
  const gallery: import("./lib/photo").Photo[];
  export default gallery;
}
declare module "virtual:rink-photos/parties" {
  /** The Parties page's photos, in the owner's order. */
  const parties: import("./lib/photo").Photo[];
  export default parties;
}
declare module "virtual:rink-photos/events" {
  /** The events' photos (content/events.yml) by event id; an event without one is absent. */
  const events: Record<string, import("./lib/photo").Photo>;
  export default events;
}
