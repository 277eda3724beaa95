// What each route must show, derived from the content module so no fact is typed twice.
// Used by the route spec (with JavaScript) and the no-JavaScript spec. Each page's own facts
// are in page-facts.ts and event-facts.ts, what several pages share in shared-facts.ts.

import type { Page } from "@playwright/test";
import { footerLinks, smallPrintLinks } from "../../../app/content/navigation.ts";
import { formatPhone, telHref } from "../../../app/lib/phone.ts";
import { type BrowsedPath, browsedPages, sitePages } from "../../../app/site-pages.ts";
import { site } from "./content.ts";
import { expectEvents } from "./event-facts.ts";
import { expect } from "./fixtures.ts";
import {
  expectAbout,
  expectContact,
  expectHome,
  expectParties,
  expectPolicies,
  expectPrivacy,
  expectTextAlerts,
} from "./page-facts.ts";
import { expectHours, mainPhone, readable } from "./shared-facts.ts";

/** The pages a visitor browses to, from the one list (app/site-pages.ts). */
export const routes: readonly BrowsedPath[] = browsedPages.map((page) => page.path);
export type RoutePath = BrowsedPath;
export const unknownPath = "/this-page-does-not-exist";
/** Every page a visitor can land on: the browsed pages, both thank-you pages and the 404 page. */
export const everyPage = [
  ...routes,
  ...sitePages.filter((page) => page.kind === "thanks").map((page) => page.path),
  unknownPath,
];

/** Asserts every fact the route must show; the page is already on `path`. */
export async function expectRouteFacts(page: Page, path: RoutePath) {
  // A new page has none until it is given some: routes.spec.ts still checks its title,
  // description and footer, and here every word of its entry in site.pages (its own file's,
  // or pages.yml's) but its title and description is on it.
  const checks: Partial<Record<RoutePath, (page: Page) => Promise<void>>> = {
    "/": expectHome,
    "/about": expectAbout,
    "/parties": expectParties,
    "/policies": expectPolicies,
    "/contact": expectContact,
    "/privacy": expectPrivacy,
    "/text-alerts": expectTextAlerts,
    "/events": expectEvents,
  };
  const check = checks[path];
  if (check) return check(page);
  const key = browsedPages.find((p) => p.path === path)?.content;
  const { title: _title, description: _description, ...words } = key ? site.pages[key] : {};
  const main = page.getByRole("main");
  for (const text of wordsOf(words)) await expect(main).toContainText(readable(text));
}

/** Every text in a content file's data, in order. */
const wordsOf = (data: unknown): string[] =>
  typeof data === "string"
    ? [data]
    : data && typeof data === "object"
      ? Object.values(data).flatMap(wordsOf)
      : [];

/** The footer every route shows: rating, quick links, hours, address, phone, Call Now, ©. */
export async function expectFooter(page: Page, year = new Date().getFullYear()) {
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  await expect(footer).toContainText(site.description);
  await expect(footer).toContainText(
    `${site.rating.value.toFixed(1)} ${site.rating.source} rating`,
  );
  const quick = footer.getByRole("navigation", { name: "Quick links" });
  const links = quick.getByRole("link");
  await expect(links).toHaveText(footerLinks.map((l) => l.label));
  for (const [i, link] of footerLinks.entries()) {
    await expect(links.nth(i)).toHaveAttribute("href", link.to);
  }
  await expectHours(footer);
  await expect(footer).toContainText(site.address.street);
  await expect(footer).toContainText(
    `${site.address.city}, ${site.address.region} ${site.address.postalCode}`,
  );
  await expect(footer.getByRole("link", { name: formatPhone(mainPhone.number) })).toHaveAttribute(
    "href",
    telHref(mainPhone.number),
  );
  await expect(footer.getByRole("link", { name: "Call Now" })).toHaveAttribute(
    "href",
    telHref(mainPhone.number),
  );
  await expect(footer).toContainText(`© ${year} ${site.name}`);
  // The small print: the privacy notice and the text-alert terms, on every page.
  const smallPrint = footer.getByRole("navigation", { name: "Small print" }).getByRole("link");
  await expect(smallPrint).toHaveText(smallPrintLinks.map((l) => l.label));
  for (const [i, link] of smallPrintLinks.entries()) {
    await expect(smallPrint.nth(i)).toHaveAttribute("href", link.to);
  }
}
