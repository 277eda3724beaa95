// A rink whose owner has listed no photos yet (issue 12): content/photos.yml empty, on a build
// of its own. Every page still reads well: About shows its drawing, Parties and Home simply
// go without, nothing asks for a photo, nothing overflows a phone. Full-page screenshots go to
// reports/screenshots/no-photos-*.png.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentDir } from "../../tooling/content/load.ts";
import { type ContentSite, serveContent } from "../support/e2e/content-site.ts";
import { expect, gotoHydrated, sizeName, test, viewports } from "../support/e2e/fixtures.ts";
import { pageName, screenshotDir } from "../support/e2e/host-screenshots.ts";

let served: ContentSite;
let dir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), "rink-no-photos-"));
  cpSync(contentDir, dir, { recursive: true });
  writeFileSync(join(dir, "photos.yml"), "{}\n");
  served = await serveContent(dir);
});

test.afterAll(async () => {
  await served?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

for (const viewport of [viewports.mobile, viewports.desktop]) {
  test(`every page reads well with no photo listed, at ${sizeName(viewport)}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/assets/photos/")) asked.push(r.url());
    });
    const broken: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400) broken.push(`${r.status()} ${r.url()}`);
    });

    for (const path of ["/", "/about", "/parties"]) {
      await gotoHydrated(page, `${served.url}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("main picture, main img")).toHaveCount(0);
      // Nothing wider than the screen, with or without photos.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(screenshotDir, `no-photos-${pageName(path)}-${sizeName(viewport)}.png`),
        fullPage: true,
      });
    }

    // About: the drawing in the gallery's place. Parties: no empty "party room" section.
    await gotoHydrated(page, `${served.url}/about`);
    await expect(page.getByRole("region", { name: "On the rink floor" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: /roller skate gliding across the rink floor/ }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Inside the rink" })).toHaveCount(0);
    await gotoHydrated(page, `${served.url}/parties`);
    await expect(page.getByRole("heading", { name: "The party room" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Availability" })).toBeVisible();

    expect(asked).toEqual([]);
    expect(broken).toEqual([]);
  });
}
