// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../rink/calendar-day.ts";
import { formatDate } from "../../rink/format.ts";
import { site } from "../content/site.ts";
import { buildDate } from "../lib/build-date.ts";
import { ownerEventsWindowDays } from "../lib/event-data.ts";
import { occurrences } from "../lib/event-occurrences.ts";
import { fullSizeUrl, type Photo } from "../lib/photo.ts";
import Events, { meta } from "../routes/events.tsx";
import { ComingSoon } from "./coming-soon.tsx";
import { EventCard } from "./event-card.tsx";

// An event's optional photo (issue 34) on /events' cards, from the tests' content
// (tests/fixtures/content/events.yml gives one repeating event a photo). The photos are made
// by the build (a virtual module, tooling/vite/photos-plugin.ts): here, as the build gives
// them, one processed photo for each event of the content that has one.
const { processed } = vi.hoisted(() => ({
  processed: (alt: string): Photo => ({
    alt,
    width: 1600,
    height: 1067,
    name: "mirror-ball",
    key: "ea1ccac6",
    widths: [320, 480, 640, 800, 1080, 1280, 1600],
  }),
}));
vi.mock("../content/photos.ts", async () => {
  const { site } = await import("../content/site.ts");
  return {
    // The rink's photo: the image of an event's dates without a photo of their own.
    hero: { ...processed("The rink floor."), name: "rink-floor", key: "0b5e11aa" },
    gallery: [],
    parties: [],
    eventPhotos: Object.fromEntries(
      site.pages.events.events.flatMap((e) => (e.photo ? [[e.id, processed(e.photo.alt)]] : [])),
    ),
  };
});
afterEach(cleanup);

const events = site.pages.events.events;
const withPhoto = events.filter((e) => e.photo);

/** Each card of /events (shown or not yet), with its occurrence. */
function cards(container: HTMLElement) {
  const coming = occurrences(events, buildDate);
  const items = [
    ...container.querySelectorAll('[aria-labelledby="coming-up"] li[data-show-until]'),
  ];
  expect(items).toHaveLength(coming.length);
  return items.map((item, i) => {
    const o = coming[i];
    if (!o) throw new Error(`no occurrence ${i}`);
    // The card is the occurrence's: its title and date.
    expect(item.textContent).toContain(o.event.title);
    expect(item.textContent).toContain(formatDate(o.date));
    return { item, o, first: i === 0 };
  });
}

describe("an event's photo", () => {
  it("is in the tests' content on a repeating event with several dates in the coming weeks", () => {
    expect(withPhoto.map((e) => e.repeats)).toEqual(["monthly"]);
    const dates = occurrences(withPhoto, buildDate);
    expect(dates.length).toBeGreaterThanOrEqual(2);
  });

  it("shows on every card of its event on /events, with its alt text and size; no other card has one", () => {
    const { container } = render(<Events />);
    const all = cards(container);
    const shown = all.filter(({ o }) => o.event.photo);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const { item, o, first } of all) {
      const img = item.querySelector("img");
      if (!o.event.photo) {
        expect(item.querySelector("picture, img"), `${o.event.title} ${o.date}`).toBeNull();
        continue;
      }
      if (!img) throw new Error(`${o.event.title} on ${o.date} has no photo`);
      expect(img.getAttribute("alt")).toBe(o.event.photo.alt);
      // Its box is sized before the file arrives: nothing shifts.
      expect(img.getAttribute("width")).toBe("1600");
      expect(img.getAttribute("height")).toBe("1067");
      // The photo pipeline's files, AVIF then WebP then JPEG, at every width.
      const sources = [...item.querySelectorAll("picture > source")];
      expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
      expect(sources[0]?.getAttribute("srcset")).toContain(
        "/assets/photos/mirror-ball-320.ea1ccac6.avif 320w",
      );
      expect(img.getAttribute("srcset")).toContain(
        "/assets/photos/mirror-ball-1600.ea1ccac6.jpg 1600w",
      );
      expect(img.getAttribute("sizes")).toMatch(/calc\(100vw - 76px\)$/);
      // Below the first card, it loads as the visitor scrolls near it.
      expect(img.getAttribute("loading")).toBe(first ? "eager" : "lazy");
      // The photo comes first in the card, above the date and the title.
      expect(item.firstElementChild?.tagName).toBe("PICTURE");
    }
  });

  it("on the page's first card, loads at once with high priority (a phone's first screen)", () => {
    const [event] = withPhoto;
    if (!event?.photo) throw new Error("no event with a photo");
    const photo = processed(event.photo.alt);
    const date = occurrences([event], buildDate)[0]?.date ?? buildDate;
    const { container } = render(
      <ul>
        <EventCard occurrence={{ event, date }} photo={photo} photoFirst />
        <EventCard occurrence={{ event, date }} photo={photo} />
      </ul>,
    );
    const [top, next] = [...container.querySelectorAll("img")];
    expect(top?.getAttribute("loading")).toBe("eager");
    expect(top?.getAttribute("fetchpriority")).toBe("high");
    expect(next?.getAttribute("loading")).toBe("lazy");
    expect(next?.getAttribute("decoding")).toBe("async");
    expect(next?.hasAttribute("fetchpriority")).toBe(false);
  });

  it("is not on Home's Coming Soon cards, even for an event that has one (Home stays light)", () => {
    const photo = { image: "photos/mirror-ball.jpg", alt: "The mirror ball." };
    const { container } = render(<ComingSoon events={events.map((e) => ({ ...e, photo }))} />);
    expect(container.querySelectorAll("li[data-show-until]").length).toBeGreaterThan(0);
    expect(container.querySelector("picture, img")).toBeNull();
  });

  it("is the image of each of its dates' Events in /events' structured data; the rink's photo is the others'", () => {
    const graph = meta("/events").flatMap((d) => {
      const data = (d as { "script:ld+json"?: { "@graph"?: unknown[] } })["script:ld+json"];
      return (data?.["@graph"] ?? []) as { name: string; image?: string[] }[];
    });
    const named = new Set(withPhoto.map((e) => e.title));
    const [event] = withPhoto;
    if (!event?.photo) throw new Error("no event with a photo");
    const url = fullSizeUrl(processed(event.photo.alt));
    const rinkPhoto = fullSizeUrl({
      ...processed("The rink floor."),
      name: "rink-floor",
      key: "0b5e11aa",
    });
    for (const e of graph) {
      expect(e.image, e.name).toEqual([
        expect.stringMatching(new RegExp(`^https?://[^/]+${named.has(e.name) ? url : rinkPhoto}$`)),
      ]);
    }
    // As many as its dates in the structured data's 28 days (none some weeks of the year).
    const soon = occurrences(withPhoto, buildDate).filter(
      (o) => o.date <= addDays(buildDate, ownerEventsWindowDays - 1),
    );
    expect(graph.filter((e) => e.image?.[0]?.endsWith(url)).length).toBe(soon.length);
  });
});

describe("an event on a day the rink is closed", () => {
  const [event] = events;
  if (!event) throw new Error("no event in the tests' content");
  const date = occurrences([event], buildDate)[0]?.date ?? buildDate;

  it("says it is cancelled, with the closure's note, and offers no calendar file", () => {
    const { container } = render(
      <ul>
        <EventCard occurrence={{ event, date, cancelled: "Closed for the ice storm" }} />
      </ul>,
    );
    expect(container.textContent).toContain("Cancelled: Closed for the ice storm");
    expect(container.querySelector("a[download]")).toBeNull();
    const open = render(
      <ul>
        <EventCard occurrence={{ event, date }} />
      </ul>,
    );
    expect(open.container.textContent).not.toContain("Cancelled");
    expect(open.container.querySelector("a[download]")).not.toBeNull();
  });

  it("is marked so on /events and Home when the special dates close that day", () => {
    const closures = [{ date, closed: true, note: "Closed for the ice storm" }];
    const marked = occurrences(events, buildDate, closures).filter((o) => o.date === date);
    expect(marked.length).toBeGreaterThan(0);
    for (const o of marked) expect(o.cancelled).toBe("Closed for the ice storm");
    // Hours that day instead of a closure cancel nothing.
    const open = occurrences(events, buildDate, [{ date, closed: false, note: "Open late" }]);
    expect(open.filter((o) => o.cancelled !== undefined)).toEqual([]);
    const { container } = render(<ComingSoon events={[event]} closures={closures} />);
    expect(container.querySelector(`li[data-event-date="${date}"]`)?.textContent).toContain(
      "Cancelled: Closed for the ice storm",
    );
    // The page's script fills this for a closure the owner posts live (live-dates.ts).
    expect(container.querySelector("template[data-cancelled-note]")).not.toBeNull();
  });
});
