// The site's own links: part of its structure (app/site-pages.ts), not the owner's content.
import { sitePages } from "../site-pages.ts";

export const nav = sitePages.flatMap((page) =>
  "menu" in page ? [{ to: page.path, label: page.menu }] : [],
);

export const footerLinks = sitePages.flatMap((page) =>
  "footer" in page ? [{ to: page.path, label: page.footer }] : [],
);

export type NavLink = (typeof nav)[number] | (typeof footerLinks)[number];
