// An old tab after a new deploy: the About route's lazy chunk is gone from the server.
// Clicking About must reload the page once and leave the visitor on the About content,
// not on a blank or broken screen and not back where they came from.
//
// The request for that one chunk is answered 404 by page.route: intercepting our own
// asset is how this spec simulates the deploy that removed it, nothing else is mocked.
import { site } from "./content";
import { expect, gotoHydrated, test, viewports } from "./fixtures";

test.use({
  viewport: viewports.desktop,
  // The browser reports the missing chunk, and React Router says it reloads: expected here.
  allowedConsoleErrors: new RegExp(
    [
      "Failed to load resource: the server responded with a status of 404",
      "Error loading route module .*reloading page",
      "Failed to fetch dynamically imported module",
      "error loading dynamically imported module",
    ].join("|"),
    "i",
  ),
});

test("a missing route chunk reloads at most once and the visitor sees About", async ({ page }) => {
  await gotoHydrated(page, "/");
  const aboutModule = await page.evaluate(() => {
    const w = window as { __reactRouterManifest?: { routes: Record<string, { module: string }> } };
    return w.__reactRouterManifest?.routes["routes/about"]?.module;
  });
  expect(aboutModule, "the About route's module in React Router's manifest").toMatch(
    /^\/assets\/about-.+\.js$/,
  );
  const chunkUrl = new URL(aboutModule ?? "", page.url()).href;
  await page.route(chunkUrl, (route) =>
    route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" }),
  );

  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents.push(new URL(request.url()).pathname);
    }
  });

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "About", exact: true })
    .click();

  // Give a reload loop time to show itself before counting the full page loads.
  await page.waitForLoadState("load");
  await page.waitForTimeout(2_000);
  // At most one full page load, and that one is of /about, not of the page the visitor left.
  // (An app that never hits the missing chunk needs no reload at all; that passes too.)
  expect(documents.length, `full page loads after the click: ${documents}`).toBeLessThanOrEqual(1);
  expect(
    documents.filter((path) => path !== "/about"),
    "full page loads not of /about",
  ).toEqual([]);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`About ${site.name}`);
  await expect(page.getByRole("main")).toContainText(site.mission);
});
