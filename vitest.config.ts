import { defineConfig } from "vitest/config";

// Unit and component tests only; the React Router plugin is for builds, not tests.
export default defineConfig({
  test: {
    include: ["{app,forms,server,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["./tests/setup/vitest.setup.ts"],
  },
});
