// `npm run check:content`: the owner's content files against their schema (problems fail, with
// the file, line and field) and against themselves (contradictions and stale dates print as
// warnings for the owner).
import { ContentError, loadPhotosContent, loadSiteContent } from "../tooling/content/load.ts";
import { findContradictions } from "../tooling/contradictions.ts";
import { eventWarnings } from "../tooling/event-checks.ts";

let site: ReturnType<typeof loadSiteContent>;
try {
  site = loadSiteContent();
  // photos.yml's fields (alt text, file names); the build also checks each file is a photo.
  loadPhotosContent();
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
console.log("Content schema: ok");

const warnings = [...findContradictions(site, new Date()), ...eventWarnings(site, new Date())];
if (warnings.length === 0) console.log("Contradictions: none");
for (const warning of warnings) console.warn(`warning: ${warning}`);
