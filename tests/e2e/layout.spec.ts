// No horizontal scrolling on the narrowest phones, menu open or closed.
import { expect, gotoHydrated, test, viewports } from "../support/e2e/fixtures.ts";
import { routes, unknownPath } from "../support/e2e/site-facts.ts";

test.use({ viewport: viewports.narrowest });

async function overflow(page: import("@playwright/test").Page) {
  return page.evaluate(() => ({
    document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    body: document.body.scrollWidth - document.documentElement.clientWidth,
  }));
}

for (const path of [...routes, unknownPath]) {
  test(`${path} does not scroll sideways at 320 px`, async ({ page }) => {
    await gotoHydrated(page, path);
    expect(await overflow(page)).toEqual({ document: 0, body: 0 });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(await overflow(page)).toEqual({ document: 0, body: 0 });
    // Every question opened (Parties' guide, issue 34): a long answer wraps, never widens.
    await page.locator("main details").evaluateAll((all) => {
      for (const d of all) (d as HTMLDetailsElement).open = true;
    });
    expect(await overflow(page)).toEqual({ document: 0, body: 0 });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const path of routes) {
    test(`${path} does not scroll sideways at 320 px`, async ({ page }) => {
      await page.goto(path);
      expect(await overflow(page)).toEqual({ document: 0, body: 0 });
    });
  }
});
