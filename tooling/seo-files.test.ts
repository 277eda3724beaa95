import { describe, expect, it } from "vitest";
import { browsedPages, sitePages } from "../app/site-pages.ts";
import { seoFiles } from "./seo-files.ts";

describe("the sitemap", () => {
  const sitemap = seoFiles("https://rink.example").get("sitemap.xml") ?? "";

  it("lists every page a visitor browses to, from the one list (app/site-pages.ts)", () => {
    const locs = [...sitemap.matchAll(/<loc>https:\/\/rink\.example(\/[^<]*)<\/loc>/g)].map(
      (m) => m[1],
    );
    expect(locs).toEqual(browsedPages.map((page) => page.path));
  });

  it("leaves out the thank-you pages and the 404 page", () => {
    for (const page of sitePages.filter((p) => p.kind !== "page")) {
      expect(sitemap).not.toContain(`rink.example${page.path}<`);
    }
  });
});
