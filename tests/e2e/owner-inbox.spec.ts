// The owner at /inbox/ in Chromium, on both deployments: the Node server of the global setup
// (its SMTP capture) and the Worker on `wrangler dev` (its local send_email). A family sends
// the contact form; the owner signs in from the emailed link, finds it, has a reply link,
// marks it handled, downloads the signups, deletes the family's data and signs out, by
// pointer and by keyboard; axe finds nothing. Signing in opens the owner's home (its doors,
// with JavaScript off too). Screenshots at both sizes for people to see.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { contactMessages } from "../../rink/forms/contact.ts";
import { homeWords } from "../../server/owner/words.ts";
import { testSiteDir } from "../support/build.ts";
import { expectNoViolations } from "../support/e2e/axe.ts";
import {
  expect,
  gotoHydrated,
  type Mailbox,
  test,
  uniqueEmail,
  viewports,
} from "../support/e2e/fixtures.ts";
import { screenshotDir } from "../support/e2e/host-screenshots.ts";
import { pressByKeyboard, walkTabStops } from "../support/e2e/keyboard.ts";
import { signInAsOwner, signInLink, signInSubject } from "../support/e2e/owner-sign-in.ts";
import { type RunningEdge, startEdge } from "../support/edge.ts";

interface Deployment {
  name: string;
  owner: string;
  origin(): string;
  /** The newest sign-in link emailed to the owner, once `count` of them have arrived. */
  link(count: number, mailbox: Mailbox): Promise<string>;
}

let edge: RunningEdge | undefined;

const deployments: Deployment[] = [
  {
    name: "node",
    owner: "owner@example.test",
    origin: () => process.env.BASE_URL ?? "",
    async link(count, mailbox) {
      await expect
        .poll(() => mailbox.all().filter((m) => m.subject === signInSubject).length)
        .toBeGreaterThanOrEqual(count);
      const mail = mailbox.all().findLast((m) => m.subject === signInSubject);
      return signInLink(mail?.text);
    },
  },
  {
    name: "workers",
    owner: "owner@sugarcreekskate.example",
    origin: () => edge?.url ?? "",
    async link(count) {
      const mails = () => (edge?.mails() ?? []).filter((m) => m.subject === signInSubject);
      await expect.poll(() => mails().length).toBeGreaterThanOrEqual(count);
      return signInLink(mails().at(-1)?.text);
    },
  },
];

for (const deployment of deployments) {
  test.describe(`the owner's inbox on ${deployment.name}`, () => {
    // One sign-in for the file's steps, in order, in one Playwright worker.
    test.describe.configure({ mode: "serial" });
    let links = 0;

    if (deployment.name === "workers") {
      test.beforeAll(async () => {
        // wrangler's start beside the suite's other workers took over 90 s on a paravirtualised
        // machine (live-update.spec.ts says more); a time limit finds a hang, not slowness.
        test.setTimeout(180_000);
        edge = await startEdge({ siteDir: testSiteDir });
      });
      test.afterAll(async () => {
        await edge?.stop();
        edge = undefined;
      });
    }

    /** Asks for a link by keyboard, opens it from the email and signs in. */
    async function signIn(page: Page, mailbox: Mailbox) {
      links += 1;
      const count = links;
      await signInAsOwner(page, deployment.origin(), deployment.owner, () =>
        deployment.link(count, mailbox),
      );
    }

    test("a message sent from the contact page reaches the owner, who answers it, marks it handled and deletes it on request", async ({
      browser,
      mailbox,
    }, testInfo) => {
      const origin = deployment.origin();
      const email = uniqueEmail(testInfo);
      const family = await browser.newPage({ viewport: viewports.mobile });
      await gotoHydrated(family, `${origin}/contact`);
      await family.getByLabel("Name").fill("Robin Family");
      await family.getByRole("textbox", { name: "Email" }).fill(email);
      const contactForm = family.locator("form", {
        has: family.getByRole("button", { name: contactMessages.submit }),
      });
      await contactForm.getByLabel("Phone").fill("(317) 555-0177");
      await family.getByLabel("Subject").selectOption("birthday-party");
      await family.getByLabel("Message").fill("Can we book Saturday for 12 kids?");
      await family.getByRole("button", { name: contactMessages.submit }).click();
      await expect(family.getByRole("heading", { name: "Thank You!" })).toBeVisible();
      await family.close();

      const context = await browser.newContext({ viewport: viewports.mobile });
      const page = await context.newPage();
      await signIn(page, mailbox);
      // The owner's home (issue 33): what needs the owner first, then the four doors.
      const attention = page.getByRole("region", { name: homeWords.attentionHeading });
      await expect(attention.getByRole("link", { name: /new messages? to read$/ })).toHaveAttribute(
        "href",
        "/inbox/?view=messages",
      );
      const doors = page
        .getByRole("navigation", { name: homeWords.doorsHeading })
        .getByRole("link");
      await expect(doors).toHaveCount(5);
      for (const [i, [name, href]] of [
        [homeWords.doors.messages.label, "/inbox/?view=messages"],
        [homeWords.doors.signups.label, "/inbox/?view=signups"],
        [homeWords.doors.updates.label, "/inbox/updates"],
        // Issue 45: the site's own counts, one door from the home.
        ["How the site is doing", "/inbox/insights"],
        [homeWords.doors.editor.label, "/admin/"],
      ].entries()) {
        await expect(doors.nth(i)).toContainText(name ?? "");
        await expect(doors.nth(i)).toHaveAttribute("href", href ?? "");
      }
      await expectNoViolations(page, "the owner's home");
      await page.screenshot({
        path: join(screenshotDir, `owner-home-${deployment.name}-390x844.png`),
      });
      // With JavaScript off (the same session), the home and its doors work alike.
      const noScript = await browser.newContext({
        viewport: viewports.mobile,
        javaScriptEnabled: false,
      });
      await noScript.addCookies(await context.cookies());
      const plain = await noScript.newPage();
      await plain.goto(`${origin}/inbox/`);
      await expect(plain.getByRole("heading", { level: 1 })).toHaveText(homeWords.heading);
      await plain.getByRole("link", { name: /^Messages/ }).click();
      await expect(plain.getByRole("article").filter({ hasText: email })).toHaveCount(1);
      await noScript.close();

      await page.getByRole("link", { name: /^Messages/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
      await expectNoViolations(page, "the inbox");
      await page.screenshot({
        path: join(screenshotDir, `owner-inbox-${deployment.name}-390x844.png`),
      });

      const card = page.getByRole("article").filter({ hasText: email });
      await expect(card.getByRole("heading")).toContainText("New");
      await expect(card.getByRole("link", { name: `Reply to ${email}` })).toHaveAttribute(
        "href",
        `mailto:${encodeURIComponent(email)}?subject=Re%3A%20Birthday%20Party%20Booking`,
      );
      await expect(card.getByRole("link", { name: "Call (317) 555-0177" })).toHaveAttribute(
        "href",
        "tel:3175550177",
      );
      await expect(card).toContainText("Can we book Saturday for 12 kids?");

      // From here by keyboard alone: search, then every control of the page a Tab stop with
      // a visible focus ring, and each action pressed with Enter.
      await page
        .getByRole("searchbox", { name: "Search by name, email or phone" })
        .fill("555-0177");
      await page.keyboard.press("Enter");
      // The search's own page first: with one message already shown, the count alone could
      // hold before the search's navigation ends, and the reload then cut it off.
      await expect(page).toHaveURL(/[?&]q=555-0177/);
      await expect(page.getByRole("article")).toHaveCount(1);
      await page.reload();
      await page.keyboard.press("Tab");
      const { stops, problems } = await walkTabStops(page);
      expect(stops).toHaveLength(
        await page.locator("a[href], button, input:not([type=hidden])").count(),
      );
      expect(problems).toEqual([]);

      await pressByKeyboard(page, card.getByRole("button", { name: "Mark handled" }));
      await expect(card.getByRole("button", { name: "Mark as new again" })).toBeVisible();
      await expect(card.getByRole("heading")).not.toContainText("New");

      await pressByKeyboard(page, card.getByRole("link", { name: "Delete this person's data" }));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(email);
      await expectNoViolations(page, "the delete confirmation");
      await page.screenshot({
        path: join(screenshotDir, `owner-inbox-${deployment.name}-delete-390x844.png`),
      });
      await pressByKeyboard(page, page.getByRole("button", { name: /^Delete 1 submission/ }));
      await expect(page.getByRole("status")).toContainText("Deleted 1 submission: 1 message.");
      await pressByKeyboard(page, page.getByRole("link", { name: "Back to the inbox" }));
      await expect(page.getByRole("article").filter({ hasText: email })).toHaveCount(0);
      await context.close();
    });

    test("the signups download as CSV; the owner signs out by keyboard; the laptop layout", async ({
      browser,
      mailbox,
    }, testInfo) => {
      const origin = deployment.origin();
      const email = uniqueEmail(testInfo);
      const family = await browser.newPage();
      await gotoHydrated(family, `${origin}/`);
      const newsletter = family.getByRole("form", { name: "Stay in the Loop" });
      await newsletter.getByLabel("Email", { exact: true }).fill(email);
      await newsletter.getByRole("button", { name: "Subscribe" }).click();
      await expect(newsletter.getByRole("status")).toBeVisible();
      await family.close();

      const context = await browser.newContext({
        viewport: viewports.desktop,
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await signIn(page, mailbox);
      await page.getByRole("link", { name: /^Signups/ }).click();
      await expect(page.getByRole("article").filter({ hasText: email })).toHaveCount(1);
      await page.screenshot({
        path: join(screenshotDir, `owner-inbox-${deployment.name}-signups-1280x800.png`),
      });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download the signups (CSV)" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^newsletter-signups-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path()) ?? "", "utf8");
      expect(csv.split("\r\n")[0]).toBe(
        "ID,Received,Email,Phone,Agreed to email news,Agreed to text alerts",
      );
      expect(csv).toContain(`,${email},,yes,no`);

      // By keyboard alone: Tab from the top reaches "Sign out" first, and Enter presses it.
      await page.reload();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed out");
      await page.goto(`${origin}/inbox/?view=signups`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the inbox");
      await expect(page.getByText(email)).toHaveCount(0);
      await expectNoViolations(page, "the sign-in page");
      await page.keyboard.press("Tab");
      const { stops, problems } = await walkTabStops(page);
      // Every control a person reaches; the spam trap (ui/honeypot.tsx) is kept out of the
      // Tab order and from screen readers on purpose, as on the site's forms.
      expect(stops).toHaveLength(
        await page
          .locator('a[href], button, input:not([type=hidden]):not([name="_gotcha"])')
          .count(),
      );
      await expect(page.locator('input[name="_gotcha"]')).toHaveAttribute("tabindex", "-1");
      expect(problems).toEqual([]);
      await page.screenshot({
        path: join(screenshotDir, `owner-inbox-${deployment.name}-sign-in-1280x800.png`),
      });
      await page.close();
    });
  });
}

test("the public build holds nothing of the inbox: no page, no sitemap entry, no script", () => {
  const files = readdirSync(testSiteDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.(html|xml|js|txt)$/.test(file) && !file.startsWith("admin/"),
  );
  expect(files.some((file) => file.endsWith("sitemap.xml"))).toBe(true);
  const mentions = files.filter((file) =>
    readFileSync(join(testSiteDir, file), "utf8").includes("/inbox"),
  );
  expect(mentions).toEqual([]);
});
