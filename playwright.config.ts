import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { fixtureContentDir } from "./tests/support/build.ts";
import { chromiumArgs, headlessShellPath } from "./tests/support/chromium.ts";

// End-to-end tests in Debian's Chromium against the built site and the real server.
// The global setup builds the site from the fixture content, starts an SMTP capture server and
// `node server/node/index.ts` on free ports; specs import `test` and `expect` from
// tests/support/e2e/fixtures.ts.

// The specs (in the workers, which inherit this) read the same content the site was built
// from: the fixture copy, never the owner's content/.
process.env.CONTENT_DIR = fixtureContentDir;

if (!existsSync(headlessShellPath)) {
  throw new Error(
    `No Chromium headless shell at ${headlessShellPath}. Install Debian's: ` +
      "sudo apt-get install -y chromium-headless-shell (or set HEADLESS_SHELL_PATH to one).",
  );
}

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  globalSetup: "./tests/support/e2e/global-setup.ts",
  fullyParallel: true,
  // The machine has two cores, and three workers keep them busier than two: while one waits
  // (a server starting, a page's timers, a form's round trip) another renders. Measured on
  // the whole suite: 305 s with two, 282 s with three (every test took longer, the suite less).
  // A fourth is for the live update's spec alone, which mostly waits (the half minute a
  // browser keeps the update's answer) and would otherwise hold one of them.
  workers: 4,
  projects: [
    { name: "pages", testIgnore: "live-update.spec.ts", workers: 3 },
    { name: "waits", testMatch: "live-update.spec.ts", workers: 1 },
  ],
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A time limit finds a test that hangs; it is not a speed check (the suite's own time is:
  // docs/testing.md). 60 s: the slowest ordinary tests (axe at two sizes) took 20-26 s on
  // 2026-11-26's machine and 35-37 s on a paravirtualised one, where 30 s failed a dozen.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // The list as tests finish, then where the time went (the ten slowest tests, each file).
  reporter: [["list"], ["./tests/support/slowest-reporter.ts"]],
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "America/Indiana/Indianapolis",
    // Tracing every test costs about a third of the run; E2E_TRACE=1 keeps traces of failures.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: headlessShellPath,
      args: chromiumArgs,
    },
  },
});
