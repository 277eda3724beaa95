// The owner's special dates and announcement, on a build of its own whose dates are set
// relative to today: a closure on the coming Friday, holiday hours with a one-off event the
// Monday after, a closure already past, and an announcement ending that Saturday. The
// browser's clock is then set around those dates.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { calendarPath, eventId } from "../../app/lib/calendar-path.ts";
import { addDays, dayOf, rinkClock, rinkInstant } from "../../rink/calendar-day.ts";
import { formatDate } from "../../rink/format.ts";
import { contentDir } from "../../tooling/content/load.ts";
import { site } from "../support/e2e/content.ts";
import { type ContentSite, serveContent } from "../support/e2e/content-site.ts";
import { expect, gotoHydrated, test, viewports } from "../support/e2e/fixtures.ts";
import {
  loadBeforeHydration,
  recordShifts,
  shiftsSoFar,
  twoFrames,
} from "../support/e2e/layout-shift.ts";

const zone = site.timeZone;
const today = rinkClock(new Date(), zone).date;
const ahead = (5 - new Date(`${today}T12:00:00Z`).getUTCDay() + 7) % 7 || 7;
const friday = addDays(today, ahead);
const monday = addDays(friday, 3);
const past = addDays(today, -3);
const closedNote = "Closed for a private skate party";
const mondayNote = "Holiday hours: open all afternoon";
const matinee = { name: "Holiday Matinee", time: { start: "12:30", end: "16:30" }, price: 8 };
const announcementText = "Snow make-up day this Saturday: extra skating from noon.";
const at = (date: string, time: string) => new Date(rinkInstant(`${date}T${time}`, zone));

let served: ContentSite;
let dir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), "rink-dated-content-"));
  cpSync(contentDir, dir, { recursive: true });
  writeFileSync(
    join(dir, "special-dates.yml"),
    stringify({
      dates: [
        { date: past, closed: true, note: "An old closure" },
        { date: friday, closed: true, note: closedNote },
        {
          date: monday,
          hours: [{ start: "12:00", end: "17:00" }],
          note: mondayNote,
          events: [matinee],
        },
      ],
    }),
  );
  writeFileSync(
    join(dir, "announcement.yml"),
    stringify({
      text: announcementText,
      link: "/#hours",
      linkLabel: "See the hours",
      from: `${addDays(today, -1)}T00:00`,
      until: `${addDays(friday, 1)}T00:00`,
    }),
  );
  served = await serveContent(dir);
});

test.afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("a closure on Friday evening reads closed with its note, and opens … names Saturday", async ({
  page,
}) => {
  await page.clock.setFixedTime(at(friday, "19:00"));
  await gotoHydrated(page, `${served.url}/`);
  const hours = page.locator("#hours");
  await expect(hours.getByText("Closed, opens tomorrow at 12:00 PM")).toBeVisible();
  // The note under the status (a <p>; the invisible copies that keep its room are spans).
  await expect(hours.locator("p", { hasText: new RegExp(`^${closedNote}$`) })).toBeVisible();
  await expect(
    page.locator("footer").getByText("Closed, opens tomorrow at 12:00 PM"),
  ).toBeVisible();
});

test("holiday hours on a day posted closed: open now until 5:00 PM, with the note", async ({
  page,
}) => {
  expect(dayOf(monday)).toBe("monday");
  await page.clock.setFixedTime(at(monday, "13:00"));
  await gotoHydrated(page, `${served.url}/contact`);
  await expect(page.locator("main").getByText("Open now until 5:00 PM")).toBeVisible();
});

test("the posted hours list the coming special dates, not past ones, and drop them once passed", async ({
  page,
}) => {
  await page.clock.setFixedTime(at(today, "09:00"));
  await gotoHydrated(page, `${served.url}/`);
  const list = page.locator("#hours").getByText("Holiday hours and closures").locator("..");
  await expect(list).toContainText(`${formatDate(friday)}: Closed${closedNote}`);
  await expect(list).toContainText(`${formatDate(monday)}: 12:00–5:00 PM${mondayNote}`);
  await expect(page.getByText("An old closure")).toHaveCount(0); // not even kept room for

  // The Saturday after: Friday's closure has passed, without a rebuild.
  await page.clock.setFixedTime(at(addDays(friday, 1), "09:00"));
  await gotoHydrated(page, `${served.url}/`);
  await expect(page.locator("#hours").getByText(closedNote).filter({ visible: true })).toHaveCount(
    0,
  );
  await expect(page.locator("#hours").getByText(mondayNote).filter({ visible: true })).toHaveCount(
    1,
  );
});

test("the Friday session says it is cancelled that day; the one-off event has its card and calendar file", async ({
  page,
  request,
}) => {
  await page.clock.setFixedTime(at(today, "09:00"));
  await gotoHydrated(page, `${served.url}/`);
  const fridaySession = site.sessions.find((s) => s.day === "friday");
  if (!fridaySession) throw new Error("the content has no Friday session");
  const card = page.getByRole("article").filter({ hasText: fridaySession.name });
  await expect(card).toContainText(`No session ${formatDate(friday)}: ${closedNote}`);

  const events = page.getByRole("heading", { name: "Special events" }).locator("..");
  await expect(events.getByRole("heading", { name: matinee.name })).toBeVisible();
  await expect(events).toContainText(formatDate(monday));
  await expect(events).toContainText("12:30–4:30 PM");

  const event = await request.get(`${served.url}${calendarPath(eventId(monday, matinee.name))}`);
  expect(event.status()).toBe(200);
  const ics = await event.text();
  expect(ics).toContain(`DTSTART;TZID=${zone}:${monday.replaceAll("-", "")}T123000`);
  expect(ics.split("BEGIN:VEVENT")[1]).not.toContain("RRULE"); // once, not weekly

  const weekly = await (await request.get(`${served.url}${calendarPath(fridaySession.id)}`)).text();
  const exdate = weekly.match(/^EXDATE;TZID=([^:]+):(.*)$/m);
  expect(exdate?.[1]).toBe(zone);
  expect(exdate?.[2]?.trim().split(",")).toContain(
    `${friday.replaceAll("-", "")}T${fridaySession.time.start.replace(":", "")}00`,
  );
});

test("search engines get the special hours", async ({ request }) => {
  const html = await (await request.get(`${served.url}/`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "{}"),
  );
  const rink = blocks.find((b) => b["@type"] === "SportsActivityLocation");
  expect(rink.specialOpeningHoursSpecification).toEqual([
    expect.objectContaining({
      validFrom: friday,
      validThrough: friday,
      opens: "00:00",
      closes: "00:00",
    }),
    expect.objectContaining({
      validFrom: monday,
      validThrough: monday,
      opens: "12:00",
      closes: "17:00",
    }),
  ]);
});

test.describe("the announcement", () => {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    test(`shows at the top of every page while in force (${viewport.width}px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.clock.setFixedTime(at(today, "09:00"));
      for (const path of ["/", "/parties"]) {
        await gotoHydrated(page, `${served.url}${path}`);
        const banner = page.getByRole("complementary", { name: "Announcement" });
        await expect(banner).toBeVisible();
        await expect(banner).toContainText(announcementText);
        await expect(banner.getByRole("link", { name: "See the hours" })).toHaveAttribute(
          "href",
          "/#hours",
        );
        // Above the header.
        const bannerBox = await banner.boundingBox();
        const headerBox = await page.locator("header").first().boundingBox();
        expect(bannerBox && headerBox && bannerBox.y < headerBox.y).toBe(true);
      }
    });
  }

  test("is hidden before the first paint once it has ended, with nothing moving", async ({
    page,
  }) => {
    await page.clock.setFixedTime(at(addDays(friday, 1), "00:00"));
    await page.addInitScript(recordShifts);
    // With the page's script held back: the inline script alone has hidden it, from the
    // first paint. (Shifts while a busy machine parses the page are not the banner's: the
    // parsed page is painted without it.)
    const { shiftsWhileParsing, hydrate } = await loadBeforeHydration(page, `${served.url}/`);
    const banner = page.locator("[data-announcement]");
    await expect(banner).toBeAttached();
    await expect(banner).toBeHidden();
    // The page's script keeps it hidden (it checks the window again each minute), and
    // nothing moves.
    await hydrate();
    await expect(banner).toBeHidden();
    await twoFrames(page);
    await page.waitForTimeout(250);
    expect((await shiftsSoFar(page)).slice(shiftsWhileParsing)).toEqual([]);
  });

  test("is hidden before it starts", async ({ page }) => {
    await page.clock.setFixedTime(at(addDays(today, -2), "12:00"));
    await gotoHydrated(page, `${served.url}/about`);
    await expect(page.getByRole("complementary", { name: "Announcement" })).toBeHidden();
  });
});
