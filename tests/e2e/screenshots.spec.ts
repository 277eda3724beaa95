// Not a check: full-page screenshots of every route at 390x844 and 1280x800, written to
// reports/screenshots/ for people to look at. Run alone with
//   npm run test:e2e -- screenshots
import { join } from "node:path";
import { gotoHydrated, test, viewports } from "./fixtures";
import { screenshotDir as dir, pageName } from "./host-screenshots";
import { routes, unknownPath } from "./site-facts";

for (const viewport of [viewports.mobile, viewports.desktop]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`screenshots at ${size}`, () => {
    test.use({ viewport });
    for (const path of [...routes, unknownPath]) {
      test(`${path}`, async ({ page }) => {
        await gotoHydrated(page, path);
        await page.screenshot({ path: join(dir, `${pageName(path)}-${size}.png`), fullPage: true });
      });
    }
    if (viewport === viewports.mobile) {
      test("mobile menu open", async ({ page }) => {
        await gotoHydrated(page, "/");
        await page.getByRole("button", { name: "Menu" }).click();
        await page.screenshot({ path: join(dir, `menu-open-${size}.png`) });
      });
    }
  });
}
