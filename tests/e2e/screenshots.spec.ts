// Not a check: full-page screenshots of every route at 390x844 and 1280x800, written to
// reports/screenshots/ for people to look at. Run alone with
//   npm run test:e2e -- screenshots
import { join, resolve } from "node:path";
import { gotoHydrated, test, viewports } from "./fixtures";
import { routes, unknownPath } from "./site-facts";

const dir = resolve(import.meta.dirname, "../../reports/screenshots");
const names: Record<string, string> = {
  "/": "home",
  "/about": "about",
  "/parties": "parties",
  "/policies": "policies",
  "/contact": "contact",
  [unknownPath]: "not-found",
};

for (const viewport of [viewports.mobile, viewports.desktop]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`screenshots at ${size}`, () => {
    test.use({ viewport });
    for (const path of [...routes, unknownPath]) {
      test(`${path}`, async ({ page }) => {
        await gotoHydrated(page, path);
        await page.screenshot({ path: join(dir, `${names[path]}-${size}.png`), fullPage: true });
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
