// The one list of pages (app/site-pages.ts) is what a new page is added to: every consumer
// reads it, so a page listed there is rendered, titled, in the menu or footer it names, and
// in the sitemap (tooling/seo-files.test.ts), with nothing else to write but its content.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { footerLinks, nav, smallPrintLinks } from "./content/navigation.ts";
import { site } from "./content/site.ts";
import { sitePages } from "./site-pages.ts";

describe("the one list of pages", () => {
  for (const page of sitePages) {
    it(`${page.path} has its module, and its title and description in site.pages`, () => {
      expect(existsSync(join(import.meta.dirname, "routes", `${page.module}.tsx`))).toBe(true);
      const entry = site.pages[page.content];
      expect(entry.title.length).toBeGreaterThanOrEqual(5);
      expect(entry.description.length).toBeGreaterThanOrEqual(50);
    });
  }

  it("is where the menu, the footer's quick links and its small print come from", () => {
    const linked = (label: "menu" | "footer" | "smallPrint") =>
      sitePages.flatMap((page) =>
        label in page ? [{ to: page.path, label: (page as Record<string, string>)[label] }] : [],
      );
    expect(nav).toEqual(linked("menu"));
    expect(footerLinks).toEqual(linked("footer"));
    expect(smallPrintLinks).toEqual(linked("smallPrint"));
  });
});
