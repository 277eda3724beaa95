// Unknown paths: HTTP 404 from the server and a helpful screen (home, contact, phone).

import { formatPhone, telHref } from "../../app/lib/phone.ts";
import { site } from "../support/e2e/content.ts";
import { expect, gotoHydrated, test } from "../support/e2e/fixtures.ts";
import { mainPhone } from "../support/e2e/shared-facts.ts";
import { unknownPath } from "../support/e2e/site-facts.ts";

test("the server answers 404 for unknown paths", async ({ request }) => {
  for (const path of [unknownPath, "/about/team", "/404", "/index.php", "/assets/missing.js"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
  const page = await request.get(unknownPath);
  expect(page.headers()["content-type"]).toContain("text/html");
  expect(await page.text()).toContain("Page not found");
});

test("the not-found screen links home and to contact and shows the phone", async ({ page }) => {
  const response = await gotoHydrated(page, unknownPath);
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`${site.pages.notFound.title} | ${site.name}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(main.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("link", { name: formatPhone(mainPhone.number) })).toHaveAttribute(
    "href",
    telHref(mainPhone.number),
  );
  // The shared layout is there too.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await expect(page.getByRole("contentinfo")).toBeVisible();

  await main.getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
});
