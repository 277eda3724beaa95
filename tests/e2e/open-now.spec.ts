import { calendarPath } from "../../app/lib/calendar-path.ts";
import { occurrences, weekOf } from "../../app/lib/event-occurrences.ts";
import { addDays, rinkClock, rinkInstant } from "../../rink/calendar-day.ts";
import { formatDate } from "../../rink/format.ts";
import { site } from "../support/e2e/content.ts";
import { expect, gotoHydrated, test, viewports } from "../support/e2e/fixtures.ts";

// The open/closed status with the browser's clock set (the rink is in Indianapolis,
// UTC-5 in November), and the add-to-calendar files the build writes.

const where = [
  { path: "/", scope: "#hours" },
  { path: "/contact", scope: "main" },
  { path: "/parties", scope: "footer" },
];

for (const { label, instant, text } of [
  { label: "open", instant: "2026-11-27T19:00:00-05:00", text: "Open now until 9:05 PM" },
  {
    label: "closed",
    instant: "2026-11-23T12:00:00-05:00",
    text: "Closed, opens Friday at 6:30 PM",
  },
]) {
  test(`says the rink is ${label} when the clock says so`, async ({ page }, testInfo) => {
    await page.clock.setFixedTime(new Date(instant));
    for (const { path, scope } of where) {
      await gotoHydrated(page, path);
      await expect(page.locator(scope).getByText(text)).toBeVisible();
    }
    await page.setViewportSize(viewports.mobile);
    await gotoHydrated(page, "/");
    await page.locator("#hours").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`open-now-${label}.png`) });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("no status is shown from the prerendered HTML (it would be stale), only the posted hours", async ({
    page,
  }) => {
    await page.goto("/");
    // The HTML holds invisible copies of the longest texts to reserve room (CLS 0); none shows.
    await expect(
      page.getByText(/^(Open now until|Closed, opens)/).filter({ visible: true }),
    ).toHaveCount(0);
    await expect(page.locator("#hours").getByText("Monday–Thursday")).toBeVisible();
  });
});

test("the status moves on as time passes, refreshed every minute", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-27T18:28:30-05:00") });
  await gotoHydrated(page, "/");
  const hours = page.locator("#hours");
  await expect(hours.getByText("Closed, opens today at 6:30 PM")).toBeVisible();
  await page.clock.runFor(3 * 60_000);
  await expect(hours.getByText("Open now until 9:05 PM")).toBeVisible();
});

for (const session of site.sessions) {
  test(`"Add to calendar" for ${session.name} downloads its weekly event`, async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const link = page.getByRole("link", { name: `Add to calendar: ${session.name}` });
    await expect(link).toHaveAttribute("href", calendarPath(session.id));
    const response = await request.get(calendarPath(session.id));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/calendar");
    const body = await response.text();
    expect(body).toContain(`SUMMARY:${session.name}`);
    expect(body).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=[A-Z]{2}/);
    expect(body).toContain(`DTSTART;TZID=${site.timeZone}:`);
  });
}

// The owner's events on /events and Home (issue 34) drop off after their day on the visitor's
// clock, as the status moves on: the page is not rebuilt.
test("an event's date drops off /events and Home the day after it, and its emptied week with it", async ({
  page,
}) => {
  const today = rinkClock(new Date(), site.timeZone).date;
  const [first, second] = occurrences(site.pages.events.events, today);
  if (!first || !second) throw new Error("the tests' content has fewer than two coming events");
  const item = (o: typeof first) =>
    page
      .locator("li[data-show-until]")
      .filter({ has: page.getByRole("heading", { name: o.event.title }) })
      .filter({ hasText: formatDate(o.date) });
  const week = page.getByRole("region", { name: `Week of ${formatDate(weekOf(first.date))}` });

  await page.clock.setFixedTime(new Date(rinkInstant(`${first.date}T09:00`, site.timeZone)));
  await gotoHydrated(page, "/events");
  await expect(item(first)).toBeVisible();
  await expect(week).toBeVisible();

  await page.clock.setFixedTime(
    new Date(rinkInstant(`${addDays(first.date, 1)}T09:00`, site.timeZone)),
  );
  await gotoHydrated(page, "/events");
  await expect(item(first)).toBeHidden();
  await expect(item(second)).toBeVisible();
  // The first date's week stays only while it has a date still to come.
  const rest = occurrences(site.pages.events.events, today).filter(
    (o) => weekOf(o.date) === weekOf(first.date) && o.date > first.date,
  );
  if (rest.length === 0) await expect(week).toBeHidden();
  else await expect(week).toBeVisible();
  await gotoHydrated(page, "/");
  await expect(
    page
      .getByRole("region", { name: "Coming Soon" })
      .getByRole("heading", { name: first.event.title }),
  ).toBeHidden();
});
