// Performance rules the browser can check (issue 4; the byte budgets are scripts/budgets.ts
// and the Lighthouse scores `npm run audit`):
//   - no request ever goes to another origin: on load, after hydration, on hover-prefetch of
//     every internal link and with the mobile menu open;
//   - nothing blocks rendering but the one stylesheet;
//   - every script the page runs is named in its HTML (so the budgets count all of it);
//   - no layout shift (CLS 0), including when the open-now status appears after hydration,
//     open and closed, with the whole page in view.
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test, viewports } from "./fixtures";
import { routes, unknownPath } from "./site-facts";

const pages = [...routes, "/contact/thanks", "/newsletter/thanks", unknownPath];
const sizeName = (v: { width: number; height: number }) => `${v.width}x${v.height}`;

/** Waits until the footer's open-now status (rendered after hydration) is on the page. */
async function settled(page: Page) {
  await expect(
    page.getByRole("contentinfo").locator("p", { hasText: /^(Open now until|Closed)/ }),
  ).toBeVisible();
}

test.describe("no request to another origin", () => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    for (const path of pages) {
      test(`${path} at ${sizeName(viewport)}`, async ({ page, context, baseURL }) => {
        await page.setViewportSize(viewport);
        const own = new URL(baseURL ?? "").origin;
        const requested: string[] = [];
        const foreign: string[] = [];
        page.on("request", (request) => requested.push(request.url()));
        // Stopped here as well as recorded, so even a failing run never reaches the internet.
        await context.route(
          (url) => !["data:", "blob:"].includes(url.protocol) && url.origin !== own,
          (route) => {
            foreign.push(route.request().url());
            return route.abort("blockedbyclient");
          },
        );

        await gotoHydrated(page, path);
        await settled(page);
        if (viewport === viewports.mobile) {
          await page
            .getByRole("navigation", { name: "Main" })
            .getByRole("button", { name: "Menu" })
            .click();
        }
        // Hover every visible internal link long enough for prefetch="intent" (100 ms).
        const links = page.locator('a[href^="/"]:visible');
        for (const link of await links.all()) {
          await link.hover();
          await page.waitForTimeout(150);
        }
        await page.mouse.wheel(0, 20_000);
        await page.waitForLoadState("networkidle");

        expect(foreign).toEqual([]);
        const elsewhere = requested.filter(
          (url) => !url.startsWith("data:") && new URL(url).origin !== own,
        );
        expect(elsewhere).toEqual([]);
        expect(requested.length, "the page did load its assets").toBeGreaterThan(3);
      });
    }
  }
});

test.describe("render-blocking", () => {
  for (const path of pages) {
    test(`${path}: only the stylesheet blocks rendering`, async ({ page, request }) => {
      const assets: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname.startsWith("/assets/"))
          assets.push(new URL(r.url()).pathname);
      });
      await gotoHydrated(page, path);
      await settled(page);

      // What the browser itself reports as render-blocking.
      const blocking = await page.evaluate(() =>
        (
          performance.getEntriesByType("resource") as (PerformanceResourceTiming & {
            renderBlockingStatus?: string;
          })[]
        )
          .filter((e) => e.renderBlockingStatus === "blocking")
          .map((e) => ({ url: new URL(e.name).pathname, type: e.initiatorType })),
      );
      expect(blocking).toHaveLength(1);
      expect(blocking[0]?.url).toMatch(/^\/assets\/[^/]+\.css$/);

      // And what the HTML asks for: one stylesheet, no parser-blocking external script.
      const html = await (await request.get(path)).text();
      const headHtml = html.slice(0, html.indexOf("</head>"));
      const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)];
      expect(stylesheets, "stylesheet links in the document").toHaveLength(1);
      expect(headHtml).toContain(stylesheets[0]?.[0]);
      for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
        expect(tag, "an external script must not block the parser").toMatch(
          /\btype="module"|\basync\b|\bdefer\b/,
        );
      }
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
        // Inline scripts: the one-line "js" class marker, JSON-LD, React Router's context
        // and module bootstrap; none of them fetches anything before first paint.
        if (/\bsrc=/.test(tag)) continue;
        expect(tag).toMatch(
          /^<script( type="(module|application\/ld\+json)")?( async="")?( id="[^"]+")?>$/,
        );
      }
      expect(headHtml).not.toMatch(
        /<link\b[^>]*\brel="(preload|preconnect|dns-prefetch)"[^>]*\bhref="(https?:)?\/\//,
      );

      // The stylesheet pulls in nothing more: no @import, no web font, no remote url().
      const cssPath = blocking[0]?.url ?? "";
      const css = await (await request.get(cssPath)).text();
      expect(css).not.toMatch(/@import/);
      expect(css).not.toMatch(/@font-face/);
      expect(css).not.toMatch(/url\((["']?)(https?:)?\/\//);

      // Every script the page ran is named in its HTML, so scripts/budgets.ts counts it all.
      for (const asset of assets.filter((a) => a.endsWith(".js"))) {
        expect(html, `${asset} is referenced by the HTML of ${path}`).toContain(asset);
      }
    });
  }
});

test.describe("layout shift", () => {
  // Times in the rink's zone (the tests run in America/Indiana/Indianapolis): a Saturday
  // afternoon session and a closed Tuesday, so both wordings of the status are measured.
  const clocks = {
    open: new Date("2026-11-21T13:00:00-05:00"),
    closed: new Date("2026-11-24T12:00:00-05:00"),
  };
  // Phone, tablet and laptop viewports on every page; and very tall ones, where the whole page
  // is in view (layout-shift entries only count what moves inside the viewport), on the pages
  // with a status in the main content as well as the footer's.
  const normal = [viewports.mobile, { width: 768, height: 1024 }, viewports.desktop];
  const tall = [
    { width: 390, height: 8000 },
    { width: 768, height: 6000 },
    { width: 1280, height: 5000 },
  ];
  const cases = [
    ...normal.flatMap((viewport) => pages.map((path) => ({ viewport, path }))),
    ...tall.flatMap((viewport) =>
      ["/", "/contact", unknownPath].map((path) => ({ viewport, path })),
    ),
  ];

  for (const { viewport, path } of cases) {
    test(`${path} at ${sizeName(viewport)}: CLS 0, open and closed`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const w = window as unknown as {
          __shifts: { at: number; value: number; sources: string[] }[];
        };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: {
              node?: Node;
              previousRect: DOMRectReadOnly;
              currentRect: DOMRectReadOnly;
            }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const rect = (r: DOMRectReadOnly) =>
              `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
            // A shift none of whose sources moved or resized by a whole pixel is not one a
            // visitor can see (Chromium now and then reports such a sub-pixel entry for a text
            // node during hydration): not counted, so the check stays exact and not flaky.
            const visible = (entry.sources ?? []).some(
              (s) => rect(s.previousRect) !== rect(s.currentRect),
            );
            if (entry.sources?.length && !visible) continue;
            w.__shifts.push({
              at: entry.startTime,
              value: entry.value,
              sources: (entry.sources ?? []).map(
                (s) =>
                  `${
                    s.node instanceof Element
                      ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].slice(0, 4).join(".")}`
                      : String(s.node?.nodeName)
                  } ${rect(s.previousRect)} → ${rect(s.currentRect)} at ${Math.round(entry.startTime)} ms`,
              ),
            });
          }
        }).observe({ type: "layout-shift", buffered: true });
        // When the parser finished, on the same clock as the shifts' startTime (page.clock fakes
        // performance.now(), not the events' timeStamp).
        document.addEventListener("readystatechange", (event) => {
          if (document.readyState === "interactive") {
            (w as unknown as { __parsed: number }).__parsed = event.timeStamp;
          }
        });
      });
      for (const [state, time] of Object.entries(clocks)) {
        await page.clock.setFixedTime(time);
        await gotoHydrated(page, path);
        await settled(page);
        await expect(
          page.getByRole("contentinfo").locator("p", {
            hasText: state === "open" ? /^Open now/ : /^Closed/,
          }),
        ).toBeVisible();
        // Two frames and a pause, for anything that would move after the status renders.
        await page.evaluate(
          () =>
            new Promise((done) =>
              requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300))),
            ),
        );
        // Shifts while the parser was still reading the HTML (it yields on a busy machine and
        // the browser may paint a half-built page) are the load's, not the page's: counted from
        // the end of parsing, which is when hydration and the open-now status come in.
        const { shifts, duringParsing } = await page.evaluate(() => {
          const all = (
            window as unknown as { __shifts: { at: number; value: number; sources: string[] }[] }
          ).__shifts;
          const parsed = (window as unknown as { __parsed?: number }).__parsed ?? 0;
          return {
            shifts: all
              .filter((s) => s.at >= parsed)
              .map(({ value, sources }) => ({ value, sources })),
            duringParsing: all.filter((s) => s.at < parsed).length,
          };
        });
        if (duringParsing > 0) {
          test.info().annotations.push({
            type: "layout shift while parsing",
            description: `${duringParsing} on ${path} while ${state}`,
          });
        }
        expect(shifts, `layout shifts on ${path} while ${state}`).toEqual([]);
      }
    });
  }
});
