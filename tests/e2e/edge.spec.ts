// The whole product as Cloudflare Workers runs it: the test build as static assets and the
// inbox as a Worker over D1 and the send_email binding (`wrangler dev`, local and offline,
// with the repository's wrangler.jsonc; tests/support/edge.ts). The same pages and policies
// as any host, and both forms, with and without JavaScript, stored in D1 and emailed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { contactMessages } from "../../rink/forms/contact.ts";
import { newsletterMessages } from "../../rink/forms/newsletter.ts";
import { type HeaderRules, parseHeadersFile } from "../../server/security-headers.ts";
import { testSiteDir } from "../support/build.ts";
import { expect, gotoHydrated, test, uniqueEmail, viewports } from "../support/e2e/fixtures.ts";
import {
  expectNotFoundServed,
  expectPagesServed,
  watchProblems,
} from "../support/e2e/host-checks.ts";
import { screenshotDir, screenshotHost } from "../support/e2e/host-screenshots.ts";
import { type RunningEdge, startEdge } from "../support/edge.ts";

// One Worker for the file: its tests share it, in one Playwright worker.
test.describe.configure({ mode: "serial" });

let edge: RunningEdge;
let rules: HeaderRules;

test.beforeAll(async () => {
  // Starting wrangler (the migrations applied first, then workerd) at the suite's start, beside
  // three workers launching Chromium, took over 90 s on a paravirtualised machine (the fresh-clone
  // run of 67ce09b). A time limit finds a hang; it is not a speed check (playwright.config.ts).
  test.setTimeout(180_000);
  edge = await startEdge({ siteDir: testSiteDir });
  rules = parseHeadersFile(readFileSync(join(testSiteDir, "_headers"), "utf8"));
});
test.afterAll(async () => {
  await edge?.stop();
});

/** The forms this email sent, as stored in D1. */
const storedFor = (email: string) =>
  edge
    .rows("SELECT form, data FROM submissions WHERE data LIKE ? ORDER BY form", `%${email}%`)
    .map((row) => ({ form: row.form, data: JSON.parse(String(row.data)) }));

test("every page answers 200 at its canonical URL and with a slash, with exactly its CSP", async ({
  request,
}) => {
  await expectPagesServed(request, edge.url, rules);
});

test("an unknown path answers 404 with the not-found page and its CSP; no SPA fallback", async ({
  request,
}) => {
  await expectNotFoundServed(request, edge.url, rules);
});

test("both forms reach the Worker's inbox from Chromium: stored in D1, emailed to the owner @smoke", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ viewport: viewports.mobile });
  const page = await context.newPage();
  const problems = await watchProblems(page);
  const email = uniqueEmail(testInfo);

  await gotoHydrated(page, `${edge.url}/`);
  const newsletter = page.getByRole("form", { name: "Stay in the Loop" });
  await newsletter.getByLabel("Email", { exact: true }).fill(email);
  await newsletter.getByRole("button", { name: newsletterMessages.subscribe }).click();
  await expect(newsletter.getByRole("status")).toHaveText(newsletterMessages.success);
  await newsletter.screenshot({ path: join(screenshotDir, "workers-newsletter-390x844.png") });

  await gotoHydrated(page, `${edge.url}/contact`);
  await page.getByLabel("Name").fill("Pat Skater");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Subject").selectOption("general");
  await page.getByLabel("Message").fill("Hello from the Worker.");
  await page.getByRole("button", { name: contactMessages.submit }).click();
  // The thank-you page opens at its top, its heading in view (not where the form's end was).
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  await page.screenshot({ path: join(screenshotDir, "workers-contact-thanks-390x844.png") });

  expect(storedFor(email)).toEqual([
    {
      form: "contact",
      data: { name: "Pat Skater", email, subject: "general", message: "Hello from the Worker." },
    },
    { form: "newsletter", data: { email } },
  ]);
  const mails = (await edge.waitForMails(2)).filter((m) => m.text.includes(email));
  expect(mails.map((m) => m.subject).toSorted()).toEqual([
    "Contact message from Pat Skater: General Question",
    `Newsletter signup: ${email}`,
  ]);
  expect(problems).toEqual([]);
  await context.close();
});

test("both forms work without JavaScript: a plain post, a redirect to the thank-you page", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    viewport: viewports.desktop,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const email = uniqueEmail(testInfo);

  await page.goto(`${edge.url}/`);
  const newsletter = page.getByRole("form", { name: "Stay in the Loop" });
  await newsletter.getByLabel("Email", { exact: true }).fill(email);
  await newsletter.getByRole("button", { name: newsletterMessages.subscribe }).click();
  await expect(page).toHaveURL(`${edge.url}/newsletter/thanks`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: join(screenshotDir, "workers-newsletter-thanks-1280x800.png") });

  await page.goto(`${edge.url}/contact`);
  await page.getByLabel("Name").fill("Sam Skater");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Subject").selectOption("general");
  await page.getByLabel("Message").fill("Hello without JavaScript.");
  await page.getByRole("button", { name: contactMessages.submit }).click();
  await expect(page).toHaveURL(`${edge.url}/contact/thanks`);
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeInViewport();
  await page.screenshot({ path: join(screenshotDir, "workers-contact-thanks-1280x800.png") });

  expect(storedFor(email).map((row) => row.form)).toEqual(["contact", "newsletter"]);

  // A refused post shows the inbox's own small page, its problems by label.
  await page.goto(`${edge.url}/contact`);
  await page.getByLabel("Name").fill("Sam Skater");
  await page.getByRole("textbox", { name: "Email" }).fill("sam@home");
  await page.getByLabel("Subject").selectOption("general");
  await page.getByLabel("Message").fill("Hello.");
  await page.getByRole("button", { name: contactMessages.submit }).click();
  await expect(page.getByRole("heading", { name: "Please check the form" })).toBeVisible();
  await expect(page.getByRole("listitem")).toHaveText(["Email should be an email"]);
  await context.close();
});

test("screenshots through the Worker, at both sizes, an unknown path included", async ({
  browser,
}) => {
  await screenshotHost(browser, edge.url, "workers");
});
