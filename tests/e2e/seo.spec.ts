// Search and sharing (issue 4), read from the built HTML as the server sends it (JavaScript
// off, so nothing the app does after hydration counts): each page's own title, description,
// canonical URL from the SITE_URL build setting, Open Graph and Twitter tags with the share
// image; JSON-LD checked against the content module; sitemap.xml, robots.txt, icons and the
// web manifest.

import type { APIRequestContext, Page } from "@playwright/test";
import { phoneByLabel } from "../../app/lib/phone.ts";
import { sitePages } from "../../app/site-pages.ts";
import { formatPrice } from "../../rink/format.ts";
import { siteUrl } from "../../tooling/site-url.ts";
import { site } from "../support/e2e/content.ts";
import { expect, gotoHydrated, test } from "../support/e2e/fixtures.ts";
import { routes, unknownPath } from "../support/e2e/site-facts.ts";

/** The address the build wrote into the pages: the same setting the global setup built with. */
const origin = siteUrl();

const indexable = [...routes];
// Every page of the one list (app/site-pages.ts); the 404 page at an unknown path.
const pageKeys = new Map<string, keyof typeof site.pages>(
  sitePages.map((page) => [page.kind === "not-found" ? unknownPath : page.path, page.content]),
);
const allPages = [...pageKeys.keys()];
const contentOf = (path: string) => site.pages[pageKeys.get(path) ?? "notFound"];
const notIndexed = allPages.filter((p) => !(indexable as string[]).includes(p));

const canonicalUrl = (path: string) => `${origin}${path}`;

test.use({ javaScriptEnabled: false });

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (attr: string, value: string) =>
      document.head.querySelector(`meta[${attr}="${value}"]`)?.getAttribute("content") ?? null;
    const links = (rel: string) =>
      [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => ({
        href: l.getAttribute("href") ?? "",
        type: l.getAttribute("type"),
        sizes: l.getAttribute("sizes"),
      }));
    return {
      lang: document.documentElement.lang,
      titles: [...document.head.querySelectorAll("title")].map((t) => t.textContent),
      title: document.title,
      description: meta("name", "description"),
      descriptions: document.head.querySelectorAll('meta[name="description"]').length,
      robots: meta("name", "robots"),
      viewport: meta("name", "viewport"),
      canonical: links("canonical").map((l) => l.href),
      og: Object.fromEntries(
        [...document.head.querySelectorAll('meta[property^="og:"]')].map((m) => [
          m.getAttribute("property"),
          m.getAttribute("content"),
        ]),
      ) as Record<string, string>,
      twitter: Object.fromEntries(
        [...document.head.querySelectorAll('meta[name^="twitter:"]')].map((m) => [
          m.getAttribute("name"),
          m.getAttribute("content"),
        ]),
      ) as Record<string, string>,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => s.textContent ?? "",
      ),
      icons: links("icon"),
      appleTouchIcon: links("apple-touch-icon"),
      manifest: links("manifest"),
    };
  });
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null;
  if (bytes.subarray(12, 16).toString("latin1") !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Fetches a URL the page names, from the test server, whatever origin the build wrote. */
async function fetchFromSite(request: APIRequestContext, url: string) {
  const path = url.startsWith(origin) ? url.slice(origin.length) || "/" : url;
  expect(path, `${url} is on this site`).toMatch(/^\/(?!\/)/);
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return response;
}

test.describe("every page", () => {
  for (const path of allPages) {
    test(`${path}: title, description, canonical, share tags`, async ({ page, request }) => {
      await page.goto(path);
      const tags = await head(page);
      const content = contentOf(path);
      const title = `${content.title} | ${site.name}`;

      expect(tags.lang).toBe("en-US");
      expect(tags.viewport).toBe("width=device-width, initial-scale=1");
      expect(tags.titles).toEqual([title]);
      expect(tags.descriptions).toBe(1);
      expect(tags.description).toBe(content.description);
      expect(tags.description?.length ?? 0).toBeGreaterThanOrEqual(50);
      expect(tags.description?.length ?? 0).toBeLessThanOrEqual(160);

      if (notIndexed.includes(path)) {
        expect(tags.robots).toBe("noindex");
        expect(tags.canonical).toEqual([]);
      } else {
        expect(tags.robots).toBeNull();
        expect(tags.canonical).toEqual([canonicalUrl(path)]);
      }

      expect(tags.og["og:title"]).toBe(title);
      expect(tags.og["og:description"]).toBe(content.description);
      expect(tags.og["og:type"]).toBe("website");
      expect(tags.og["og:site_name"]).toBe(site.name);
      if (!notIndexed.includes(path)) expect(tags.og["og:url"]).toBe(canonicalUrl(path));
      expect(tags.og["og:image"]).toBe(`${origin}/og-image.png`);
      expect(tags.og["og:image:width"]).toBe("1200");
      expect(tags.og["og:image:height"]).toBe("630");
      expect(tags.og["og:image:alt"]).toBeTruthy();
      expect(tags.twitter["twitter:card"]).toBe("summary_large_image");
      expect(tags.twitter["twitter:title"]).toBe(title);
      expect(tags.twitter["twitter:description"]).toBe(content.description);
      expect(tags.twitter["twitter:image"]).toBe(tags.og["og:image"]);

      const image = await fetchFromSite(request, tags.og["og:image"] ?? "");
      expect(image.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 });
    });
  }

  test("titles and descriptions are all different", async ({ page }) => {
    const seen: { path: string; title: string; description: string | null }[] = [];
    for (const path of allPages) {
      await page.goto(path);
      const tags = await head(page);
      seen.push({ path, title: tags.title, description: tags.description });
    }
    expect(new Set(seen.map((s) => s.title)).size, JSON.stringify(seen, null, 1)).toBe(
      allPages.length,
    );
    expect(new Set(seen.map((s) => s.description)).size, JSON.stringify(seen, null, 1)).toBe(
      allPages.length,
    );
  });

  test("the title and canonical stay the same once the page's script has run", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
    const page = await context.newPage();
    try {
      for (const path of allPages) {
        await gotoHydrated(page, path);
        const content = contentOf(path);
        await expect(page).toHaveTitle(`${content.title} | ${site.name}`);
        const canonical = page.locator('head link[rel="canonical"]');
        if (notIndexed.includes(path)) await expect(canonical).toHaveCount(0);
        else await expect(canonical).toHaveAttribute("href", canonicalUrl(path));
      }
    } finally {
      await context.close();
    }
  });
});

test.describe("JSON-LD", () => {
  const mainPhone = phoneByLabel(site.phones, "Main");
  const dayName = (day: string) => day[0]?.toUpperCase() + day.slice(1);
  const sessionPrices = site.sessions.map((s) => s.price);

  // What the content module says, written out here rather than from the helper under test.
  const expectedRink = {
    "@type": "SportsActivityLocation",
    name: site.name,
    url: `${origin}/`,
    telephone: mainPhone.number,
    priceRange: `${formatPrice(Math.min(...sessionPrices))}–${formatPrice(Math.max(...sessionPrices))}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: "US",
    },
    openingHoursSpecification: site.hours.flatMap((d) =>
      d.ranges.map((r) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${dayName(d.day)}`,
        opens: r.start,
        closes: r.end,
      })),
    ),
  };

  for (const path of allPages) {
    test(`${path}: the rink as a SportsActivityLocation`, async ({ page }) => {
      await page.goto(path);
      const blocks = (await head(page)).jsonLd.map((text) => JSON.parse(text));
      for (const block of blocks) expect(block["@context"]).toBe("https://schema.org");
      const rinks = blocks.filter((b) => b["@type"] === "SportsActivityLocation");
      expect(rinks).toHaveLength(1);
      expect(rinks[0]).toMatchObject(expectedRink);
      // Exactly the posted hours: no extra openings, none missing.
      expect(rinks[0].openingHoursSpecification).toEqual(expectedRink.openingHoursSpecification);
      expect(rinks[0].telephone).toMatch(/^\+1\d{10}$/);
    });
  }

  test("/parties: every package as an Offer with its cash and card prices", async ({ page }) => {
    await page.goto("/parties");
    const blocks = (await head(page)).jsonLd.map((text) => JSON.parse(text));
    const rink = blocks.find((b) => b["@type"] === "SportsActivityLocation");
    const catalog = blocks.find((b) => b["@type"] === "OfferCatalog");
    expect(catalog).toBeDefined();
    const offers = catalog.itemListElement as Record<string, unknown>[];
    expect(offers).toHaveLength(site.partyPackages.length);
    for (const pkg of site.partyPackages) {
      const offer = offers.find((o) => o.name === pkg.name);
      expect(offer, pkg.name).toMatchObject({
        "@type": "Offer",
        priceCurrency: "USD",
        offeredBy: { "@id": rink["@id"] },
      });
      const specs = (offer?.priceSpecification ?? []) as { name: string; price: number }[];
      const prices = specs.map((p) => ({ name: p.name, price: p.price }));
      expect(prices, pkg.name).toEqual(
        expect.arrayContaining([
          { name: "Cash", price: pkg.cashPrice },
          { name: "Credit card", price: pkg.cardPrice },
        ]),
      );
      expect(prices).toHaveLength(2);
    }
  });
});

test.describe("site files", () => {
  test("sitemap.xml lists exactly the indexable pages, each answering with its canonical", async ({
    request,
    page,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(locs.toSorted()).toEqual(indexable.map(canonicalUrl).toSorted());
    // The pages a carrier's reviewer reads before registering the text alerts (issue 31).
    expect(locs).toEqual(
      expect.arrayContaining([canonicalUrl("/privacy"), canonicalUrl("/text-alerts")]),
    );
    for (const loc of locs) {
      const path = loc.slice(origin.length) || "/";
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      const tags = await head(page);
      expect(tags.canonical, path).toEqual([loc]);
      expect(tags.robots, path).toBeNull();
    }
  });

  test("robots.txt allows crawling and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
    expect(text).toMatch(
      new RegExp(`^Sitemap: ${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/sitemap\\.xml$`, "m"),
    );
  });

  test("favicon (SVG and PNG), apple-touch-icon and the web manifest are linked and served", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const tags = await head(page);

    const svg = tags.icons.find((i) => i.type === "image/svg+xml");
    expect(svg, "an SVG favicon").toBeDefined();
    const svgResponse = await fetchFromSite(request, svg?.href ?? "");
    expect(svgResponse.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(await svgResponse.text()).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);

    const png = tags.icons.find((i) => i.type === "image/png");
    expect(png, "a PNG favicon").toBeDefined();
    const pngBytes = await (await fetchFromSite(request, png?.href ?? "")).body();
    const declared = png?.sizes?.split("x").map(Number);
    expect(pngSize(pngBytes)).toEqual({ width: declared?.[0], height: declared?.[1] });

    expect(tags.appleTouchIcon).toHaveLength(1);
    const apple = await (await fetchFromSite(request, tags.appleTouchIcon[0]?.href ?? "")).body();
    expect(pngSize(apple)).toEqual({ width: 180, height: 180 });

    expect(tags.manifest).toHaveLength(1);
    const manifestResponse = await fetchFromSite(request, tags.manifest[0]?.href ?? "");
    expect(manifestResponse.headers()["content-type"]).toMatch(/^application\/(manifest\+)?json/);
    const manifest = JSON.parse(await manifestResponse.text());
    expect(manifest.name).toBe(site.name);
    expect(manifest.short_name?.length ?? 0).toBeGreaterThan(0);
    expect(manifest.start_url).toBe("/");
    const icons = manifest.icons as { src: string; sizes: string; type: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of icons) {
      const bytes = await (await fetchFromSite(request, icon.src)).body();
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(bytes), icon.src).toEqual({ width, height });
    }
  });
});
