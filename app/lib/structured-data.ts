import { upcomingSpecialDates } from "../../rink/calendar-day.ts";
import { formatDay, formatPrice } from "../../rink/format.ts";
import type { Address, DayHours, PartyPackage, Phone, SpecialDate } from "../content/types.ts";

// schema.org data for search engines, built from the content module so it can never
// disagree with the page.

interface RinkFacts {
  name: string;
  description: string;
  address: Address;
  phones: readonly Phone[];
  hours: readonly DayHours[];
  specialDates: readonly SpecialDate[];
  rating: { value: number };
  prices: readonly number[];
}

/**
 * Holiday hours and closures of the coming 60 days from `today`: a closed date opens and
 * closes at 00:00, as schema.org (and Google) read a closure.
 */
export function specialOpeningHours(specialDates: readonly SpecialDate[], today: string) {
  return upcomingSpecialDates(specialDates, today).flatMap((d) => {
    const spec = (opens: string, closes: string) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: d.date,
      validThrough: d.date,
      opens,
      closes,
    });
    if (d.closed) return [spec("00:00", "00:00")];
    return d.hours.map((r) => spec(r.start, r.end));
  });
}

export function rinkJsonLd(rink: RinkFacts, siteUrl: string, today: string) {
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
    address: postalAddress(rink.address),
    openingHoursSpecification: rink.hours.flatMap((d) =>
      d.ranges.map((r) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${formatDay(d.day)}`,
        opens: r.start,
        closes: r.end,
      })),
    ),
    specialOpeningHoursSpecification: specialOpeningHours(rink.specialDates, today),
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

/** The rink's address as schema.org reads it. */
export function postalAddress(address: Address) {
  return {
    "@type": "PostalAddress",
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.region,
    postalCode: address.postalCode,
    addressCountry: "US",
  };
}
