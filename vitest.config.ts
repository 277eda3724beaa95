import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// Unit and component tests only; the React Router plugin is for builds, not tests. They read
// the fixture content (tests/fixtures/content), never the owner's content/: set before the
// content plugin is loaded (it reads CONTENT_DIR once), and passed on to the test workers.
// Only an explicit CONTENT_DIR points them elsewhere (`npm run check:sample` does).
process.env.CONTENT_DIR ||= resolve(import.meta.dirname, "tests/fixtures/content");
const { rinkContent } = await import("./tooling/vite/content-plugin.ts");

export default defineConfig({
  // The content plugin gives components the same content module the build does.
  plugins: [rinkContent()],
  test: {
    include: ["{app,forms,server,tooling,tests}/**/*.test.{ts,tsx}"],
    environment: "node",
    env: { CONTENT_DIR: process.env.CONTENT_DIR },
    setupFiles: ["./tests/setup/vitest.setup.ts"],
  },
});
