// The footer's copyright year, and /policies left out of the navigation and the footer.
import { footerLinks } from "../../app/content/navigation.ts";
import { expect, gotoHydrated, test, viewports } from "../support/e2e/fixtures.ts";
import { expectFooter, expectRouteFacts, routes, unknownPath } from "../support/e2e/site-facts.ts";

const everyPath = [...routes, unknownPath];

// Every route's footer is checked on its own page load in routes.spec.ts.
test.describe("footer", () => {
  test.use({ viewport: viewports.mobile });

  test("the hydrated page shows the visitor's year, even when the build is older", async ({
    page,
  }) => {
    const later = new Date().getFullYear() + 15;
    await page.clock.setFixedTime(new Date(`${later}-07-04T12:00:00`));
    await gotoHydrated(page, "/");
    await expectFooter(page, later);
  });
});

test.describe("/policies", () => {
  test("renders, but no navigation or footer link points to it", async ({ page }) => {
    const response = await page.goto("/policies");
    expect(response?.status()).toBe(200);
    await expectRouteFacts(page, "/policies");
    for (const path of everyPath) {
      await page.goto(path);
      const links = page.locator("header a, footer a");
      await expect(links.first()).toBeAttached();
      const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
      expect(
        hrefs.filter((href) => /policies/i.test(href)),
        `links to /policies on ${path}`,
      ).toEqual([]);
    }
    // The footer's quick links are exactly the spec's four, Policies not among them, and
    // issue 34's Events after them.
    expect(footerLinks.map((l) => l.label)).toEqual([
      "Home",
      "About",
      "Birthday Parties",
      "Contact",
      "Events",
    ]);
  });
});
