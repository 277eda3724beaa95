import { describe, expect, it } from "vitest";
import { addDays, dayOf, upcomingSpecialDates } from "../../rink/calendar-day.ts";
import { site } from "../content/site.ts";
import { eventsJsonLd, rinkDateTime, sessionEventsWindowDays } from "./event-data.ts";

// The rink's Events for search engines (issue 19), checked against Google's event
// structured-data documentation (developers.google.com/search/docs/appearance/structured-data/event):
// required name, startDate, location (a Place with a PostalAddress); recommended description,
// endDate, eventStatus, eventAttendanceMode, image, offers (price, priceCurrency, availability,
// url) and organizer. Dates are derived from the content (the fixture copy), never written in.

const siteUrl = "https://rink.example";
const image = `${siteUrl}/assets/photos/rink.jpg`;
const schema = (name: string) => `https://schema.org/${name}`;

interface Offer {
  "@type": string;
  name?: string;
  price: number;
  priceCurrency: string;
  availability: string;
  url: string;
}
interface EventData {
  "@type": string;
  name: string;
  description?: string;
  startDate: string;
  endDate: string;
  eventStatus: string;
  eventAttendanceMode: string;
  location: { "@type": string; name: string; address: Record<string, string> };
  image?: string[];
  organizer: { name: string; url: string };
  offers: Offer[];
}

const events = (today: string, withImage?: string) =>
  eventsJsonLd(site, siteUrl, today, withImage) as EventData[];

/** A closed special date with a public session on its weekday (the fixture's Christmas Day). */
const closedSessionDate = site.specialDates.find(
  (d) => d.closed && site.sessions.some((s) => s.day === dayOf(d.date)),
);
/** A week before it: that date is inside the 14 days listed. */
const today = addDays(closedSessionDate?.date ?? "", -7);

const wallTime = (isoDateTime: string) => isoDateTime.slice(11, 16);
const datePart = (isoDateTime: string) => isoDateTime.slice(0, 10);

describe("the rink's clock with its UTC offset", () => {
  it("writes the offset the rink's clock has on that date (EST in winter, EDT in summer)", () => {
    expect(site.timeZone).toBe("America/Indiana/Indianapolis");
    expect(rinkDateTime("2026-11-27", "18:30", site.timeZone)).toBe("2026-11-27T18:30:00-05:00");
    expect(rinkDateTime("2026-07-03", "18:30", site.timeZone)).toBe("2026-07-03T18:30:00-04:00");
    // The day clocks go forward (2 AM, second Sunday of March 2026): before and after.
    expect(rinkDateTime("2026-03-08", "01:00", site.timeZone)).toBe("2026-03-08T01:00:00-05:00");
    expect(rinkDateTime("2026-03-08", "12:30", site.timeZone)).toBe("2026-03-08T12:30:00-04:00");
  });
});

describe("Events for search engines", () => {
  it("has a closed date with a session in the fixture to test against", () => {
    expect(closedSessionDate).toBeDefined();
  });

  it("gives every event the fields Google requires and recommends", () => {
    const all = events(today, image);
    expect(all.length).toBeGreaterThan(0);
    for (const event of all) {
      expect(event["@type"]).toBe("Event");
      expect(event.name.length).toBeGreaterThan(0);
      expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
      expect(event.endDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
      expect(Date.parse(event.endDate)).toBeGreaterThan(Date.parse(event.startDate));
      expect(event.location).toEqual({
        "@type": "Place",
        name: site.name,
        address: {
          "@type": "PostalAddress",
          streetAddress: site.address.street,
          addressLocality: site.address.city,
          addressRegion: site.address.region,
          postalCode: site.address.postalCode,
          addressCountry: "US",
        },
      });
      expect(event.eventAttendanceMode).toBe(schema("OfflineEventAttendanceMode"));
      expect([schema("EventScheduled"), schema("EventCancelled")]).toContain(event.eventStatus);
      expect(event.description?.length ?? 0).toBeGreaterThan(0);
      expect(event.image).toEqual([image]);
      expect(event.organizer).toEqual({
        "@type": "Organization",
        name: site.name,
        url: `${siteUrl}/`,
      });
      expect(event.offers.length).toBeGreaterThan(0);
      for (const offer of event.offers) {
        expect(offer).toMatchObject({
          "@type": "Offer",
          priceCurrency: "USD",
          availability: schema("InStock"),
          url: `${siteUrl}/#hours`,
        });
        expect(typeof offer.price).toBe("number");
      }
    }
  });

  it("names no image when the rink has no photo", () => {
    for (const event of events(today)) expect(event).not.toHaveProperty("image");
  });

  it("lists each public session on each of its dates in the next 14 days, at its time and price", () => {
    const sessionEvents = events(today).filter((e) => site.sessions.some((s) => s.name === e.name));
    const expected = Array.from({ length: sessionEventsWindowDays }, (_, i) =>
      addDays(today, i),
    ).flatMap((date) =>
      site.sessions.filter((s) => s.day === dayOf(date)).map((s) => `${date} ${s.name}`),
    );
    expect(sessionEvents.map((e) => `${datePart(e.startDate)} ${e.name}`).sort()).toEqual(
      expected.sort(),
    );
    for (const event of sessionEvents) {
      const session = site.sessions.find((s) => s.name === event.name);
      if (!session) throw new Error(event.name);
      expect([wallTime(event.startDate), wallTime(event.endDate)]).toEqual([
        session.time.start,
        session.time.end,
      ]);
      expect(event.description).toBe(session.description);
      // The prices the session card shows: per skater, and the family deal when there is one.
      expect(event.offers.map((o) => o.price)).toEqual(
        session.familyDeal ? [session.price, session.familyDeal.price] : [session.price],
      );
    }
  });

  it("marks a session on a date the owner closed as cancelled, and only those", () => {
    const closed = closedSessionDate?.date;
    for (const event of events(today).filter((e) => site.sessions.some((s) => s.name === e.name))) {
      expect(event.eventStatus, `${event.name} on ${datePart(event.startDate)}`).toBe(
        schema(datePart(event.startDate) === closed ? "EventCancelled" : "EventScheduled"),
      );
    }
    expect(
      events(today).filter((e) => e.eventStatus === schema("EventCancelled")).length,
    ).toBeGreaterThan(0);
  });

  it("lists each special event of the coming special dates, at its time and price", () => {
    const coming = upcomingSpecialDates(site.specialDates, today).flatMap((d) =>
      d.events.map((e) => ({ ...e, date: d.date })),
    );
    expect(coming.length).toBeGreaterThan(0);
    const all = events(today);
    for (const special of coming) {
      const event = all.find(
        (e) => e.name === special.name && datePart(e.startDate) === special.date,
      );
      expect(event, `${special.name} on ${special.date}`).toBeDefined();
      expect(event?.startDate).toBe(rinkDateTime(special.date, special.time.start, site.timeZone));
      expect(event?.endDate).toBe(rinkDateTime(special.date, special.time.end, site.timeZone));
      expect(event?.offers.map((o) => o.price)).toEqual([special.price]);
      expect(event?.eventStatus).toBe(schema("EventScheduled"));
    }
  });

  it("leaves out past dates: nothing starts before today", () => {
    for (const event of events(today)) expect(datePart(event.startDate) >= today).toBe(true);
    const later = addDays(closedSessionDate?.date ?? "", 60);
    expect(events(later).filter((e) => datePart(e.startDate) < later)).toEqual([]);
  });
});
