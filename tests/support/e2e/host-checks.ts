// What every host of the built site must do, checked the same way for each (Cloudflare Pages
// in static-host.spec.ts, the Cloudflare Worker in edge.spec.ts, Caddy in caddy.spec.ts): every
// page at its URLs with exactly its policy, the not-found page for an unknown path, no problem
// in Chromium, and both forms reaching the inbox.
import type { APIRequestContext, Page } from "@playwright/test";
import { contactMessages } from "../../../rink/forms/contact.ts";
import { newsletterMessages } from "../../../rink/forms/newsletter.ts";
import { assetPolicy, type HeaderRules, headersFor } from "../../../server/security-headers.ts";
import { expect, gotoHydrated, readDatabase } from "./fixtures.ts";
import { everyPage, routes, unknownPath } from "./site-facts.ts";

export const pages = everyPage.filter((path) => path !== unknownPath);

export async function expectPagesServed(
  request: APIRequestContext,
  origin: string,
  rules: HeaderRules,
) {
  for (const path of pages) {
    const expected = headersFor(rules, `${path.replace(/\/$/, "")}/`)["Content-Security-Policy"];
    expect(expected, path).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    const forms = path === "/" ? ["/"] : [path, `${path}/`];
    for (const url of forms) {
      const response = await request.get(`${origin}${url}`, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      // One policy, not the wildcard's joined to the page's with a comma.
      expect(response.headers()["content-security-policy"], url).toBe(expected);
      // The browsed pages name this URL as canonical (the thank-you pages are not indexed).
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(await response.text());
      if ((routes as readonly string[]).includes(path)) {
        expect(new URL(canonical?.[1] ?? "/-", origin).pathname, url).toBe(path);
      }
    }
  }
}

export async function expectNotFoundServed(
  request: APIRequestContext,
  origin: string,
  rules: HeaderRules,
) {
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
}

/** CSP violations, failed requests and error answers a page meets, from before its first script. */
export async function watchProblems(page: Page, allowDocument404 = false): Promise<string[]> {
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

/**
 * Both forms sent as a visitor sends them from the site at `origin` (the signup on Home, a
 * message on Contact), each seen to succeed; `newsletterAction`, when given, is where the
 * signup form must post (another origin's inbox).
 */
export async function sendBothForms(
  page: Page,
  origin: string,
  {
    email,
    message,
    newsletterAction,
  }: { email: string; message: string; newsletterAction?: string },
) {
  await gotoHydrated(page, `${origin}/`);
  const newsletter = page.getByRole("form", { name: "Stay in the Loop" });
  if (newsletterAction) await expect(newsletter).toHaveAttribute("action", newsletterAction);
  await newsletter.getByLabel("Email", { exact: true }).fill(email);
  await newsletter.getByRole("button", { name: newsletterMessages.subscribe }).click();
  await expect(newsletter.getByRole("status")).toHaveText(newsletterMessages.success);

  await gotoHydrated(page, `${origin}/contact`);
  await page.getByLabel("Name").fill("Pat Skater");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Subject").selectOption("general");
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: contactMessages.submit }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
}

/** The forms ("contact", "newsletter") of the rows an inbox's SQLite file holds for `email`. */
export async function formsStoredFor(databasePath: string, email: string): Promise<string[]> {
  const rows = await readDatabase<{ form: string }>(
    databasePath,
    "SELECT form FROM submissions WHERE data LIKE ? ORDER BY form",
    `%${email}%`,
  );
  return rows.map((row) => row.form);
}
