// The content the build read (content/*.yml), for specs to compare the pages with.
import { loadSiteContent } from "../../app/content/load";

export const site = loadSiteContent();
