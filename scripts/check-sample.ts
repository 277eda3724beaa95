// `npm run check:sample`: the sample-content test against the owner's content/ instead of the
// fixtures (vitest.config.ts keeps an explicit CONTENT_DIR).
import { runNode, toolPath } from "../tooling/node-tool.ts";

runNode([toolPath("vitest/vitest.mjs"), "run", "tests/sample-content.test.ts"], {
  ...process.env,
  CONTENT_DIR: "content",
});
