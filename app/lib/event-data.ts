import {
  addDays,
  dayOf,
  earliestFirst,
  rinkInstant,
  upcomingSpecialDates,
} from "../../rink/calendar-day.ts";
import type { Address, Session, SiteContent, SpecialDate, TimeRange } from "../content/types.ts";
import { buildDate } from "./build-date.ts";
import type { Occurrence } from "./event-occurrences.ts";
import { fullSizeUrl, type Photo } from "./photo.ts";
import { siteUrl } from "./seo.ts";
import { postalAddress } from "./structured-data.ts";

// schema.org Events for search engines (issue 19): Google shows events with their dates and
// prices in its results only from this markup. Built from the content module, so it can never
// disagree with the page; a module of its own, so only the page that lists the events (home)
// carries its code.

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

/** One schema.org Event of the rink's, as Google's event rich results read it. */
interface EventInput {
  name: string;
  description?: string | undefined;
  date: string;
  time: TimeRange;
  offers: { name?: string; price: number }[];
  cancelled?: boolean;
  /** The event's own photo, its absolute URL: in place of the page's `image`. */
  image?: string | undefined;
}

function eventBuilder(
  rink: Pick<EventFacts, "name" | "address" | "timeZone">,
  siteUrl: string,
  pageUrl: string,
  image?: string,
) {
  const place = {
    "@type": "Place",
    name: rink.name,
    address: postalAddress(rink.address),
  };
  return (e: EventInput) => ({
    "@type": "Event",
    name: e.name,
    ...(e.description ? { description: e.description } : {}),
    startDate: rinkDateTime(e.date, e.time.start, rink.timeZone),
    endDate: rinkDateTime(e.date, e.time.end, rink.timeZone),
    eventStatus: schema(e.cancelled ? "EventCancelled" : "EventScheduled"),
    eventAttendanceMode: schema("OfflineEventAttendanceMode"),
    location: place,
    ...(e.image || image ? { image: [e.image ?? image] } : {}),
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
}

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
  const event = eventBuilder(rink, siteUrl, `${siteUrl}/#hours`, image);

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

/**
 * The sessions of the next 14 days and the coming special events as schema.org Events, for
 * the page that lists them (home), as the build day sees them. `image` is a photo's path on
 * the site, when there is one.
 */
export const upcomingEvents = (site: SiteContent, image?: string) => ({
  "@context": "https://schema.org",
  "@graph": eventsJsonLd(site, siteUrl, buildDate, image ? `${siteUrl}${image}` : undefined),
});

/** How far ahead /events lists the owner's events' dates as schema.org Events (issue 34). */
export const ownerEventsWindowDays = 28;

/**
 * schema.org `Event`s for /events: each date of the owner's events in the next 28 days, as the
 * page lists it (its price, times, description and photo: `photos`, the events' processed
 * photos by event id, give `image`, the largest JPEG's absolute URL, as Google recommends; an
 * event without one carries `rinkImage`, the rink's photo). A date the rink is closed or the
 * owner skipped stays in, EventCancelled, as Google asks of an event that will not happen.
 */
export function occurrencesJsonLd(
  rink: Pick<EventFacts, "name" | "address" | "timeZone">,
  list: readonly Occurrence[],
  siteUrl: string,
  today: string,
  photos: Readonly<Record<string, Photo>> = {},
  rinkImage?: string,
): object[] {
  const event = eventBuilder(rink, siteUrl, `${siteUrl}/events`, rinkImage);
  const last = addDays(today, ownerEventsWindowDays - 1);
  return list
    .filter((o) => o.date >= today && o.date <= last)
    .toSorted(
      (a, b) =>
        earliestFirst(a.date, b.date) || earliestFirst(a.event.time.start, b.event.time.start),
    )
    .map((o) =>
      event({
        name: o.event.title,
        description: o.event.description,
        date: o.date,
        time: o.event.time,
        offers: [{ name: "Admission", price: o.event.price }],
        cancelled: o.cancelled !== undefined,
        image: photoUrlOf(o, photos, siteUrl),
      }),
    );
}

/** An occurrence's photo as an absolute URL (its event's largest JPEG), or undefined. */
function photoUrlOf(o: Occurrence, photos: Readonly<Record<string, Photo>>, siteUrl: string) {
  const photo = o.event.photo ? photos[o.event.id] : undefined;
  return photo ? `${siteUrl}${fullSizeUrl(photo)}` : undefined;
}

/**
 * The owner's events of the next 28 days as schema.org Events, as the build day sees them;
 * `rinkImage` the rink's photo's path on the site, for an event without a photo of its own.
 */
export const ownerEvents = (
  site: SiteContent,
  list: readonly Occurrence[],
  photos: Readonly<Record<string, Photo>> = {},
  rinkImage?: string,
) => ({
  "@context": "https://schema.org",
  "@graph": occurrencesJsonLd(
    site,
    list,
    siteUrl,
    buildDate,
    photos,
    rinkImage ? `${siteUrl}${rinkImage}` : undefined,
  ),
});
