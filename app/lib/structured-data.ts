import type { Address, DayHours, PartyPackage, Phone } from "../content/types";
import { formatDay, formatPrice } from "./format.ts";

// schema.org data for search engines, built from the content module so it can never
// disagree with the page.

interface RinkFacts {
  name: string;
  description: string;
  address: Address;
  phones: readonly Phone[];
  hours: readonly DayHours[];
  rating: { value: number };
  prices: readonly number[];
}

export function rinkJsonLd(rink: RinkFacts, siteUrl: string) {
  const main = rink.phones.find((p) => p.label === "Main") ?? rink.phones[0];
  const low = Math.min(...rink.prices);
  const high = Math.max(...rink.prices);
  return {
    "@context": "https://schema.org",
    "@type": "SportsActivityLocation",
    "@id": `${siteUrl}/#rink`,
    name: rink.name,
    description: rink.description,
    url: `${siteUrl}/`,
    image: `${siteUrl}/og-image.png`,
    telephone: main?.number,
    priceRange: `${formatPrice(low)}–${formatPrice(high)}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: rink.address.street,
      addressLocality: rink.address.city,
      addressRegion: rink.address.region,
      postalCode: rink.address.postalCode,
      addressCountry: "US",
    },
    openingHoursSpecification: rink.hours.flatMap((d) =>
      d.ranges.map((r) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${formatDay(d.day)}`,
        opens: r.start,
        closes: r.end,
      })),
    ),
  };
}

/** The party packages as offers, each with its cash and its card price. */
export function partyOffersJsonLd(packages: readonly PartyPackage[], siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "OfferCatalog",
    name: "Birthday party packages",
    url: `${siteUrl}/parties`,
    itemListElement: packages.map((pkg) => ({
      "@type": "Offer",
      name: pkg.name,
      offeredBy: { "@id": `${siteUrl}/#rink` },
      priceCurrency: "USD",
      price: pkg.cashPrice,
      priceSpecification: [
        {
          "@type": "UnitPriceSpecification",
          name: "Cash",
          price: pkg.cashPrice,
          priceCurrency: "USD",
        },
        {
          "@type": "UnitPriceSpecification",
          name: "Credit card",
          price: pkg.cardPrice,
          priceCurrency: "USD",
        },
      ],
    })),
  };
}
