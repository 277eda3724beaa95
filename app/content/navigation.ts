// The site's own links: part of its structure (app/site-pages.ts), not the owner's content.
import { sitePages } from "../site-pages.ts";

export const nav = sitePages.flatMap((page) =>
  "menu" in page ? [{ to: page.path, label: page.menu }] : [],
);

export const footerLinks = sitePages.flatMap((page) =>
  "footer" in page ? [{ to: page.path, label: page.footer }] : [],
);

/** The footer's small print: the privacy notice and the text-alert terms. */
export const smallPrintLinks = sitePages.flatMap((page) =>
  "smallPrint" in page ? [{ to: page.path, label: page.smallPrint }] : [],
);

/** The small print's link to one of its pages: a page not there is a type error. */
export function smallPrintLink(to: (typeof smallPrintLinks)[number]["to"]) {
  const link = smallPrintLinks.find((l) => l.to === to);
  if (!link) throw new Error(`${to} is not in the footer's small print (app/site-pages.ts)`);
  return link;
}

export type NavLink =
  | (typeof nav)[number]
  | (typeof footerLinks)[number]
  | (typeof smallPrintLinks)[number];
