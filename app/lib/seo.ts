import type { SiteContent } from "../content/types.ts";
import { buildDate } from "./build-date.ts";
import { partyOffersJsonLd, rinkJsonLd } from "./structured-data.ts";

/** The public address, from the SITE_URL build setting (see astro.config.ts). */
export const siteUrl: string = import.meta.env.SITE_URL ?? "http://localhost:3000";

type PageKey = keyof SiteContent["pages"];

/** One tag of a page's head, as app/layouts/site.astro writes it. */
export type MetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string }
  | { "script:ld+json": object };

interface PageMetaOptions {
  /** Not for search engines: thank-you and not-found pages. */
  noindex?: boolean;
  /** More schema.org data for this page, beside the rink's own. */
  jsonLd?: object[];
}

/** "/about/" (as prerendering sees it) → "/about"; "/" stays. */
export function canonicalPath(pathname: string): string {
  return pathname === "/" ? "/" : pathname.replace(/\/+$/, "");
}

/**
 * A route's meta tags from its content entry: "<page> | <rink>" title, description,
 * canonical link, Open Graph and Twitter tags with the share image, and JSON-LD for the
 * rink built from the same content the page shows.
 */
export function pageMeta(
  site: SiteContent,
  key: PageKey,
  pathname: string,
  { noindex = false, jsonLd = [] }: PageMetaOptions = {},
): MetaDescriptor[] {
  const page = site.pages[key];
  const title = `${page.title} | ${site.name}`;
  const url = `${siteUrl}${canonicalPath(pathname)}`;
  const image = `${siteUrl}/og-image.png`;
  const rink = rinkJsonLd(
    { ...site, prices: site.sessions.map((s) => s.price) },
    siteUrl,
    buildDate,
  );
  return [
    { title },
    { name: "description", content: page.description },
    ...(noindex
      ? [{ name: "robots", content: "noindex" }]
      : [{ tagName: "link" as const, rel: "canonical", href: url }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: site.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...[rink, ...jsonLd].map((data) => ({ "script:ld+json": data })),
  ];
}

/** The party packages as schema.org offers, for /parties. */
export const partyOffers = (site: SiteContent) => partyOffersJsonLd(site.partyPackages, siteUrl);
