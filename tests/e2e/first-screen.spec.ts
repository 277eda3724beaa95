// Home's first screen answers "are they open?" (issue 19): the prerendered page already holds
// an answer (the build's), hydration moves it to the visitor's clock, and it sits in the first
// screen with the link to the hours, at phone and laptop sizes. On a laptop the photo stands
// beside the words and the posted hours beside the sessions; the page's Event data says what
// the page says. (No layout shift when the status changes: performance.spec.ts measures "/".)
import type { Locator, Page } from "@playwright/test";
import { addDays, dayOf } from "../../rink/calendar-day.ts";
import {
  formatDate,
  formatDay,
  formatPrice,
  formatTime,
  formatTimeRange,
} from "../../rink/format.ts";
import { site } from "../support/e2e/content.ts";
import { expect, gotoHydrated, sizeName, test, viewports } from "../support/e2e/fixtures.ts";
import { holdScripts } from "../support/e2e/layout-shift.ts";

// A Friday evening inside the posted Friday opening, on a date with no special hours: the
// fixture posts Friday 18:30–21:05 and marks no November date special. Tests run the browser
// in the rink's zone (playwright.config.ts), UTC-5 in November.
const friday = site.hours.find((d) => d.day === "friday")?.ranges[0];
if (!friday) throw new Error("the fixture content posts no Friday opening");
let fridayDate = "2026-11-20";
while (dayOf(fridayDate) !== "friday" || site.specialDates.some((d) => d.date === fridayDate))
  fridayDate = addDays(fridayDate, 1);
const fridayEvening = new Date(`${fridayDate}T${friday.start}:00-05:00`);
fridayEvening.setMinutes(fridayEvening.getMinutes() + 30);
const openText = `Open now until ${formatTime(friday.end)}`;

/** The hero: the first section of the page's main content. */
const heroOf = (page: Page) => page.getByRole("main").locator("section").first();
/** The status the hero shows (the visible paragraph, not the invisible room-keepers). */
const statusIn = (hero: Locator) =>
  hero
    .locator("p", { hasText: /^(Open now until |Closed, opens |Closed$)/ })
    .filter({ visible: true });

async function expectInFirstScreen(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box, "on the page").not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y, "below the top of the screen").toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, "above the fold").toBeLessThanOrEqual(viewport.height);
}

test(`at ${sizeName(viewports.mobile)} the first screen shows the build's answer, then the visitor's`, async ({
  page,
}) => {
  await page.setViewportSize(viewports.mobile);
  await page.clock.setFixedTime(fridayEvening);
  // The page's script held back: what shows is the HTML as built.
  const release = await holdScripts(page);
  await page.goto("/", { waitUntil: "commit" });
  await page.locator("footer").waitFor({ state: "attached" });
  const hero = heroOf(page);
  await expect(statusIn(hero)).toHaveText(/^(Open now until \d|Closed, opens )/);
  await expectInFirstScreen(page, statusIn(hero));

  await release();
  await expect(statusIn(hero)).toHaveText(openText);
  await expectInFirstScreen(page, statusIn(hero));
  const hoursLink = hero.getByRole("link", { name: "View Hours" });
  await expect(hoursLink).toHaveAttribute("href", "#hours");
  await expectInFirstScreen(page, hoursLink);
});

test(`at ${sizeName(viewports.desktop)}: status, photo beside the words, hours beside the sessions, events as the page says`, async ({
  page,
}) => {
  await page.clock.setFixedTime(fridayEvening);
  await gotoHydrated(page, "/");
  const hero = heroOf(page);
  await expect(statusIn(hero)).toHaveText(openText);
  await expectInFirstScreen(page, statusIn(hero));
  await expectInFirstScreen(page, hero.getByRole("link", { name: "View Hours" }));

  // The photo beside the words, whole in the first screen.
  const heading = page.getByRole("heading", { level: 1 });
  const photo = hero.getByRole("img");
  await expectInFirstScreen(page, photo);
  const [words, picture] = [await heading.boundingBox(), await photo.boundingBox()];
  expect(picture?.x ?? 0).toBeGreaterThan((words?.x ?? 0) + (words?.width ?? 0));

  // The posted hours share a row with sessions, not a row of their own.
  const sessions = page.getByRole("region", { name: "Public Skating Sessions" });
  const hoursCard = sessions
    .getByRole("heading", { name: "Posted hours" })
    .locator("xpath=ancestor::div[contains(@class, 'rounded-2xl')][1]");
  const firstSession = sessions.getByRole("article").first();
  const [card, session] = [await hoursCard.boundingBox(), await firstSession.boundingBox()];
  expect(Math.abs((card?.y ?? 0) - (session?.y ?? -100))).toBeLessThan(2);
  expect(session?.x ?? 0).toBeGreaterThan((card?.x ?? 0) + (card?.width ?? 0));

  // Each Event in the page's data says what the page shows: its date or weekday, its times
  // and its prices, in the card of that name.
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
  const events = blocks.flatMap((b) => b["@graph"] ?? []) as {
    name: string;
    startDate: string;
    endDate: string;
    offers: { price: number }[];
  }[];
  const specialNames = site.specialDates.flatMap((d) => d.events.map((e) => e.name));
  expect(events.filter((e) => specialNames.includes(e.name)).length).toBeGreaterThan(0);
  expect(events.filter((e) => site.sessions.some((s) => s.name === e.name)).length).toBe(
    site.sessions.length * 2,
  );
  for (const event of events) {
    const date = event.startDate.slice(0, 10);
    const time = formatTimeRange({
      start: event.startDate.slice(11, 16),
      end: event.endDate.slice(11, 16),
    });
    const special = specialNames.includes(event.name);
    const card = sessions
      .locator(special ? "li" : "article")
      .filter({ has: page.getByRole("heading", { name: event.name, exact: true }) });
    await expect(card, `${event.name} on ${date}`).toHaveCount(1);
    await expect(card).toContainText(special ? formatDate(date) : formatDay(dayOf(date)));
    await expect(card).toContainText(time);
    for (const offer of event.offers) await expect(card).toContainText(formatPrice(offer.price));
  }
});

test(`on a closed holiday the first screen says so, with the owner's note`, async ({ page }) => {
  const holiday = site.specialDates.find((d) => d.closed);
  if (!holiday) throw new Error("the fixture content has no closed date");
  await page.setViewportSize(viewports.mobile);
  await page.clock.setFixedTime(new Date(`${holiday.date}T12:00:00-05:00`));
  await gotoHydrated(page, "/");
  const hero = heroOf(page);
  await expect(statusIn(hero)).toHaveText(/^Closed, opens /);
  const note = hero.getByText(holiday.note, { exact: true }).filter({ visible: true });
  await expect(note).toBeVisible();
  await expectInFirstScreen(page, note);
});
