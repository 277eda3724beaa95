// `npm run dev` (`astro dev`) and the `astro sync` of `npm run typecheck`: Astro's command line
// with its telemetry off, whatever shell npm runs the script in.
import { runNode, toolPath } from "../tooling/node-tool.ts";

runNode([toolPath("astro/bin/astro.mjs"), ...process.argv.slice(2)], {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: "1",
});
