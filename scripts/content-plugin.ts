import type { Plugin } from "vite";
import { siteContentSchema } from "../app/content/schema.ts";
import { site } from "../app/content/site.ts";

/**
 * Fails the build when the content module breaks its schema (a negative price, a time
 * like "25:00", a missing phone label), so a typo never reaches a visitor.
 */
export function contentCheck(): Plugin {
  return {
    name: "rink-content-check",
    buildStart() {
      const result = siteContentSchema.safeParse(site);
      if (result.success) return;
      const problems = result.error.issues.map((i) => `  site.${i.path.join(".")}: ${i.message}`);
      this.error(`app/content/site.ts does not match its schema:\n${problems.join("\n")}`);
    },
  };
}
