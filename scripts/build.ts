// `npm run build`: Astro renders the pages (its telemetry off), then tooling/finish-build.ts,
// loaded with the record of the modules it reads, does the steps after. The site's address
// and the editor's repository come from the environment, or else from wrangler.jsonc's vars,
// where the Deploy button's form puts them (tooling/deploy.ts; decision 029).
import { buildEnvironment } from "../tooling/deploy.ts";
import { runNode, toolPath } from "../tooling/node-tool.ts";
import { workerConfig } from "../tooling/wrangler.ts";

const env = buildEnvironment(process.env, workerConfig().vars);
runNode([toolPath("astro/bin/astro.mjs"), "build"], { ...env, ASTRO_TELEMETRY_DISABLED: "1" });
runNode(["--import", "./tooling/record-modules.ts", "tooling/finish-build.ts"], env);
