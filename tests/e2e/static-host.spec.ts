// The build as Cloudflare Pages serves it: `wrangler pages dev` (the same asset server as
// Pages, in the workerd the wrangler package ships), offline, reading the repository's
// wrangler.toml. The build is the global setup's cross-origin one: on a static host the forms
// post to an inbox elsewhere (our own, with SITE_ORIGINS, or the hosted service).
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { contactMessages } from "../../forms/contact";
import { newsletterMessages } from "../../forms/newsletter";
import { assetPolicy, headersFor, parseHeadersFile } from "../../server/security-headers.ts";
import { projectNode, projectRoot } from "../../tooling/project.ts";
import { stopProcessGroup, waitUntilUp } from "../support/server.ts";
import { expect, gotoHydrated, test, uniqueEmail } from "./fixtures";
import { screenshotHost } from "./host-screenshots";
import { everyPage, routes, unknownPath } from "./site-facts";

const pages = everyPage.filter((path) => path !== unknownPath);

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
  // A folder laid out like the repository (wrangler.toml beside build/client), so wrangler
  // reads the real config and writes its .wrangler/ state, logs and settings here only.
  workDir = mkdtempSync(join(tmpdir(), "rink-pages-"));
  cpSync(join(projectRoot, "wrangler.toml"), join(workDir, "wrangler.toml"));
  cpSync(required("CROSS_SITE_DIR"), join(workDir, "build/client"), { recursive: true });
  rules = parseHeadersFile(readFileSync(join(workDir, "build/client/_headers"), "utf8"));
  const home = join(workDir, "home");
  mkdirSync(home);
  const { compatibility_date: date } = parseToml(join(workDir, "wrangler.toml"));
  wrangler = spawn(
    projectNode,
    [
      join(projectRoot, "node_modules/wrangler/bin/wrangler.js"),
      "pages",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      required("PAGES_PORT"),
      "--compatibility-date",
      date,
      // Explicitly here: by default wrangler may put its state beside another wrangler.toml
      // it finds (it wrote .wrangler/ into the repository once).
      "--persist-to",
      join(workDir, ".wrangler/state"),
    ],
    {
      cwd: workDir,
      // Its own process group, so stopping it stops workerd too.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: `${join(projectRoot, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
        HOME: home,
        XDG_CONFIG_HOME: join(home, ".config"),
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        CI: "true",
      },
    },
  );
  wrangler.stdout?.on("data", (chunk) => {
    log += String(chunk);
  });
  wrangler.stderr?.on("data", (chunk) => {
    log += String(chunk);
  });
  await waitUntilUp(`${origin}/`, wrangler, (why) => `wrangler pages dev ${why}:\n${log}`);
});

test.afterAll(async () => {
  // wrangler does not stop on SIGTERM alone: SIGKILL to the group follows after 2 s.
  if (wrangler) await stopProcessGroup(wrangler, "SIGTERM", 2_000);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The one value wrangler.toml gives that the command line also needs. */
function parseToml(path: string): { compatibility_date: string } {
  const match = /^compatibility_date\s*=\s*"([\d-]+)"/m.exec(readFileSync(path, "utf8"));
  if (!match?.[1]) throw new Error(`${path} has no compatibility_date`);
  return { compatibility_date: match[1] };
}

test("wrangler reads every header rule, and reports none invalid", async () => {
  const count = [...rules.keys()].length;
  expect(log).toContain(`Parsed ${count} valid header rules`);
  expect(log).not.toMatch(/invalid|error/i);
});

test("every page answers 200 at its canonical URL and with a slash, with exactly its CSP", async ({
  request,
}) => {
  for (const path of pages) {
    const expected = headersFor(rules, `${path.replace(/\/$/, "")}/`)["Content-Security-Policy"];
    expect(expected, path).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    const forms = path === "/" ? ["/"] : [path, `${path}/`];
    for (const url of forms) {
      const response = await request.get(`${origin}${url}`, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      // One policy, not the wildcard's joined to the page's with a comma.
      expect(response.headers()["content-security-policy"], url).toBe(expected);
      // The five routes name this URL as canonical (the thank-you pages are not indexed).
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(await response.text());
      if ((routes as readonly string[]).includes(path)) {
        expect(new URL(canonical?.[1] ?? "/-", origin).pathname, url).toBe(path);
      }
    }
  }
});

test("an unknown path answers 404 with the not-found page and its CSP; no SPA fallback", async ({
  request,
}) => {
  const notFoundPolicy = headersFor(rules, unknownPath)["Content-Security-Policy"];
  expect(notFoundPolicy).toMatch(/script-src 'self' 'sha256-/);
  for (const path of [unknownPath, "/about/team", "/assets/missing.js", "/__spa-fallback"]) {
    const response = await request.get(`${origin}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    // Under /assets/ the assets' own policy (stricter: no script at all) stays in force.
    const policy = path.startsWith("/assets/") ? assetPolicy : notFoundPolicy;
    expect(response.headers()["content-security-policy"], path).toBe(policy);
    expect(await response.text(), path).toContain("Page not found");
  }
});

/** CSP violations, failed requests and error answers a page meets, from before its first script. */
async function watchProblems(page: Page, allowDocument404 = false): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("__reportViolation", (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `CSP: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  page.on("requestfailed", (r) => {
    // ERR_ABORTED: the browser dropped a request still in flight when the test moved on
    // (the favicon during page.goto); a refused or broken request has another code.
    const error = r.failure()?.errorText ?? "";
    if (error !== "net::ERR_ABORTED") problems.push(`failed: ${r.url()} ${error}`);
  });
  page.on("response", (r) => {
    const document404 = allowDocument404 && r.request().resourceType() === "document";
    if (r.status() >= 400 && !(document404 && r.status() === 404)) {
      problems.push(`${r.status()}: ${r.url()}`);
    }
  });
  return problems;
}

test("in Chromium: every page, and client-side navigation between all of them, without a CSP violation, console error or failed request", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = await watchProblems(page);
  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  for (const start of pages) {
    await gotoHydrated(page, `${origin}${start}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const loaded = documents.length;
    for (const target of pages.filter((p) => p !== start)) {
      await page.evaluate((to) => {
        const w = window as unknown as {
          __reactRouterDataRouter: { navigate(to: string): Promise<void> };
        };
        return w.__reactRouterDataRouter.navigate(to);
      }, target);
      await expect(page).toHaveURL(`${origin}${target}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // Every move above happened in the page: no document was fetched.
    expect(documents.length, `from ${start}`).toBe(loaded);
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

  await gotoHydrated(page, `${origin}/`);
  const newsletter = page.getByRole("form", { name: "Stay in the Loop" });
  await expect(newsletter).toHaveAttribute("action", `${forms}/f/newsletter`);
  await newsletter.getByLabel("Email", { exact: true }).fill(email);
  await newsletter.getByRole("button", { name: newsletterMessages.subscribe }).click();
  await expect(newsletter.getByRole("status")).toHaveText(newsletterMessages.success);

  await gotoHydrated(page, `${origin}/contact`);
  await page.getByLabel("Name").fill("Pat Skater");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Subject").selectOption("general");
  await page.getByLabel("Message").fill("Hello from the static host.");
  await page.getByRole("button", { name: contactMessages.submit }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(required("CROSS_DATABASE_PATH"), { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT form FROM submissions WHERE data LIKE ? ORDER BY form")
      .all(`%${email}%`);
    expect(rows.map((r) => r.form)).toEqual(["contact", "newsletter"]);
  } finally {
    db.close();
  }
  expect(problems).toEqual([]);
});

test("screenshots through wrangler pages dev, at both sizes, an unknown path included", async ({
  browser,
}) => {
  await screenshotHost(browser, origin, "pages");
});
