// "Post an update" in Chromium, on a Node server of its own with the Kit and Twilio stand-ins
// set up (the global setup's server has no list service, so it would offer the site alone):
// the owner signs in, opens Post an update, sees a note a text cannot carry refused beside its
// field, previews "Closed today", posts it, sees it reach both lists in words (the texts as the
// carriers reported them: two delivered, one failed to a landline, with the reason) and ends
// it; axe finds nothing on each page. The three numbers replied YES to their confirmation texts
// first (issue 31), through Twilio's signed webhook. Then, outside the texts' sending hours
// (SMS_SEND_HOURS), an update's texts wait and the pages say until when; they go once the hours
// open.
// Screenshots at 390x844 and 1280x800 of the form filled in, the preview, the page after
// posting (On the site now, End now) and its recent updates, named as the owner's guide has them:
// reports/screenshots/owner-guide/updates-<width>-<n>-<step>.png, copied by hand to
// docs/owner-guide/ when the pages change. The pages' HTML is the same on the Worker
// (server/owner/update-pages.tsx serves both homes); tests/owner-updates.test.ts covers both.
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { rinkClock } from "../../rink/calendar-day.ts";
import { confirmationText } from "../../server/lists/text-message.ts";
import { testSiteDir } from "../support/build.ts";
import { expectNoViolations } from "../support/e2e/axe.ts";
import { site } from "../support/e2e/content.ts";
import { expect, test, viewports } from "../support/e2e/fixtures.ts";
import { screenshotDir } from "../support/e2e/host-screenshots.ts";
import { signInToTarget } from "../support/e2e/owner-sign-in.ts";
import { clearOfRinkMidnight } from "../support/e2e/rink-day.ts";
import { type InboxTarget, nodeTarget } from "../support/inbox-targets.ts";
import { type KitStandIn, startKitStandIn } from "../support/kit-stand-in.ts";
import { listServiceSettings } from "../support/list-service-settings.ts";
import {
  incomingMessage,
  signTwilio,
  startTwilioStandIn,
  type TwilioStandIn,
} from "../support/twilio-stand-in.ts";

const rinkName = site.name;
const note = "Closed today: the roads are icy. Stay safe!";
/** The text each number gets. */
const text = `${rinkName}: ${note} Reply STOP to opt out.`;
const phones = ["(317) 555-0141", "(317) 555-0142", "(317) 555-0143"];

let target: InboxTarget;
let kit: KitStandIn;
let twilio: TwilioStandIn;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  [kit, twilio] = await Promise.all([startKitStandIn(), startTwilioStandIn()]);
  target = await nodeTarget(listServiceSettings(kit.url, twilio.url, rinkName), {
    siteDir: testSiteDir,
  });
  // Three families signed up for text alerts, two of them for email news too.
  for (const [i, phone] of phones.entries()) {
    const res = await fetch(`${target.url}/f/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [target.clientHeader]: `10.77.0.${i + 1}` },
      body: JSON.stringify(i < 2 ? { email: `family${i + 1}@example.com`, phone } : { phone }),
    });
    expect(res.status).toBe(200);
  }
  // Each number is asked to reply YES, and does, from that phone; the last is a landline, which
  // the carrier refuses (Twilio's status callback: undelivered, 30006).
  twilio.deliverTo(target.url);
  twilio.outcomes.set("+13175550143", { status: "undelivered", code: 30006 });
  const confirmation = confirmationText(rinkName, 4);
  await expect
    .poll(() => twilio.messages.filter((m) => m.body === confirmation).length)
    .toBe(phones.length);
  twilio.messages.length = 0;
  for (const to of ["+13175550141", "+13175550142", "+13175550143"]) {
    const yes = incomingMessage(to, "YES", "START");
    const res = await fetch(`${target.url}/hooks/twilio`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": signTwilio(`${target.url}/hooks/twilio`, yes),
      },
      body: new URLSearchParams(yes).toString(),
    });
    expect(res.status).toBe(200);
  }
});

test.afterAll(async () => {
  await target?.stop();
  await Promise.all([kit?.close(), twilio?.close()]);
});

const shot = (page: Page, width: number, name: string) =>
  page.screenshot({ path: join(screenshotDir, "owner-guide", `updates-${width}-${name}.png`) });

/** Scrolls the heading to the top of the window, for a screenshot of its section. */
const scrollToHeading = (page: Page, name: string) =>
  page.getByRole("heading", { name, level: 2 }).evaluate((el) => el.scrollIntoView());

/** The form filled in as the owner's guide shows it: Closed today, the note, both lists. */
async function fillClosedToday(page: Page, text: string) {
  await page.getByRole("radio", { name: "Closed today" }).check();
  await page.getByRole("textbox", { name: "The note" }).fill(text);
  await page.getByRole("checkbox", { name: /^The email list/ }).check();
  await page.getByRole("checkbox", { name: /^The text list/ }).check();
}

test("the owner posts Closed today to the site, the email list and the text list, and ends it, on a phone and a laptop; axe finds nothing on any page", async ({
  page,
}) => {
  // Two posts, two ends and axe on every page at two sizes: 41 s on 2026-11-26's machine,
  // 64 s on a paravirtualised one (docs/testing.md), over the 60 s this limit was.
  test.setTimeout(120_000);
  // Each "Closed today" is posted with the form's end, 23:59 today on the rink's clock.
  await clearOfRinkMidnight(3);
  await page.setViewportSize(viewports.mobile);
  await signInToTarget(page, target);
  await page.getByRole("link", { name: "Post an update" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Updates");
  await expect(page.locator("#now-heading + p")).toHaveText(
    "Nothing: the site shows its usual hours and announcement.",
  );
  await expectNoViolations(page, "the updates page");

  // A snowflake cannot go in a text: refused, said beside the note, everything kept.
  await fillClosedToday(page, "Closed today ❄");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert")).toContainText("Please fix this first");
  await expect(page.getByRole("textbox", { name: "The note" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByRole("textbox", { name: "The note" })).toHaveValue("Closed today ❄");
  await expect(page.getByRole("radio", { name: "Closed today" })).toBeChecked();
  await expectNoViolations(page, "the form with a problem");

  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await page.goto(`${target.url}/inbox/updates`);
    await fillClosedToday(page, note);
    await scrollToHeading(page, "Post an update");
    await shot(page, viewport.width, "1-form");

    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check the update");
    await expect(page.getByRole("heading", { name: "Email to the email list" })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await expectNoViolations(page, `the preview at ${viewport.width}`);
    await shot(page, viewport.width, "2-preview");

    await page.getByRole("button", { name: "Post it now" }).click();
    await expect(page.getByRole("status")).toContainText("Posted.");
    await expect(page.locator("#now-title")).toHaveText("Closed today");
    // The outbox sends in the background: the page says what each list got once it has.
    const latest = page.getByRole("article").first();
    await expect(async () => {
      await page.reload();
      await expect(latest).toContainText("Sent: one email to everyone on the list.", {
        timeout: 500,
      });
      await expect(latest).toContainText("2 texts delivered, 1 failed.", { timeout: 500 });
      await expect(latest).toContainText("1 failed: the number is a landline (error 30006)", {
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
    await expectNoViolations(page, `the recent updates at ${viewport.width}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, viewport.width, "3-posted");
    await scrollToHeading(page, "Recent updates");
    await shot(page, viewport.width, "4-recent");

    // Reopened: End now takes it off the site, and the list says so.
    await page.getByRole("button", { name: "End now" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Ended. The site stops showing it within a minute.",
    );
    await expect(page.locator("#now-heading + p")).toHaveText(
      "Nothing: the site shows its usual hours and announcement.",
    );
    await expect(latest).toContainText("· Ended ");
    await expectNoViolations(page, `the updates page after End now at ${viewport.width}`);
  }
  // Each post: one text to each number, one email to the list, as the preview showed them.
  expect(twilio.messages.map((m) => [m.to, m.body]).sort()).toEqual(
    ["+13175550141", "+13175550142", "+13175550143"].flatMap((to) => [
      [to, text],
      [to, text],
    ]),
  );
  expect(kit.broadcasts.map((b) => b.subject)).toEqual([
    `${rinkName}: Closed today`,
    `${rinkName}: Closed today`,
  ]);
});

test("outside the sending hours the texts wait, the preview and Recent updates say until when, and they go once the hours open", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await clearOfRinkMidnight(3);
  // A one-hour window that is not now on the rink's clock (and will not be within the test).
  const hour = Number(rinkClock(new Date(), site.timeZone).time.slice(0, 2));
  const pad = (h: number) => String(h).padStart(2, "0");
  const closed = hour <= 20 ? `${pad(hour + 2)}:00-${pad(hour + 3)}:00` : "00:00-01:00";
  const settings = listServiceSettings(kit.url, twilio.url, rinkName);
  await target.restart({ ...settings, SMS_SEND_HOURS: closed });
  const textsBefore = twilio.messages.length;
  const waitNote = "Closed today: the power is out.";
  const waitText = `${rinkName}: ${waitNote} Reply STOP to opt out.`;
  await signInToTarget(page, target);
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await page.goto(`${target.url}/inbox/updates`);
    await fillClosedToday(page, waitNote);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText(waitText)).toBeVisible();
    await expect(page.getByText(/^Texts go only from .* these wait, and go at /)).toBeVisible();
    await page.getByRole("heading", { name: "Text to the text list" }).scrollIntoViewIfNeeded();
    await shot(page, viewport.width, "6-preview-waits");
    await page.getByRole("button", { name: "Post it now" }).click();
    await expect(page.getByRole("status")).toContainText("Posted.");
    const latest = page.getByRole("article").first();
    await expect(latest).toContainText(`${phones.length} waiting.`);
    await expect(page.getByText(/^Texts go only from .* waiting texts go at /)).toBeVisible();
    await expectNoViolations(page, `the updates page while texts wait, at ${viewport.width}`);
    await scrollToHeading(page, "Recent updates");
    await shot(page, viewport.width, "7-waiting");
  }
  // Nothing went while the hours were closed (the emails did: they have no quiet hours).
  expect(twilio.messages.length).toBe(textsBefore);
  // The hours open (here: all day, by a restart): what waited goes, and is counted.
  await target.restart(settings);
  const latest = page.getByRole("article").first();
  await expect(async () => {
    await page.reload();
    await expect(latest).toContainText("2 texts delivered, 1 failed.", { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(twilio.messages.filter((m) => m.body === waitText)).toHaveLength(2 * phones.length);
  await scrollToHeading(page, "Recent updates");
  await shot(page, viewports.desktop.width, "8-gone");
});
