import { calendarPath } from "../../app/lib/calendar-path.ts";
import { site } from "./content.ts";
import { expect, gotoHydrated, test, viewports } from "./fixtures.ts";

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
