import { defineConfig } from "vitest/config";
import { rinkContent } from "./scripts/content-plugin.ts";

// Unit and component tests only; the React Router plugin is for builds, not tests. The
// content plugin gives components the same content module the build does.
export default defineConfig({
  plugins: [rinkContent()],
  test: {
    include: ["{app,forms,server,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./tests/setup/vitest.setup.ts"],
  },
});
