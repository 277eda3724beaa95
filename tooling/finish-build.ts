// `npm run build` after `astro build`, run with `--import ./tooling/record-modules.ts`:
// the content editor into build/client/admin (build-admin.ts), then the headers, compression
// and static-host copies (postbuild.ts), the pages' paths for the server (site-paths.ts), then
// the Cloudflare Worker's bundle (build/worker, checked for Node-only imports), then the record
// of every file the build read (build-inputs.ts), which `npm start` compares with the sources.
import { join, resolve } from "node:path";
import { buildDirectory } from "./build-dir.ts";
import { recordInputs, writeInputsManifest } from "./build-inputs.ts";
import { projectRoot } from "./project.ts";
import { modulesLoaded } from "./record-modules.ts";
import { sitePathsModule, writeSitePaths } from "./site-paths.ts";
import { bundleWorker } from "./wrangler.ts";

const startedAt = Date.now();
const { adminSources } = await import("./build-admin.ts");
await import("./postbuild.ts");
// Before the Worker's bundle, which takes the paths in.
if (writeSitePaths()) console.log(`Written: ${sitePathsModule} (the pages changed)`);
const buildDir = resolve(projectRoot, buildDirectory);
// RINK_PAGES_ONLY=1: a test build served only as pages (tests/support/build.ts's copies), whose
// Worker nothing runs; the bundle and its check are the same for every build of these sources,
// made by `npm run build` and the tests' own build (3.4 s each).
if (process.env.RINK_PAGES_ONLY !== "1") {
  const worker = await bundleWorker(join(buildDir, "worker"), join(buildDir, "client"));
  console.log(`Worker bundle: ${(worker.gzipBytes / 1024).toFixed(1)} KB gzip (build/worker)`);
}
// What npm installed (node_modules/.package-lock.json is rewritten by every install): a new
// version of Astro, Vite, a plugin or React changes the build even where no module we load did.
const installed = join(projectRoot, "node_modules/.package-lock.json");
recordInputs("node-steps", [...modulesLoaded, ...adminSources, installed], startedAt);
writeInputsManifest();
