// The build as a static host serves it: Cloudflare's static assets without the Worker, through
// `wrangler dev` (the asset server Cloudflare runs, in the workerd the wrangler package ships),
// offline. The build is the global setup's cross-origin one: on a static host the forms post
// to an inbox elsewhere (our own, with SITE_ORIGINS, or the hosted service). The whole
// product on Cloudflare, forms included, is edge.spec.ts's.
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseHeadersFile } from "../../server/security-headers.ts";
import { spawnEdgeDev, workerConfig } from "../../tooling/wrangler.ts";
import { expect, gotoHydrated, test, uniqueEmail } from "../support/e2e/fixtures.ts";
import {
  expectNotFoundServed,
  expectPagesServed,
  formsStoredFor,
  pages,
  sendBothForms,
  watchProblems,
} from "../support/e2e/host-checks.ts";
import { screenshotHost } from "../support/e2e/host-screenshots.ts";
import { unknownPath } from "../support/e2e/site-facts.ts";
import { stopProcessGroup, waitUntilUp } from "../support/server.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the global setup did not run`);
  return value;
}

// One wrangler for the file: its tests share it, in one worker.
test.describe.configure({ mode: "serial" });

let wrangler: ChildProcess;
let workDir: string;
let log = "";
let origin: string;
let rules: ReturnType<typeof parseHeadersFile>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  origin = `http://127.0.0.1:${required("PAGES_PORT")}`;
  // wrangler's .wrangler/ state, logs and settings go into this folder only. Its config is the
  // static half of wrangler.jsonc: the same assets, no Worker. (`wrangler pages dev` is no
  // use here: it finds the repository's wrangler.jsonc from its own install and serves that.)
  workDir = mkdtempSync(join(tmpdir(), "rink-static-"));
  cpSync(required("CROSS_SITE_DIR"), join(workDir, "build/client"), { recursive: true });
  rules = parseHeadersFile(readFileSync(join(workDir, "build/client/_headers"), "utf8"));
  const { assets, compatibility_date } = workerConfig();
  writeFileSync(
    join(workDir, "wrangler.json"),
    JSON.stringify({
      name: "static-host-check",
      compatibility_date,
      assets: { directory: assets.directory, not_found_handling: assets.not_found_handling },
    }),
  );
  const home = join(workDir, "home");
  mkdirSync(home);
  wrangler = spawnEdgeDev({
    cwd: workDir,
    port: Number(required("PAGES_PORT")),
    persistTo: join(workDir, "state"),
    home,
  });
  wrangler.stdout?.on("data", (chunk) => {
    log += String(chunk);
  });
  wrangler.stderr?.on("data", (chunk) => {
    log += String(chunk);
  });
  await waitUntilUp(`${origin}/`, wrangler, (why) => `wrangler dev ${why}:\n${log}`);
});

test.afterAll(async () => {
  // wrangler does not stop on SIGTERM alone: SIGKILL to the group follows after 2 s.
  if (wrangler) await stopProcessGroup(wrangler, "SIGTERM", 2_000);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test("wrangler reads every header rule, and reports none invalid", async () => {
  const count = [...rules.keys()].length;
  expect(log).toContain(`Parsed ${count} valid header rules`);
  expect(log).not.toMatch(/invalid|error/i);
});

test("every page answers 200 at its canonical URL and with a slash, with exactly its CSP", async ({
  request,
}) => {
  await expectPagesServed(request, origin, rules);
});

test("an unknown path answers 404 with the not-found page and its CSP; no SPA fallback", async ({
  request,
}) => {
  await expectNotFoundServed(request, origin, rules);
});

test("in Chromium: every page, and the links between all of them, without a CSP violation, console error or failed request", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = await watchProblems(page);
  for (const start of pages) {
    await gotoHydrated(page, `${origin}${start}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // And as a visitor moves: the main navigation's links.
  await gotoHydrated(page, `${origin}/`);
  for (const name of ["About", "Parties", "Contact", "Home"]) {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name, exact: true })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await expect(page).toHaveURL(`${origin}/`);
  expect(problems).toEqual([]);
});

test("in Chromium: the unknown path shows the not-found page, hydrated, without a violation", async ({
  page,
}) => {
  const problems = await watchProblems(page, true);
  const response = await gotoHydrated(page, `${origin}${unknownPath}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect(problems).toEqual([]);
});

test("both forms reach the inbox on another origin", async ({ page }, testInfo) => {
  const forms = required("CROSS_FORMS_URL");
  const problems = await watchProblems(page);
  const email = uniqueEmail(testInfo);

  await sendBothForms(page, origin, {
    email,
    message: "Hello from the static host.",
    newsletterAction: `${forms}/f/newsletter`,
  });
  expect(await formsStoredFor(required("CROSS_DATABASE_PATH"), email)).toEqual([
    "contact",
    "newsletter",
  ]);
  expect(problems).toEqual([]);
});

test("screenshots through the static host, at both sizes, an unknown path included", async ({
  browser,
}) => {
  await screenshotHost(browser, origin, "static");
});
