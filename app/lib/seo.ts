import type { MetaDescriptor } from "react-router";
import type { PageMeta } from "../content/types";

/**
 * A route's meta tags from its content entry: "<page> | <rink>" title, description and
 * the Open Graph / Twitter equivalents, so each prerendered page describes itself.
 */
export function pageMeta(page: PageMeta, siteName: string): MetaDescriptor[] {
  const title = `${page.title} | ${siteName}`;
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
