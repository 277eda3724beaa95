// Screenshots of the site as a host serves it (wrangler pages dev, Caddy), every route and an
// unknown path at 390x844 and 1280x800, into reports/screenshots/ for people to look at;
// each page must show its heading first (the not-found page its own).
import { join, resolve } from "node:path";
import type { Browser } from "@playwright/test";
import { expect, viewports } from "./fixtures.ts";
import { routes, unknownPath } from "./site-facts.ts";

/** Where the specs write screenshots for people to look at (not checked in). */
export const screenshotDir = resolve(import.meta.dirname, "../../../reports/screenshots");

/** A page's name in screenshot file names: "home", "about", …, "not-found". */
export const pageName = (path: string) =>
  path === "/" ? "home" : path === unknownPath ? "not-found" : path.slice(1);

export async function screenshotHost(browser: Browser, origin: string, host: string) {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    const context = await browser.newContext({ viewport, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    for (const path of [...routes, unknownPath]) {
      await page.goto(`${origin}${path}`);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toBeVisible();
      if (path === unknownPath) await expect(heading).toHaveText("Page not found");
      await page.screenshot({
        path: join(
          screenshotDir,
          `${host}-${pageName(path)}-${viewport.width}x${viewport.height}.png`,
        ),
      });
    }
    await context.close();
  }
}
