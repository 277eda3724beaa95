// The site's pages, listed once. The pages Astro renders (app/pages/[...page].astro), the menu
// and the footer's links (app/content/navigation.ts), the sitemap, the Lighthouse audit, the
// screenshots and the end-to-end specs all read this list. A new page (say /faq with
// content/faq.yml) is a line here, its module in app/routes/, its content file, its schema in
// the one list of content files (rink/content/schema.ts) and the editor's words for it
// (tooling/editor/words/): the README's "Adding a page". Only a page that places an island (a form)
// has a page shell of its own in app/pages/ (`shell: true`).

export interface SitePage {
  path: string;
  /** Its module in app/routes/ (a React component and its meta), and its screenshots' name. */
  module: string;
  /** Rendered by its own shell in app/pages/ (it places an island), not by [...page].astro. */
  shell?: true;
  /**
   * Its entry in site.pages: title, description and words, from content/pages.yml or from the
   * page's own content file (listed with `at: "pages"` in rink/content/schema.ts).
   */
  content: string;
  /** A page a visitor browses to (in the sitemap); or where a form lands; or the 404 page. */
  kind: "page" | "thanks" | "not-found";
  /** Its label in the menu, and in the footer's quick links, when it is there. */
  menu?: string;
  footer?: string;
  /** Its label in the footer's small print, beside the copyright (the notices and terms). */
  smallPrint?: string;
}

export const sitePages = [
  {
    path: "/",
    module: "home",
    content: "home",
    kind: "page",
    menu: "Home",
    footer: "Home",
    shell: true,
  },
  {
    path: "/about",
    module: "about",
    content: "about",
    kind: "page",
    menu: "About",
    footer: "About",
  },
  {
    path: "/parties",
    module: "parties",
    content: "parties",
    kind: "page",
    menu: "Parties",
    footer: "Birthday Parties",
  },
  { path: "/policies", module: "policies", content: "policies", kind: "page" },
  {
    path: "/contact",
    module: "contact",
    content: "contact",
    kind: "page",
    menu: "Contact",
    footer: "Contact",
    shell: true,
  },
  // After the spec's five routes (issue 34): the owner's events, in the menu and the footer.
  {
    path: "/events",
    module: "events",
    content: "events",
    kind: "page",
    menu: "Events",
    footer: "Events",
  },
  // The pages a carrier's reviewer reads before registering the text alerts (10DLC): the
  // privacy notice, and the programme's terms at an address named as the site names it.
  {
    path: "/privacy",
    module: "privacy",
    content: "privacy",
    kind: "page",
    smallPrint: "Privacy",
  },
  {
    path: "/text-alerts",
    module: "text-alerts",
    content: "textAlerts",
    kind: "page",
    smallPrint: "Text alert terms",
  },
  // Where the inbox sends a form posted without JavaScript.
  { path: "/contact/thanks", module: "contact-thanks", content: "contactThanks", kind: "thanks" },
  {
    path: "/newsletter/thanks",
    module: "newsletter-thanks",
    content: "newsletterThanks",
    kind: "thanks",
  },
  // Any other path: prerendered as /404, answered with status 404 by every host.
  { path: "/404", module: "not-found", content: "notFound", kind: "not-found" },
] as const satisfies readonly SitePage[];

/** The pages a visitor browses to (the sitemap's), in the order they are listed. */
export const browsedPages = sitePages.filter(
  (page): page is Extract<(typeof sitePages)[number], { kind: "page" }> => page.kind === "page",
);

export type BrowsedPath = (typeof browsedPages)[number]["path"];
