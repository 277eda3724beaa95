// `npm run check:content`: the content module against its schema (errors fail) and
// against itself (contradictions print as warnings for the owner).
import { siteContentSchema } from "../app/content/schema.ts";
import { site } from "../app/content/site.ts";
import { findContradictions } from "./contradictions.ts";

const parsed = siteContentSchema.safeParse(site);
if (!parsed.success) {
  console.error("app/content/site.ts does not match its schema:");
  for (const issue of parsed.error.issues)
    console.error(`  site.${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
console.log("Content schema: ok");

const warnings = findContradictions(parsed.data);
if (warnings.length === 0) console.log("Contradictions: none");
for (const warning of warnings) console.warn(`warning: ${warning}`);
