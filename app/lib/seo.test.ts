import { describe, expect, it } from "vitest";
import { formatPrice } from "../../rink/format.ts";
import { site } from "../content/site.ts";
import { canonicalPath, pageMeta, partyOffers, siteUrl } from "./seo.ts";

type Tag = Record<string, unknown>;
const find = (tags: Tag[], key: string, value: string) => tags.find((t) => t[key] === value);

describe("page meta", () => {
  const tags = pageMeta(site, "parties", "/parties/", { jsonLd: [partyOffers(site)] }) as Tag[];

  it("gives each page its own title, description and canonical URL", () => {
    expect(tags[0]).toEqual({ title: `${site.pages.parties.title} | ${site.name}` });
    expect(find(tags, "name", "description")?.content).toBe(site.pages.parties.description);
    expect(find(tags, "rel", "canonical")?.href).toBe(`${siteUrl}/parties`);
    expect(find(tags, "property", "og:url")?.content).toBe(`${siteUrl}/parties`);
    expect(find(tags, "property", "og:image")?.content).toBe(`${siteUrl}/og-image.png`);
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("describes the rink as a SportsActivityLocation from the content module", () => {
    const rink = tags
      .map((t) => t["script:ld+json"] as Tag | undefined)
      .find((d) => d?.["@type"] === "SportsActivityLocation");
    expect(rink).toMatchObject({
      name: site.name,
      telephone: site.phones.find((p) => p.label === "Main")?.number,
      address: { streetAddress: site.address.street, postalCode: site.address.postalCode },
    });
    const hours = rink?.openingHoursSpecification as {
      dayOfWeek: string;
      opens: string;
      closes: string;
    }[];
    const expected = site.hours.flatMap((d) =>
      d.ranges.map((r) => [d.day, r.start, r.end].join(" ")),
    );
    expect(
      hours.map((h) => [h.dayOfWeek.split("/").pop()?.toLowerCase(), h.opens, h.closes].join(" ")),
    ).toEqual(expected);
    const prices = site.sessions.map((s) => s.price);
    expect(rink?.priceRange).toBe(
      `${formatPrice(Math.min(...prices))}–${formatPrice(Math.max(...prices))}`,
    );
  });

  it("lists every party package as an offer with both prices on /parties", () => {
    const catalog = tags
      .map((t) => t["script:ld+json"] as Tag | undefined)
      .find((d) => d?.["@type"] === "OfferCatalog");
    const offers = catalog?.itemListElement as {
      name: string;
      priceSpecification: { name: string; price: number }[];
    }[];
    expect(
      offers.map((o) => [o.name, ...o.priceSpecification.map((p) => `${p.name} ${p.price}`)]),
    ).toEqual(
      site.partyPackages.map((p) => [p.name, `Cash ${p.cashPrice}`, `Credit card ${p.cardPrice}`]),
    );
  });

  it("keeps not-found and thank-you pages out of search results", () => {
    const hidden = pageMeta(site, "notFound", "/404/", { noindex: true }) as Tag[];
    expect(find(hidden, "name", "robots")?.content).toBe("noindex");
    expect(find(hidden, "rel", "canonical")).toBeUndefined();
  });

  it("normalises the trailing slash prerendering adds", () => {
    expect(canonicalPath("/about/")).toBe("/about");
    expect(canonicalPath("/")).toBe("/");
  });
});
