// Performance rules the browser can check (issue 4; the byte budgets are scripts/budgets.ts
// and the Lighthouse scores `npm run audit`), the first four on one page load per page and size:
//   - no request ever goes to another origin: on load, after hydration, scrolled to the end,
//     and on hover-prefetch of every internal address (with the mobile menu open);
//   - nothing blocks rendering: the one stylesheet is written into the page, and hydration
//     keeps it without fetching or adding another;
//   - every script the page runs is named in its HTML (so the budgets count all of it);
//   - no layout shift (CLS 0), including when the open-now status appears after hydration,
//     open and closed, with the whole page in view;
//   - nothing wakes ICU on the way to a working page: the first Intl formatter with a time
//     zone or the first localeCompare is the longest task of a phone's start (~250 and ~80 ms
//     at Lighthouse's 4x slowdown); the rink's clock comes from the build's offset table;
//   - React only when touched (issue 43): a page read to the end without touching its form
//     asks for none of its island's code, and the first tap or click in the form loads it.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { sitePages } from "../../app/site-pages.ts";
import { testSiteDir } from "../support/build.ts";
import { expect, gotoHydrated, sizeName, test, viewports } from "../support/e2e/fixtures.ts";
import {
  loadBeforeHydration,
  recordShifts,
  shiftsSoFar,
  twoFrames,
} from "../support/e2e/layout-shift.ts";
import { everyPage, unknownPath } from "../support/e2e/site-facts.ts";
import {
  assetsNamedBy,
  importsOf,
  islandAssetsNamedBy,
  withImports,
} from "../support/page-scripts.ts";

const pages = everyPage;

/** Waits until the footer's open-now status (rendered after hydration) is on the page. */
async function settled(page: Page) {
  await expect(
    page.getByRole("contentinfo").locator("p", { hasText: /^(Open now until|Closed)/ }),
  ).toBeVisible();
}

/** Counts every Intl formatter or collator and every toLocale…String call, from the start. */
function watchIcu() {
  const used: string[] = [];
  (window as unknown as { icuUsed: string[] }).icuUsed = used;
  const watch = <T extends object>(owner: T, key: keyof T & string, label: string) => {
    const original = owner[key] as unknown as (...args: unknown[]) => unknown;
    Object.defineProperty(owner, key, {
      configurable: true,
      writable: true,
      value: new Proxy(original, {
        apply(target, self, args) {
          used.push(label);
          return Reflect.apply(target, self, args);
        },
        construct(target, args, newTarget) {
          used.push(label);
          return Reflect.construct(target, args, newTarget);
        },
      }),
    });
  };
  for (const name of ["DateTimeFormat", "Collator", "NumberFormat", "PluralRules"] as const)
    watch(Intl, name, `Intl.${name}`);
  watch(String.prototype, "localeCompare", "localeCompare");
  for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] as const)
    watch(Date.prototype, name, `Date.${name}`);
  watch(Number.prototype, "toLocaleString", "Number.toLocaleString");
}

/** What the page's own HTML asks for before first paint, and what the browser reports. */
async function expectNothingBlocksRendering(page: Page, path: string, html: string) {
  // What the browser itself reports as render-blocking: nothing, not even a stylesheet.
  const blocking = await page.evaluate(() =>
    (
      performance.getEntriesByType("resource") as (PerformanceResourceTiming & {
        renderBlockingStatus?: string;
      })[]
    )
      .filter((e) => e.renderBlockingStatus === "blocking")
      .map((e) => new URL(e.name).pathname),
  );
  expect(blocking).toEqual([]);

  // The stylesheet is in the head, styles the page, and hydration kept the one copy.
  const styles = page.locator("head style");
  await expect(styles).toHaveCount(1);
  expect((await styles.textContent())?.length ?? 0).toBeGreaterThan(5_000);
  await expect(page.getByRole("banner")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

  // And what the HTML asks for: one stylesheet, no parser-blocking external script.
  const headHtml = html.slice(0, html.indexOf("</head>"));
  expect(html, "stylesheet links in the document").not.toMatch(/<link\b[^>]*\brel="stylesheet"/);
  const inline = [...headHtml.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
  expect(inline, `stylesheets written into the head of ${path}`).toHaveLength(1);
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)) {
    expect(tag, "an external script must not block the parser").toMatch(
      /\btype="module"|\basync\b|\bdefer\b/,
    );
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    // Inline scripts: the one-line "js" class marker, the announcement's window, JSON-LD,
    // the rink's hours (JSON), Astro's island loader and the page's own module; none of them
    // fetches anything before first paint.
    if (/\bsrc=/.test(tag)) continue;
    expect(tag).toMatch(/^<script( type="(module|application\/(ld\+)?json)")?( id="[^"]+")?>$/);
  }
  expect(headHtml).not.toMatch(
    /<link\b[^>]*\brel="(preload|preconnect|dns-prefetch)"[^>]*\bhref="(https?:)?\/\//,
  );

  // The stylesheet pulls in nothing more: no @import, no web font, no remote url().
  const css = inline[0]?.[1] ?? "";
  expect(css).not.toMatch(/@import/);
  expect(css).not.toMatch(/@font-face/);
  expect(css).not.toMatch(/url\((["']?)(https?:)?\/\//);
}

/** Stops and records every request to another origin, so even a failing run never reaches the internet. */
async function blockOtherOrigins(context: BrowserContext, own: string): Promise<string[]> {
  const foreign: string[] = [];
  await context.route(
    (url) => !["data:", "blob:"].includes(url.protocol) && url.origin !== own,
    (route) => {
      foreign.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
  return foreign;
}

/** The requests, of those the page made, that went to another origin than `own`. */
const elsewhere = (requested: string[], own: string) =>
  requested.filter((url) => !url.startsWith("data:") && new URL(url).origin !== own);

// One page load per page and size serves four rules: no request to another origin (on load,
// after hydration, scrolled to the end); nothing blocks rendering; every script the page ran is
// named in its HTML; no Intl formatter or collator until the page works. Hover-prefetch is the
// describe after this one.
test.describe("loading and hydrating", () => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    for (const path of pages) {
      test(`${path} at ${sizeName(viewport)}`, async ({ page, context, baseURL, request }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript(watchIcu);
        const own = new URL(baseURL ?? "").origin;
        const requested: string[] = [];
        page.on("request", (r) => requested.push(r.url()));
        const foreign = await blockOtherOrigins(context, own);

        await gotoHydrated(page, path);
        await settled(page);
        expect(
          await page.evaluate(() => (window as unknown as { icuUsed: string[] }).icuUsed),
          "Intl formatters, collators or toLocale…String calls on the way to a working page",
        ).toEqual([]);
        const assets = requested
          .map((url) => new URL(url))
          .filter(
            (url) =>
              url.origin === own &&
              (url.pathname.startsWith("/assets/") || url.pathname.endsWith(".js")),
          )
          .map((url) => url.pathname);
        expect(assets.filter((a) => a.endsWith(".css"))).toEqual([]);
        const html = await (await request.get(path)).text();
        const codeOf = new Map<string, string>();
        await expectNothingBlocksRendering(page, path, html);
        // Every script the page ran is named in its HTML or imported by one that is, so
        // scripts/budgets.ts counts it all.
        const read = (asset: string) => {
          const code = codeOf.get(asset);
          if (code === undefined) throw new Error(`${asset} was not fetched first`);
          return code;
        };
        for (const asset of assetsNamedBy(html)) {
          if (asset.endsWith(".js")) codeOf.set(asset, await (await request.get(asset)).text());
        }
        for (let grew = true; grew; ) {
          grew = false;
          for (const [asset, code] of [...codeOf]) {
            for (const imported of importsOf(asset, code)) {
              if (codeOf.has(imported)) continue;
              codeOf.set(imported, await (await request.get(imported)).text());
              grew = true;
            }
          }
        }
        const counted = withImports(assetsNamedBy(html), read);
        for (const asset of assets.filter((a) => a.endsWith(".js"))) {
          expect([...counted], `${asset}, run by ${path}, is counted by the budgets`).toContain(
            asset,
          );
        }

        await page.mouse.wheel(0, 20_000);
        await page.waitForLoadState("networkidle");

        expect(foreign).toEqual([]);
        expect(elsewhere(requested, own)).toEqual([]);
        // The listener heard the page load: every script its HTML names was requested (was
        // "more than 3 requests", which counted the favicon only the full browser asks for).
        const named = [...assetsNamedBy(html)].filter((a) => a.endsWith(".js"));
        expect(named.length, "the HTML names its scripts").toBeGreaterThan(0);
        const heard = requested.map((url) => new URL(url).pathname);
        for (const script of named)
          expect(heard, "the page did load its scripts").toContain(script);
      });
    }
  }
});

// A visitor who reads a page with a form to the end, a screen at a time, and never touches the
// form gets none of its island's code (React and the form's component, about 60 KiB): the
// network shows no request for it, and the island is still as built. Then the first tap (a
// phone) or click (a laptop) in the form asks for it and the island hydrates. The bytes are
// scripts/budgets.ts's (10 KB read to the end, 70 KB once touched).
test.describe("React only when touched", () => {
  const withIslands = sitePages.filter((p) => "shell" in p && p.shell).map((p) => p.path);
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    for (const path of withIslands) {
      test(`${path} at ${sizeName(viewport)}: read to the end, no island code; the first tap in the form loads it`, async ({
        browser,
        baseURL,
        request,
      }) => {
        const mobile = viewport === viewports.mobile;
        const context = await browser.newContext({
          baseURL,
          viewport,
          isMobile: mobile,
          hasTouch: mobile,
        });
        try {
          const page = await context.newPage();
          // A context of its own (a phone is isMobile from its start): its errors checked here.
          const errors: string[] = [];
          page.on("pageerror", (e) => errors.push(e.message));
          page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
          const island = islandAssetsNamedBy(await (await request.get(path)).text());
          expect(island.size, `${path} places an island`).toBeGreaterThan(0);
          const asked: string[] = [];
          page.on("request", (r) => {
            const { pathname } = new URL(r.url());
            if (island.has(pathname)) asked.push(pathname);
          });
          await page.goto(path);
          await page.waitForLoadState("networkidle");
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0; y <= height; y += viewport.height / 2) {
            await page.evaluate((top) => window.scrollTo(0, top), y);
            await page.waitForTimeout(50);
          }
          await page.waitForLoadState("networkidle");
          await page.waitForTimeout(300);
          expect(asked, "the island's code, read to the end without touching the form").toEqual([]);
          await expect(page.locator("astro-island[ssr]")).toHaveCount(1);

          const field = page.locator("astro-island form input:visible").first();
          if (mobile) await field.tap();
          else await field.click();
          await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
          expect(new Set(asked), "the touch loads the island's code").toEqual(island);
          await expect(field).toBeFocused();
          expect(errors, "errors in the browser").toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

// Hover-prefetch fetches each page ahead and sends nothing to another origin: every internal
// address linked from any page is hovered once per size (with the mobile menu open), and the
// page it names is fetched, not navigated to, before the next hover. Once per address, not
// per page: what a prefetch fetches depends only on where the link points, and every page
// runs the same prefetch code (app/browser/prefetch.ts); until 2026-11-26 each page's test
// above hovered its own links, the same addresses eleven times over. Until 2026-11-27 the
// check was only that more pages were fetched than visited, and each hover rested a fixed
// 150 ms: on a busy machine the next hover could cancel a prefetch not yet started.
test.describe("hover-prefetch", () => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    test(`every internal address, hovered on the pages that link it, is fetched ahead at ${sizeName(viewport)}`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      const own = new URL(baseURL ?? "").origin;
      const requested: string[] = [];
      page.on("request", (r) => requested.push(r.url()));
      const foreign = await blockOtherOrigins(context, own);
      const hovered = new Set<string>();
      const prefetched: string[] = [];
      for (const path of pages) {
        await gotoHydrated(page, path);
        if (viewport === viewports.mobile) {
          await page
            .getByRole("navigation", { name: "Main" })
            .getByRole("button", { name: "Menu" })
            .click();
        }
        for (const link of await page.locator('a[href^="/"]:visible').all()) {
          const href = (await link.getAttribute("href")) ?? "";
          if (hovered.has(href)) continue;
          hovered.add(href);
          const target = new URL(href, own).pathname;
          // A link to this page (a fragment of it) or to a file is not fetched ahead.
          if (target === new URL(page.url()).pathname || /\.\w+$/.test(target)) {
            await link.hover();
            continue;
          }
          const fetchedAhead = page.waitForRequest(
            (r) => !r.isNavigationRequest() && new URL(r.url()).pathname === target,
            { timeout: 10_000 },
          );
          await link.hover();
          await fetchedAhead.catch(() => {
            throw new Error(`${target}, hovered on ${path}, was not fetched ahead within 10 s`);
          });
          prefetched.push(target);
        }
        await page.waitForLoadState("networkidle");
      }
      expect(hovered.size, "internal addresses hovered").toBeGreaterThan(8);
      expect(prefetched.length, "pages fetched ahead").toBeGreaterThan(5);
      expect(foreign).toEqual([]);
      expect(elsewhere(requested, own)).toEqual([]);
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
    test(`${path} at ${sizeName(viewport)}: no shift on hydration, open and closed`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(recordShifts);
      for (const [state, time] of Object.entries(clocks)) {
        await page.clock.setFixedTime(time);
        // What is measured is what hydration and the open-now status change, not the
        // half-built frames a busy machine paints while the parser yields.
        const { shiftsWhileParsing: before, hydrate } = await loadBeforeHydration(page, path);
        if (before > 0) {
          test.info().annotations.push({
            type: "layout shift while the HTML was parsed",
            description: `${before} on ${path} at ${sizeName(viewport)} (${state})`,
          });
        }
        await hydrate();
        await expect(
          page.getByRole("contentinfo").locator("p", {
            hasText: state === "open" ? /^Open now/ : /^Closed/,
          }),
        ).toBeVisible();
        // Anything that would move after the status renders, too.
        await twoFrames(page);
        await page.waitForTimeout(250);
        const after = (await shiftsSoFar(page)).slice(before);
        expect(after, `layout shifts on ${path} after hydration while ${state}`).toEqual([]);
        await page.unrouteAll();
      }
    });
  }
});

// On a slow network the HTML comes in pieces, and the browser paints what it has parsed. The
// first paint waits for <main> (rel="expect" in app/layouts/site.astro): before it, a header
// painted with Call Now but not yet the menu button moved when the button came (Lighthouse
// once measured CLS 0.008 on the home page).
test("a page whose HTML pauses in the middle of the header paints no half-built header", async ({
  page,
  baseURL,
}) => {
  const built = readFileSync(join(testSiteDir, "index.html"), "utf8");
  const cut = built.indexOf("Call Now</a>") + "Call Now</a>".length;
  expect(cut, "the header's Call Now link").toBeGreaterThan(20);
  expect(built.indexOf('id="main"')).toBeGreaterThan(cut);
  // The home page in two pieces half a second apart; everything else from the test server.
  const server = createServer(async (req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(built.slice(0, cut));
      setTimeout(() => res.end(built.slice(cut)), 500);
      return;
    }
    // Everything else as the site answers it, a POST too (the page's beacon).
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(new URL(req.url ?? "/", baseURL), {
      method: req.method ?? "GET",
      headers: { "content-type": req.headers["content-type"] ?? "text/plain" },
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  try {
    const { port } = server.address() as AddressInfo;
    await page.setViewportSize(viewports.mobile);
    await page.addInitScript(recordShifts);
    await page.goto(`http://127.0.0.1:${port}/`);
    await settled(page);
    await twoFrames(page);
    expect(await shiftsSoFar(page)).toEqual([]);
  } finally {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
});
