// Screenshots of the site as a host serves it (wrangler pages dev, Caddy), every route and an
// unknown path at 390x844 and 1280x800, into reports/screenshots/ for people to look at;
// each page must show its heading first (the not-found page its own).
import { join, resolve } from "node:path";
import type { Browser } from "@playwright/test";
import { expect, viewports } from "./fixtures";
import { routes, unknownPath } from "./site-facts";

const dir = resolve(import.meta.dirname, "../../reports/screenshots");

export async function screenshotHost(browser: Browser, origin: string, host: string) {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    const context = await browser.newContext({ viewport, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    for (const path of [...routes, unknownPath]) {
      await page.goto(`${origin}${path}`);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toBeVisible();
      if (path === unknownPath) await expect(heading).toHaveText("Page not found");
      const name = path === "/" ? "home" : path === unknownPath ? "not-found" : path.slice(1);
      await page.screenshot({
        path: join(dir, `${host}-${name}-${viewport.width}x${viewport.height}.png`),
      });
    }
    await context.close();
  }
}
