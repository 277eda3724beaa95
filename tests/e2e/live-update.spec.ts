// The owner's "Closed today" live on the site, on both deployments at once: a Node server and a
// Worker on `wrangler dev`, each of this file's own (the update would close every other spec's
// pages), serving the test build. A family has the home page and About open on a phone; the
// owner signs in from the emailed link and posts the closure; within the minute both open
// pages show the note in the bar, today's status closed with the note, and the footer's list
// the date closed, with nothing moved; axe finds nothing; a page opened then has it at once.
// The owner ends it, and a page opened after is the content's again.
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { nextEvents } from "../../app/components/coming-soon.tsx";
import { addDays, rinkClock } from "../../rink/calendar-day.ts";
import { formatDate } from "../../rink/format.ts";
import { liveUpdatePath } from "../../rink/live-update.ts";
import { testSiteDir } from "../support/build.ts";
import { expectNoViolations } from "../support/e2e/axe.ts";
import { site } from "../support/e2e/content.ts";
import { expect, gotoHydrated, test, viewports } from "../support/e2e/fixtures.ts";
import { screenshotDir } from "../support/e2e/host-screenshots.ts";
import { forgetShifts, recordShifts, shiftsSoFar, twoFrames } from "../support/e2e/layout-shift.ts";
import { signInToTarget } from "../support/e2e/owner-sign-in.ts";
import { clearOfRinkMidnight } from "../support/e2e/rink-day.ts";
import { edgeTarget, type InboxTarget, nodeTarget } from "../support/inbox-targets.ts";

const note = "The roads are icy this morning. Stay safe, and see you next weekend!";

let targets: InboxTarget[] = [];

test.beforeAll(async () => {
  // Starting wrangler (the migrations applied first, then workerd) at the suite's start, beside
  // three workers launching Chromium, took over 90 s on a paravirtualised machine (the fresh-clone
  // run of 67ce09b). A time limit finds a hang; it is not a speed check (playwright.config.ts).
  test.setTimeout(180_000);
  targets = await Promise.all([
    nodeTarget({}, { siteDir: testSiteDir }),
    edgeTarget({}, { siteDir: testSiteDir }),
  ]);
});
test.afterAll(async () => {
  await Promise.all(targets.map((target) => target.stop()));
});

/** A visitor's phone or laptop: pages that record their layout shifts. */
async function visitor(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(recordShifts);
  return context;
}

/** The page once its first read of the update has come back. */
async function openPage(context: BrowserContext, origin: string, path: string) {
  const page = await context.newPage();
  const read = page.waitForResponse((r) => r.url().endsWith(liveUpdatePath));
  await gotoHydrated(page, `${origin}${path}`);
  await read;
  await twoFrames(page);
  return page;
}

const bar = (page: Page) => page.getByRole("complementary", { name: "Latest update" });
const statuses = (page: Page) => page.locator("[data-open-status]:visible");

async function expectContentAnswer(page: Page) {
  await expect(page.locator("[data-live-update]")).toBeHidden();
  await expect(page.getByText(note)).toHaveCount(0);
}

/** The owner signs in on a phone and posts an update: a closure today, or on `date`. */
async function postUpdate(
  browser: Browser,
  target: InboxTarget,
  kind: "Closed today" | "Closed on a date",
  text: string,
  date?: string,
) {
  const ownerPhone = await browser.newContext({ viewport: viewports.mobile });
  const owner = await ownerPhone.newPage();
  await signInToTarget(owner, target);
  await owner.getByRole("link", { name: "Post an update" }).click();
  await owner.getByRole("radio", { name: kind }).check();
  await owner.getByLabel("The note").fill(text);
  if (date) {
    await owner.getByLabel("The date it is closed").fill(date);
    await owner.getByLabel("Until when").fill(`${date}T23:00`);
  }
  await owner.getByRole("button", { name: "Preview" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Check the update");
  await owner.getByRole("button", { name: "Post it now" }).click();
  // "Within the minute" is timed from here, the owner's tap.
  const posted = Date.now();
  const onTheSite = owner.getByRole("region", { name: "On the site now" });
  await expect(onTheSite).toContainText(text);
  return { ownerPhone, owner, onTheSite, posted };
}

async function postAndEnd(browser: Browser, target: InboxTarget) {
  const origin = target.url;
  const phone = await visitor(browser, viewports.mobile);
  const home = await openPage(phone, origin, "/");
  const about = await openPage(phone, origin, "/about");
  for (const page of [home, about]) {
    await expectContentAnswer(page);
    await forgetShifts(page);
  }

  const { ownerPhone, owner, onTheSite, posted } = await postUpdate(
    browser,
    target,
    "Closed today",
    note,
  );
  await owner.screenshot({
    path: join(screenshotDir, `live-update-${target.platform}-owner-390x844.png`),
    fullPage: true,
  });
  // A page opened now, with nothing kept from before, has it at once.
  const laptop = await visitor(browser, viewports.desktop);
  const contact = await openPage(laptop, origin, "/contact");
  await expect(bar(contact)).toContainText(note);
  await contact.screenshot({
    path: join(screenshotDir, `live-update-${target.platform}-1280x800.png`),
  });

  // Within the minute on both phone pages, though each read the site before the post and the
  // server lets a browser keep that answer 30 s.
  const today = rinkClock(new Date(), site.timeZone).date;
  for (const page of [home, about]) {
    await expect(bar(page)).toContainText(`Closed today. ${note}`, {
      timeout: 60_000 - (Date.now() - posted),
    });
    for (const status of await statuses(page).all()) {
      await expect(status.locator("[data-status]")).toHaveText(/^Closed/);
      await expect(status.locator("[data-status-note]")).toHaveText(note);
    }
  }
  expect(Date.now() - posted).toBeLessThan(60_000);
  // The footer's list is below the phone's screen: it shows the date closed at once.
  const item = about.locator("footer div[data-live-item]");
  await expect(item).toContainText(`${formatDate(today)}: Closed${note}`);
  for (const page of [home, about]) {
    await twoFrames(page);
    expect(await shiftsSoFar(page)).toEqual([]);
  }
  await expectNoViolations(home, "home with the owner's update");
  await home.screenshot({
    path: join(screenshotDir, `live-update-${target.platform}-390x844.png`),
  });

  await onTheSite.getByRole("button", { name: "End now" }).click();
  await expect(owner.getByRole("region", { name: "On the site now" })).toContainText(
    "Nothing: the site shows its usual hours and announcement.",
  );
  const later = await visitor(browser, viewports.desktop);
  await expectContentAnswer(await openPage(later, origin, "/"));
  await Promise.all([phone, ownerPhone, laptop, later].map((context) => context.close()));
}

test("a closure the owner posts is on two open pages within the minute, moves nothing, and ends", async ({
  browser,
}) => {
  // A hang-finder, not the check: "within the minute" is timed from the post (expectations
  // below). 150 s timed out once under the whole suite's load (fresh clone of 1c5a679), where the
  // test had taken 134 s in the two runs before; alone it takes 77 s.
  test.setTimeout(240_000);
  // Today's status is checked up to a minute after the post, and the post ends at 23:59.
  await clearOfRinkMidnight(3);
  await Promise.all(targets.map((target) => postAndEnd(browser, target)));
});

test("a day the owner closes cancels its events on open pages, and the cancellation ends with it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [target] = targets;
  if (!target) throw new Error("no server");
  const today = rinkClock(new Date(), site.timeZone).date;
  // The nearest event's date within the two weeks an update may look ahead, from tomorrow
  // (an update closing today is the other test's).
  const next = nextEvents(site.pages.events.events, addDays(today, 1), site.specialDates).find(
    (o) => o.date <= addDays(today, 13) && o.cancelled === undefined,
  );
  // The tests' content has a monthly event in every week of the month.
  if (!next) throw new Error("no event of the tests' content in the next two weeks");
  const closing = "Closed for a burst pipe: we are fixing it, see you soon.";
  const phone = await visitor(browser, viewports.mobile);
  const home = await openPage(phone, target.url, "/");
  const events = await openPage(phone, target.url, "/events");
  const card = (page: Page) =>
    page.locator(`li[data-event-date="${next.date}"]`).filter({ hasText: next.event.title });
  await expect(card(home)).not.toContainText("Cancelled");
  await forgetShifts(home);

  const { ownerPhone, owner, onTheSite } = await postUpdate(
    browser,
    target,
    "Closed on a date",
    closing,
    next.date,
  );

  // Home's Coming Soon is below a phone's first screen: marked as soon as the update is read.
  await expect(card(home)).toContainText(`Cancelled: ${closing}`, { timeout: 60_000 });
  await expect(card(home).getByRole("link", { name: /^Add to calendar/ })).toBeHidden();
  await twoFrames(home);
  expect(await shiftsSoFar(home)).toEqual([]);
  // On /events the card may be on the screen: it changes once the visitor scrolls past it.
  await events.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(card(events)).toContainText(`Cancelled: ${closing}`, { timeout: 60_000 });
  await card(events).scrollIntoViewIfNeeded();
  await events.screenshot({ path: join(screenshotDir, "hand/G-event-cancelled-live-390.png") });
  await expectNoViolations(events, "events with a day closed live");

  await onTheSite.getByRole("button", { name: "End now" }).click();
  await expect(owner.getByRole("region", { name: "On the site now" })).toContainText(
    "Nothing: the site shows its usual hours and announcement.",
  );
  await home.evaluate(() => window.scrollTo(0, 0));
  await expect(card(home)).not.toContainText("Cancelled", { timeout: 60_000 });
  await expect(card(home).getByRole("link", { name: /^Add to calendar/ })).toBeVisible();
  await Promise.all([phone, ownerPhone].map((context) => context.close()));
});
