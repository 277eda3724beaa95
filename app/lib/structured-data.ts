import type {
  Address,
  DayHours,
  PartyPackage,
  Phone,
  Session,
  SpecialDate,
  TimeRange,
} from "../content/types";
import {
  addDays,
  dayOf,
  earliestFirst,
  rinkInstant,
  upcomingSpecialDates,
} from "./calendar-day.ts";
import { formatDay, formatPrice } from "./format.ts";

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

// --- events (issue 19) -------------------------------------------------------------------

/** How far ahead the weekly public sessions are listed as events. */
export const sessionEventsWindowDays = 14;

interface EventFacts {
  name: string;
  address: Address;
  timeZone: string;
  sessions: readonly Session[];
  specialDates: readonly SpecialDate[];
}

/** "2026-11-27T18:30:00-05:00": a wall-clock time on `date` with the rink's UTC offset then. */
export function rinkDateTime(date: string, time: string, timeZone: string): string {
  const local = `${date}T${time}`;
  const minutes = Math.round((Date.parse(`${local}:00Z`) - rinkInstant(local, timeZone)) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const pad = (n: number) => String(n).padStart(2, "0");
  const offset = `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${local}:00${offset}`;
}

const schema = (name: string) => `https://schema.org/${name}`;

/**
 * schema.org `Event`s for what the home page lists: each public session on each of its dates
 * in the next 14 days (cancelled on a date the owner closed, as its card says), and each
 * special event of the coming special dates. Prices and times are the content's, as the page
 * shows them; `image` is the absolute URL of the rink's photo, when there is one.
 */
export function eventsJsonLd(
  rink: EventFacts,
  siteUrl: string,
  today: string,
  image?: string,
): object[] {
  const place = {
    "@type": "Place",
    name: rink.name,
    address: postalAddress(rink.address),
  };
  const pageUrl = `${siteUrl}/#hours`;
  const event = (e: {
    name: string;
    description?: string;
    date: string;
    time: TimeRange;
    offers: { name?: string; price: number }[];
    cancelled?: boolean;
  }) => ({
    "@type": "Event",
    name: e.name,
    ...(e.description ? { description: e.description } : {}),
    startDate: rinkDateTime(e.date, e.time.start, rink.timeZone),
    endDate: rinkDateTime(e.date, e.time.end, rink.timeZone),
    eventStatus: schema(e.cancelled ? "EventCancelled" : "EventScheduled"),
    eventAttendanceMode: schema("OfflineEventAttendanceMode"),
    location: place,
    ...(image ? { image: [image] } : {}),
    organizer: { "@type": "Organization", name: rink.name, url: `${siteUrl}/` },
    offers: e.offers.map((o) => ({
      "@type": "Offer",
      ...(o.name ? { name: o.name } : {}),
      price: o.price,
      priceCurrency: "USD",
      availability: schema("InStock"),
      url: pageUrl,
    })),
  });

  const sessions = Array.from({ length: sessionEventsWindowDays }, (_, i) =>
    addDays(today, i),
  ).flatMap((date) => {
    const special = rink.specialDates.find((d) => d.date === date);
    return rink.sessions
      .filter((s) => s.day === dayOf(date))
      .map((s) =>
        event({
          name: s.name,
          description: s.description,
          date,
          time: s.time,
          cancelled: special?.closed === true,
          offers: [
            { name: s.priceUnit ? `Admission ${s.priceUnit}` : "Admission", price: s.price },
            ...(s.familyDeal
              ? [
                  {
                    name: `Family of ${s.familyDeal.size} with ${s.familyDeal.includes}`,
                    price: s.familyDeal.price,
                  },
                ]
              : []),
          ],
        }),
      );
  });
  const specials = upcomingSpecialDates(rink.specialDates, today).flatMap((d) =>
    d.events.map((e) =>
      event({
        name: e.name,
        description: e.description,
        date: d.date,
        time: e.time,
        offers: [{ name: "Admission", price: e.price }],
      }),
    ),
  );
  return [...sessions, ...specials].sort((a, b) => earliestFirst(a.startDate, b.startDate));
}

function postalAddress(address: Address) {
  return {
    "@type": "PostalAddress",
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.region,
    postalCode: address.postalCode,
    addressCountry: "US",
  };
}
