// Links: View Hours reaches the sessions with and without JavaScript; tel: links are E.164
// numbers from the content; external links open safely.
import type { Page } from "@playwright/test";
import { site } from "../support/e2e/content.ts";
import { expect, gotoHydrated, test, viewports } from "../support/e2e/fixtures.ts";
import { routes, unknownPath } from "../support/e2e/site-facts.ts";

const everyPath = [...routes, unknownPath];
const numbers = site.phones.map((p) => `tel:${p.number}`);

/** True when the page has not scrolled during the last 300 ms (works without JavaScript). */
async function scrollSettled(page: Page) {
  const before = await page.evaluate(() => window.scrollY);
  await new Promise((done) => setTimeout(done, 300));
  return (await page.evaluate(() => window.scrollY)) === before;
}

for (const javaScriptEnabled of [true, false]) {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    const size = `${viewport.width}x${viewport.height}`;
    test.describe(`View Hours at ${size} with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("goes to #hours, the sessions section, in sight below the header", async ({ page }) => {
        if (javaScriptEnabled) await gotoHydrated(page, "/");
        else await page.goto("/");
        const sessions = page.getByRole("heading", { name: "Public Skating Sessions" });
        await expect(sessions).not.toBeInViewport();
        await page.getByRole("link", { name: "View Hours" }).click();
        await expect(page).toHaveURL(/\/#hours$/);
        await expect(page.locator("#hours")).toContainText("Public Skating Sessions");
        await expect(sessions).toBeInViewport();
        // Once the (smooth) scroll has come to rest, the heading is not under the sticky header.
        await expect.poll(() => scrollSettled(page)).toBe(true);
        const headerBottom = await page
          .locator("header")
          .evaluate((el) => el.getBoundingClientRect().bottom);
        const headingTop = await sessions.evaluate((el) => el.getBoundingClientRect().top);
        expect(headingTop, "heading top vs. the sticky header's bottom").toBeGreaterThanOrEqual(
          headerBottom,
        );
      });
    });
  }
}

for (const path of everyPath) {
  test(`${path}: tel: links are E.164 numbers from the content; external links use noopener`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(path);
    const hrefs = await page.locator("a[href]").evaluateAll((all) =>
      all.map((a) => ({
        href: a.getAttribute("href") ?? "",
        rel: a.getAttribute("rel") ?? "",
        target: a.getAttribute("target") ?? "",
        text: a.textContent ?? "",
      })),
    );
    const tel = hrefs.filter((a) => a.href.startsWith("tel:"));
    expect(tel.length, "every page offers at least one phone link").toBeGreaterThan(0);
    for (const link of tel) {
      expect(link.href, `"${link.text}"`).toMatch(/^tel:\+1\d{10}$/);
      expect(numbers, `"${link.text}"`).toContain(link.href);
    }
    const origin = new URL(baseURL ?? "").origin;
    for (const link of hrefs) {
      if (!/^https?:/i.test(link.href) && !link.href.startsWith("//")) continue;
      if (new URL(link.href, origin).origin === origin) continue;
      expect(link.rel.split(/\s+/), `rel of ${link.href}`).toContain("noopener");
    }
  });
}

test("the address links to directions on Home, Contact and in the footer", async ({ page }) => {
  for (const path of ["/", "/contact"]) {
    await page.goto(path);
    const directions = page.locator('a[href^="https://www.google.com/maps/dir/"]');
    // The page's own address link and the footer's.
    expect(await directions.count(), path).toBeGreaterThanOrEqual(2);
    for (const link of await directions.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
      expect(decodeURIComponent((await link.getAttribute("href")) ?? "")).toContain(
        site.address.mapsQuery,
      );
    }
  }
});

test("every link within the site leads to a page that answers, and an anchor to its place", async ({
  page,
  request,
}) => {
  // The privacy notice, the text-alert terms and the owner's [links](/path) among them.
  const pages = new Map<string, Promise<{ status: number; html: string }>>();
  const fetched = (path: string) => {
    if (!pages.has(path)) {
      pages.set(
        path,
        request.get(path).then(async (r) => ({ status: r.status(), html: await r.text() })),
      );
    }
    return pages.get(path) as Promise<{ status: number; html: string }>;
  };
  for (const path of everyPath) {
    await page.goto(path);
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
    for (const href of hrefs) {
      if (href.startsWith("#")) {
        await expect(page.locator(`[id="${href.slice(1)}"]`), `${href} on ${path}`).toHaveCount(1);
        continue;
      }
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      const url = new URL(href, `http://site${path}`);
      const target = await fetched(url.pathname);
      expect(target.status, `${href} on ${path}`).toBe(200);
      if (url.hash)
        expect(target.html, `${href} on ${path}`).toContain(`id="${url.hash.slice(1)}"`);
    }
  }
  expect([...pages.keys()]).toEqual(expect.arrayContaining(["/privacy", "/text-alerts"]));
});
