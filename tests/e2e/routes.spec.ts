// Every route, hydrated, at a phone and a laptop width, on one page load each: its status,
// title and description, the facts it renders from the content module, the footer; and a
// full-page screenshot in reports/screenshots/ for people to look at (not a check). Run alone
// with `npm run test:e2e -- routes`. (The footer checks came here from footer.spec.ts, the
// screenshots from screenshots.spec.ts: one load serves all three.)

import { join } from "node:path";
import { browsedPages } from "../../app/site-pages.ts";
import { site } from "../support/e2e/content.ts";
import { expect, gotoHydrated, sizeName, test, viewports } from "../support/e2e/fixtures.ts";
import { screenshotDir as dir, pageName } from "../support/e2e/host-screenshots.ts";
import {
  expectFooter,
  expectRouteFacts,
  type RoutePath,
  routes,
  unknownPath,
} from "../support/e2e/site-facts.ts";

const pageKey = Object.fromEntries(browsedPages.map((page) => [page.path, page.content])) as Record<
  RoutePath,
  keyof typeof site.pages
>;

for (const viewport of [viewports.mobile, viewports.desktop]) {
  const size = sizeName(viewport);
  // The smoke pass of `npm run test:quick`: every page renders, hydrated, at both sizes.
  test.describe(`at ${size}`, { tag: "@smoke" }, () => {
    test.use({ viewport });

    for (const path of routes) {
      test(`${path} renders its facts and the footer`, async ({ page }) => {
        const response = await gotoHydrated(page, path);
        expect(response?.status()).toBe(200);
        const meta = site.pages[pageKey[path]];
        await expect(page).toHaveTitle(`${meta.title} | ${site.name}`);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          "content",
          meta.description,
        );
        await expectRouteFacts(page, path);
        await expectFooter(page);
        await page.screenshot({ path: join(dir, `${pageName(path)}-${size}.png`), fullPage: true });
      });
    }

    test(`${unknownPath} answers 404 and shows the footer`, async ({ page }) => {
      const response = await gotoHydrated(page, unknownPath);
      expect(response?.status()).toBe(404);
      await expectFooter(page);
      await page.screenshot({
        path: join(dir, `${pageName(unknownPath)}-${size}.png`),
        fullPage: true,
      });
    });

    if (viewport === viewports.mobile) {
      test("screenshot with the mobile menu open", async ({ page }) => {
        await gotoHydrated(page, "/");
        await page.getByRole("button", { name: "Menu" }).click();
        await page.screenshot({ path: join(dir, `menu-open-${size}.png`) });
      });
    }
  });
}
