// What /events must show (issue 34), from the tests' content: the page's words, how to
// subscribe, and each event's dates the visitor's day shows (the 60 days up to each date,
// app/lib/dated.ts), with its time, price, tags and calendar file.
import type { Page } from "@playwright/test";
import { nextEvents } from "../../../app/components/coming-soon.tsx";
import { feedPath } from "../../../app/lib/calendar-path.ts";
import {
  occurrenceCalendarPath,
  occurrences,
  skippedOccurrences,
} from "../../../app/lib/event-occurrences.ts";
import { addDays, rinkClock } from "../../../rink/calendar-day.ts";
import { formatDate, formatPrice, formatTimeRange } from "../../../rink/format.ts";
import { site } from "./content.ts";
import { expect } from "./fixtures.ts";

export async function expectEvents(page: Page) {
  const words = site.pages.events;
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(words.heading);
  await expect(main).toContainText(words.lead);
  const today = rinkClock(new Date(), site.timeZone).date;
  const shown = occurrences(words.events, today, site.specialDates).filter(
    (o) => o.date <= addDays(today, 59),
  );
  expect(shown.length).toBeGreaterThan(0);
  const items = main.getByRole("region", { name: "Coming up" }).getByRole("listitem");
  for (const o of shown) {
    const item = items.filter({ has: page.getByRole("heading", { name: o.event.title }) }).filter({
      hasText: formatDate(o.date),
    });
    await expect(item).toBeVisible();
    await expect(item).toContainText(formatTimeRange(o.event.time));
    await expect(item).toContainText(formatPrice(o.event.price));
    for (const tag of o.event.tags) await expect(item).toContainText(tag);
    await expect(
      item.getByRole("link", { name: `Add to calendar: ${o.event.title}, ${formatDate(o.date)}` }),
    ).toHaveAttribute("href", occurrenceCalendarPath(o));
    // The event's photo, where it has one, on each of its dates; only the first card's loads
    // at once (it may be a phone's largest paint), the rest as they come near the screen.
    const photo = item.locator("picture img");
    if (o.event.photo) {
      await expect(photo).toHaveAttribute("alt", o.event.photo.alt);
      await expect(photo).toHaveAttribute("width", /^\d+$/);
      await expect(photo).toHaveAttribute("height", /^\d+$/);
      await expect(photo).toHaveAttribute("loading", o === shown[0] ? "eager" : "lazy");
    } else {
      await expect(item.locator("picture, img")).toHaveCount(0);
    }
  }
  expect(
    shown.some((o) => o.event.photo),
    "the tests' content shows an event's photo",
  ).toBe(true);
  // In date order, the nearest first.
  const dates = await main
    .locator("li:not([hidden]) time")
    .evaluateAll((els) => els.map((el) => el.getAttribute("datetime")));
  expect(dates).toEqual(shown.map((o) => o.date));

  // The whole schedule's feed: its address to copy, a subscribe link, and how, app by app.
  const subscribe = main.getByRole("region", { name: words.subscribe.heading });
  await expect(subscribe).toContainText(words.subscribe.intro);
  const address = subscribe.getByLabel("The calendar's address");
  await expect(address).toHaveValue(new RegExp(`^https?://[^/]+${feedPath}$`));
  const feedUrl = await address.inputValue();
  await expect(subscribe.getByRole("link", { name: "Subscribe on this device" })).toHaveAttribute(
    "href",
    feedUrl.replace(/^https?:/, "webcal:"),
  );
  await expect(subscribe.getByRole("link", { name: "Download the calendar file" })).toHaveAttribute(
    "href",
    feedPath,
  );
  for (const step of words.subscribe.steps) {
    await expect(subscribe).toContainText(step.app);
    await expect(subscribe).toContainText(step.how);
  }
  const feed = await page.request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  // One schema.org Event per date of the next 28 days (app/lib/event-data.ts).
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? "null")));
  const listed = jsonLd.flatMap((b) => (Array.isArray(b?.["@graph"]) ? b["@graph"] : []));
  // A date the rink is closed or the owner skipped stays in, EventCancelled (Google asks so).
  const last = addDays(today, 27);
  const soon = [
    ...occurrences(words.events, today, site.specialDates),
    ...skippedOccurrences(words.events, today),
  ]
    .filter((o) => o.date <= last)
    .map(
      (o) =>
        `${o.date} ${o.event.time.start} ${o.event.title} ${o.cancelled === undefined ? "EventScheduled" : "EventCancelled"}`,
    )
    .sort();
  const cancelled = (status: string) => status.replace("https://schema.org/", "");
  expect(
    listed
      .map(
        (e: { name: string; startDate: string; eventStatus: string }) =>
          `${e.startDate.slice(0, 10)} ${e.startDate.slice(11, 16)} ${e.name} ${cancelled(e.eventStatus)}`,
      )
      .sort(),
  ).toEqual(soon);
  // An event with a photo names it (Google's Event recommends an image); one without carries
  // the rink's photo, the same for all of them.
  const images = new Set<string>();
  for (const e of listed as { name: string; image?: string[] }[]) {
    const event = words.events.find((x) => x.title === e.name);
    expect(e.image, `${e.name}: image`).toEqual([expect.stringMatching(/^https?:\/\/.+\.jpg$/)]);
    if (!event?.photo) images.add(e.image?.[0] ?? "");
  }
  expect(images.size).toBe(1);
}

/** Home's "Coming Soon": each event's next date, nearest first, and the link to /events. */
export async function expectComingSoon(page: Page) {
  const soon = page.getByRole("region", { name: "Coming Soon" });
  const today = rinkClock(new Date(), site.timeZone).date;
  const next = nextEvents(site.pages.events.events, today, site.specialDates);
  expect(next.length).toBeGreaterThan(0);
  const items = soon.locator("li[data-show-until]");
  await expect(items).toHaveCount(next.length);
  for (const [i, o] of next.entries()) {
    const item = items.nth(i);
    await expect(item.getByRole("heading", { name: o.event.title })).toBeVisible();
    await expect(item).toContainText(formatDate(o.date));
    await expect(item).toContainText(formatTimeRange(o.event.time));
    await expect(item).toContainText(o.event.description);
    await expect(item).toContainText(formatPrice(o.event.price));
    await expect(
      item.getByRole("link", { name: `Add to calendar: ${o.event.title}, ${formatDate(o.date)}` }),
    ).toHaveAttribute("href", occurrenceCalendarPath(o));
  }
  // Home stays light: its cards carry no photo.
  await expect(soon.locator("picture, img")).toHaveCount(0);
  await expect(soon.getByRole("link", { name: "See all events" })).toHaveAttribute(
    "href",
    "/events",
  );
}
