// Every route renders its facts from the content module, at a phone and a laptop width.
import { site } from "./content";
import { expect, test, viewports } from "./fixtures";
import { expectRouteFacts, type RoutePath, routes } from "./site-facts";

const pageKey: Record<RoutePath, keyof typeof site.pages> = {
  "/": "home",
  "/about": "about",
  "/parties": "parties",
  "/policies": "policies",
  "/contact": "contact",
};

for (const viewport of [viewports.mobile, viewports.desktop]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const path of routes) {
      test(`${path} renders its facts`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        const meta = site.pages[pageKey[path]];
        await expect(page).toHaveTitle(`${meta.title} | ${site.name}`);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          "content",
          meta.description,
        );
        await expectRouteFacts(page, path);
      });
    }
  });
}
