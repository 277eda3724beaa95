import { describe, expect, it } from "vitest";
import { addDays } from "../../rink/calendar-day.ts";
import { eventDates } from "../../rink/repeats.ts";
import { site } from "../content/site.ts";
import { occurrencesJsonLd, ownerEventsWindowDays, rinkDateTime } from "./event-data.ts";
import { occurrences, skippedOccurrences } from "./event-occurrences.ts";
import type { Photo } from "./photo.ts";

// The owner's events on /events for search engines (issue 34), checked against Google's event
// structured-data fields as event-data.test.ts checks Home's: required name, startDate and a
// Place with its PostalAddress; recommended description, endDate, eventStatus,
// eventAttendanceMode, offers (price, priceCurrency, availability, url) and organizer. One Event
// per date, from the tests' content.

const siteUrl = "https://rink.example";
const schema = (name: string) => `https://schema.org/${name}`;
const today = "2026-11-26";

interface EventData {
  "@type": string;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  eventStatus: string;
  eventAttendanceMode: string;
  location: { "@type": string; name: string; address: Record<string, string> };
  organizer: { "@type": string; name: string; url: string };
  offers: {
    "@type": string;
    price: number;
    priceCurrency: string;
    availability: string;
    url: string;
  }[];
}

const owned = site.pages.events.events;
const data = (on: string) =>
  occurrencesJsonLd(site, occurrences(owned, on), siteUrl, on) as EventData[];

describe("the owner's events as schema.org Events", () => {
  it("gives one Event per date in the next 28 days, and none past or later", () => {
    const last = addDays(today, ownerEventsWindowDays - 1);
    const expected = owned
      .flatMap((e) => eventDates(e, today, last).map((date) => `${date} ${e.title}`))
      .sort();
    expect(expected.length).toBeGreaterThan(2);
    expect(
      data(today)
        .map((e) => `${e.startDate.slice(0, 10)} ${e.name}`)
        .sort(),
    ).toEqual(expected);
    // A later day: the dates before it are gone.
    const later = addDays(today, 20);
    for (const e of data(later)) expect(e.startDate.slice(0, 10) >= later).toBe(true);
  });

  it("has the fields Google requires and recommends, with the event's times, price and words", () => {
    for (const event of data(today)) {
      const source = owned.find((e) => e.title === event.name);
      if (!source) throw new Error(`${event.name} is not an event of the content`);
      const date = event.startDate.slice(0, 10);
      expect(event["@type"]).toBe("Event");
      expect(event.startDate).toBe(rinkDateTime(date, source.time.start, site.timeZone));
      expect(event.endDate).toBe(rinkDateTime(date, source.time.end, site.timeZone));
      expect(event.description).toBe(source.description);
      expect(event.eventStatus).toBe(schema("EventScheduled"));
      expect(event.eventAttendanceMode).toBe(schema("OfflineEventAttendanceMode"));
      expect(event.location).toMatchObject({
        "@type": "Place",
        name: site.name,
        address: {
          "@type": "PostalAddress",
          streetAddress: site.address.street,
          addressCountry: "US",
        },
      });
      expect(event.organizer).toEqual({
        "@type": "Organization",
        name: site.name,
        url: `${siteUrl}/`,
      });
      expect(event.offers).toEqual([
        {
          "@type": "Offer",
          name: "Admission",
          price: source.price,
          priceCurrency: "USD",
          availability: schema("InStock"),
          url: `${siteUrl}/events`,
        },
      ]);
    }
  });

  it("gives an event's photo as the image of each of its dates, its largest JPEG's address", () => {
    const photo: Photo = {
      alt: "The mirror ball.",
      width: 1600,
      height: 1067,
      name: "mirror-ball",
      key: "ea1ccac6",
      widths: [320, 640, 1080, 1600],
    };
    const withPhoto = owned.filter((e) => e.photo).map((e) => e.title);
    expect(withPhoto).toEqual(["Christian skate"]);
    const events = occurrencesJsonLd(site, occurrences(owned, today), siteUrl, today, {
      "christian-skate": photo,
    }) as (EventData & { image?: string[] })[];
    const christian = events.filter((e) => e.name === "Christian skate");
    expect(christian.map((e) => e.startDate.slice(0, 10))).toEqual(["2026-12-17"]);
    for (const e of christian)
      expect(e.image).toEqual([`${siteUrl}/assets/photos/mirror-ball-1600.ea1ccac6.jpg`]);
    // The others have no photo of their own, and the page lends them none.
    for (const e of events.filter((e) => e.name !== "Christian skate"))
      expect(e.image, e.name).toBeUndefined();
    // An event the content gives no photo gets none, whatever the photos hold.
    const stray = occurrencesJsonLd(site, occurrences(owned, today), siteUrl, today, {
      "homeschool-skate": photo,
    }) as { name: string; image?: string[] }[];
    expect(stray.filter((e) => e.image).map((e) => e.name)).toEqual([]);
  });

  it("writes the rink's offset of each date: EST in December", () => {
    const homeschool = data(today).find((e) => e.name === "Homeschool skate");
    expect(homeschool?.startDate).toBe("2026-12-08T13:00:00-05:00");
  });

  it("lends the rink's photo to the dates of an event without one of its own", () => {
    const rinkPhoto = `${siteUrl}/assets/photos/rink-floor-1600.0b5e11aa.jpg`;
    const events = occurrencesJsonLd(
      site,
      occurrences(owned, today),
      siteUrl,
      today,
      {},
      rinkPhoto,
    ) as { name: string; image?: string[] }[];
    expect(events.length).toBeGreaterThan(2);
    for (const e of events) expect(e.image, e.name).toEqual([rinkPhoto]);
  });

  it("keeps a date the rink is closed, and a date the owner skipped, as EventCancelled", () => {
    // The homeschool skate's December date closed; the theme nights skip December 26.
    const closures = [{ date: "2026-12-08", closed: true, note: "Closed: ice storm" }];
    const on = "2026-12-01";
    const events = occurrencesJsonLd(
      site,
      [...occurrences(owned, on, closures), ...skippedOccurrences(owned, on)],
      siteUrl,
      on,
    ) as EventData[];
    const status = (date: string, name: string) =>
      events.find((e) => e.startDate.startsWith(date) && e.name === name)?.eventStatus;
    expect(status("2026-12-08", "Homeschool skate")).toBe(schema("EventCancelled"));
    expect(status("2026-12-26", "Theme nights")).toBe(schema("EventCancelled"));
    expect(status("2026-12-17", "Christian skate")).toBe(schema("EventScheduled"));
    // In date order, the cancelled among the rest.
    const starts = events.map((e) => e.startDate);
    expect(starts).toEqual(starts.toSorted());
  });
});
