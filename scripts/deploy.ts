// `npm run deploy`: the deploy command of Workers Builds and the Deploy to Cloudflare button
// (docs/deploy.md, path A), and of a computer logged in with `npx wrangler login`, after
// `npm run build`. The inbox's database made on a first deploy, its migrations applied, then
// the Worker deployed with the site's address (tooling/deploy.ts).
import { deploy } from "../tooling/deploy.ts";
import { workerConfig, wranglerShown } from "../tooling/wrangler.ts";

try {
  await deploy(wranglerShown, workerConfig(), process.env, console.log);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
