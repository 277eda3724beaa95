// `npm run owner-css`: compiles server/owner/owner.css with the site's Tailwind
// (tooling/owner-css.ts) into server/owner/stylesheet-built.ts, which both hosts serve. Run it
// after changing owner.css, ui/theme.css, ui/'s styles or the owner's screens' classes.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { gzipSync } from "node:zlib";
import { compileOwnerCss, ownerCssModule, ownerCssModuleText } from "../tooling/owner-css.ts";
import { projectRoot } from "../tooling/project.ts";

const { css } = await compileOwnerCss();
writeFileSync(ownerCssModule, ownerCssModuleText(css));
const gzip = gzipSync(css, { level: 9 }).length;
console.log(
  `${relative(projectRoot, ownerCssModule)}: ${css.length} bytes, ${(gzip / 1024).toFixed(2)} KB gzip`,
);
