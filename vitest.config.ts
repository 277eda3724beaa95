import { resolve } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Unit and component tests only; the build's Astro config is not loaded here. They read the
// fixture content (tests/fixtures/content), never the owner's content/: set before the
// content plugin is loaded (it reads CONTENT_DIR once), and passed on to the test workers.
// Only an explicit CONTENT_DIR points them elsewhere (`npm run check:sample` does).
process.env.CONTENT_DIR ||= resolve(import.meta.dirname, "tests/fixtures/content");
const { rinkContent } = await import("./tooling/vite/content-plugin.ts");

// Everything runs on both cores (65-70 s, not 95), but for the files whose figures need the
// machine to themselves: they run one at a time once the rest is done (vitest's groupOrder
// puts them last here). The linear-parsing ratios, and the protocol suite, whose fuzz sample
// posts bodies over the 64 KB limit that `wrangler dev` answers and then resets (with the
// other core busy the answer was lost about one run in two).
const alone = ["tests/inbox-protocol.test.ts", "server/forms/request-body.test.ts"];
// A run may leave files out (VITEST_EXCLUDE, comma-separated: tests/owner-edits.test.ts's
// inner run and `npm run test:quick`); the CLI's --exclude does not reach the projects.
const excluded = [
  ...configDefaults.exclude,
  ...(process.env.VITEST_EXCLUDE?.split(",").filter(Boolean) ?? []),
];

export default defineConfig({
  // The content plugin gives components the same content module the build does.
  plugins: [rinkContent()],
  test: {
    environment: "node",
    env: { CONTENT_DIR: process.env.CONTENT_DIR },
    setupFiles: ["./tests/setup/vitest.setup.ts"],
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "alone",
          include: alone,
          exclude: excluded,
          fileParallelism: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "both cores",
          include: ["{app,rink,server,tooling,tests}/**/*.test.{ts,tsx}"],
          exclude: [...excluded, ...alone],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
