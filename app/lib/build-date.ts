import { rinkClock } from "../../rink/calendar-day.ts";
import { timeZone } from "../../rink/time-zone.ts";

// When the site was built (astro.config.ts): what the prerendered pages were written for. The
// browser's first render uses the same values, so hydration matches the HTML.

/** The instant of the build, ms since 1970. */
export const builtAt = Number(import.meta.env?.BUILD_TIME ?? Date.now());

/** The rink's date at the build, "YYYY-MM-DD". */
export const buildDate = import.meta.env?.BUILD_DATE ?? rinkClock(new Date(builtAt), timeZone).date;
