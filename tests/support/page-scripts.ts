// Which script files a built page loads: those its HTML names (its own script, the islands'
// code and renderer) and everything they import, statically or on demand; and which of them
// only an island's hydration loads. Shared by
// scripts/budgets.ts, which counts their bytes, and tests/e2e/performance.spec.ts, which
// checks in the browser that a page runs nothing else; and how a visitor touches the forms,
// for the budgets and bench:pages (js-on-the-wire.ts) alike.
import type { Page } from "playwright-core";

/**
 * The /assets/ files a page's HTML names (photos aside: they are not code), and any other
 * script of the site's it loads by its `src` (Home's /early-newsletter.js).
 */
export const assetsNamedBy = (html: string) =>
  new Set(
    [
      ...html.matchAll(/["'](\/assets\/(?!photos\/)[^"']+)["']/g),
      ...html.matchAll(/<script\b[^>]*\ssrc=["'](\/(?!\/)[^"']+)["']/g),
    ].map((m) => m[1] ?? ""),
  );

/**
 * The code a page's islands load when they hydrate (each <astro-island>'s component and
 * renderer, and Astro's island runtime, which the page's script fetches at a form's first use):
 * nothing a visitor receives before touching a form (client:touch, decisions 015 and 016).
 */
export const islandAssetsNamedBy = (html: string) =>
  new Set(
    [...html.matchAll(/<astro-island\b[^>]*>/g)].flatMap(([tag]) =>
      [...tag.matchAll(/\s(?:component-url|renderer-url|data-runtime)="([^"]+)"/g)].map(
        (m) => m[1] ?? "",
      ),
    ),
  );

/**
 * A script's own imports ("./react.Cx1.js" in /assets/x.js → "/assets/react.Cx1.js"), and the
 * scripts it names by address to fetch later (the page's script names the vitals' bundle,
 * app/browser/vitals-start.ts, as "/assets/vitals-start-….js").
 */
export function importsOf(asset: string, code: string): string[] {
  const dir = asset.slice(0, asset.lastIndexOf("/") + 1);
  return [
    ...[...code.matchAll(/(?:\bfrom|\bimport\(?)\s*["'](\.\/[^"']+\.js)["']/g)].map(
      (m) => dir + (m[1] ?? "").slice(2),
    ),
    ...[...code.matchAll(/["'`](\/assets\/[\w.-]+\.js)["'`]/g)].map((m) => m[1] ?? ""),
  ];
}

/** The assets a page names and, for its scripts, all they import in turn. */
export function withImports(named: Iterable<string>, read: (asset: string) => string) {
  const all = new Set(named);
  for (const asset of all) {
    if (asset.endsWith(".js")) for (const i of importsOf(asset, read(asset))) all.add(i);
  }
  return all;
}

/** The one rule Astro writes into a page with islands: no request, not our stylesheet. */
export const islandStyle =
  "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";

/** The page's HTML without Astro's island rule, for counting its stylesheets. */
export const withoutIslandStyle = (html: string) => html.replaceAll(islandStyle, "");

/**
 * A visitor who uses the forms: a finger on the first field of each island's form, until Astro
 * has taken `ssr` off every island (each hydrates on its form's first use). False when a tap
 * left an island as it was.
 */
export async function touchEachIsland(tab: Page): Promise<boolean> {
  const waiting = () => tab.locator("astro-island[ssr]").count();
  for (let left = await waiting(); left > 0; ) {
    await tab
      .locator("astro-island[ssr] form")
      .first()
      .locator("input:visible, select:visible, textarea:visible")
      .first()
      .tap();
    await tab
      .waitForFunction((n) => document.querySelectorAll("astro-island[ssr]").length < n, left, {
        timeout: 20_000,
      })
      .catch(() => {});
    const now = await waiting();
    if (now === left) return false;
    left = now;
  }
  return true;
}
