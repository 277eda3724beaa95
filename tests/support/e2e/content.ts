// The content the site was built from (the fixture copy: playwright.config.ts sets
// CONTENT_DIR), for specs to compare the pages with.
import { loadSiteContent } from "../../../tooling/content/load.ts";

export const site = loadSiteContent();
