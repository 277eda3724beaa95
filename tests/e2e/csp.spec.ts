import type { Page } from "@playwright/test";
import { contactMessages } from "../../rink/forms/contact.ts";
import { newsletterMessages } from "../../rink/forms/newsletter.ts";
import { expect, test, uniqueEmail, viewports, waitForHydration } from "../support/e2e/fixtures.ts";
import { formsStoredFor } from "../support/e2e/host-checks.ts";
import { everyPage, unknownPath } from "../support/e2e/site-facts.ts";

// The Content-Security-Policy allows exactly what the site ships: Chromium reports no
// violation on any route, moving between them and sending both forms, and every page's
// script still runs. Also against a build whose forms post to another origin, as with the
// hosted form service (our own inbox stands in for it on another port).

const pages = everyPage.filter((path) => path !== unknownPath);

/** Collects CSP violations the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** The page's script runs (the mobile menu toggle works) and its islands have hydrated. */
async function expectHydrated(page: Page) {
  await waitForHydration(page);
  await page.setViewportSize(viewports.mobile);
  const toggle = page.getByRole("button", { name: "Menu" });
  await expect(async () => {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass();
  await toggle.click();
}

test("every route has a CSP without unsafe-inline or unsafe-eval for scripts or styles", async ({
  request,
}) => {
  for (const path of everyPage) {
    const response = await request.get(path);
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("base-uri 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc, path).toMatch(/'sha256-/);
    expect(scriptSrc, path).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The stylesheet written into the page is allowed by its hash, not by 'unsafe-inline'.
    const styleSrc = csp.split(";").find((d) => d.trim().startsWith("style-src")) ?? "";
    expect(styleSrc, path).toMatch(/'sha256-/);
    expect(styleSrc, path).not.toMatch(/unsafe-inline/);
  }
});

test("no violations on any route, through navigation, and every page hydrates", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  for (const path of pages) {
    await page.goto(path);
    await expectHydrated(page);
  }
  await page.goto("/");
  for (const name of ["About", "Parties", "Contact", "Home"]) {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Menu" })
      .click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name, exact: true })
      .last()
      .click();
  }
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

test("no violations when both forms are sent", async ({ page }, testInfo) => {
  const violations = await watchViolations(page);
  await page.goto("/");
  await expectHydrated(page);
  const newsletter = page.getByRole("form", { name: "Stay in the Loop" });
  await newsletter.getByLabel("Email", { exact: true }).fill(uniqueEmail(testInfo));
  await newsletter.getByRole("button", { name: newsletterMessages.subscribe }).click();
  await expect(newsletter.getByRole("status")).toHaveText(newsletterMessages.success);

  await page.goto("/contact");
  await expectHydrated(page);
  await page.setViewportSize(viewports.desktop);
  await page.getByLabel("Name").fill("Pat Skater");
  await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail(testInfo));
  await page.getByLabel("Subject").selectOption("general");
  await page.getByLabel("Message").fill("Hello from the CSP test.");
  await page.getByRole("button", { name: contactMessages.submit }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe("a build whose forms post to another origin", () => {
  test("hydrates, sends both forms there, and reports no violation", async ({ page }, testInfo) => {
    const site = process.env.CROSS_SITE_URL;
    const forms = process.env.CROSS_FORMS_URL;
    const database = process.env.CROSS_DATABASE_PATH;
    if (!site || !forms || !database)
      throw new Error("the global setup did not start the cross-origin pair");
    const violations = await watchViolations(page);

    const response = await page.goto(`${site}/`);
    expect(response?.headers()["content-security-policy"]).toContain(`connect-src 'self' ${forms}`);
    await expectHydrated(page);
    await page.setViewportSize(viewports.desktop);
    const email = uniqueEmail(testInfo);
    const newsletter = page.getByRole("form", { name: "Stay in the Loop" });
    await expect(newsletter).toHaveAttribute("action", `${forms}/f/newsletter`);
    const posted = page.waitForRequest(
      (r) => r.url() === `${forms}/f/newsletter` && r.method() === "POST",
    );
    await newsletter.getByLabel("Email", { exact: true }).fill(email);
    await newsletter.getByRole("button", { name: newsletterMessages.subscribe }).click();
    await posted;
    await expect(newsletter.getByRole("status")).toHaveText(newsletterMessages.success);

    await page.goto(`${site}/contact`);
    await page.getByLabel("Name").fill("Pat Skater");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Subject").selectOption("feedback");
    await page.getByLabel("Message").fill("Hello across origins.");
    await page.getByRole("button", { name: contactMessages.submit }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    expect(await formsStoredFor(database, email)).toEqual(["contact", "newsletter"]);
    expect(violations).toEqual([]);
  });
});
