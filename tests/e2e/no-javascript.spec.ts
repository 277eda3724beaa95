// Every route's content is there and readable with JavaScript disabled.
import { nav } from "../../app/content/navigation.ts";
import { expect, test, viewports } from "../support/e2e/fixtures.ts";
import { expectFooter, expectRouteFacts, routes, unknownPath } from "../support/e2e/site-facts.ts";

test.use({ javaScriptEnabled: false });

for (const viewport of [viewports.mobile, viewports.desktop]) {
  test.describe(`without JavaScript at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const path of routes) {
      test(`${path} shows its facts, the navigation and the footer`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expectRouteFacts(page, path);
        await expectFooter(page);
        const main = page.getByRole("navigation", { name: "Main" });
        for (const item of nav) {
          await expect(main.getByRole("link", { name: item.label, exact: true })).toBeVisible();
        }
      });
    }

    test("the not-found screen shows its links", async ({ page }) => {
      const response = await page.goto(unknownPath);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Contact us" })).toBeVisible();
    });
  });
}
