// Written by the build (tooling/site-paths.ts) from app/site-pages.ts: do not edit.

/** The paths of the pages the build makes, the only ones the beacon counts. */
export const sitePaths: readonly string[] = [
  "/",
  "/about",
  "/parties",
  "/policies",
  "/contact",
  "/events",
  "/privacy",
  "/text-alerts",
  "/contact/thanks",
  "/newsletter/thanks",
];
