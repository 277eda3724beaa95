import { formatPhone, phoneByLabel } from "../../app/lib/phone.ts";
import { contactMessages, contactSubjects } from "../../rink/forms/contact.ts";
import { newsletterFields, newsletterMessages } from "../../rink/forms/newsletter.ts";
import { validationMessages } from "../../rink/forms/validate.ts";
import { site } from "../support/e2e/content.ts";
import { expect, test, uniqueEmail, viewports } from "../support/e2e/fixtures.ts";
import { forgetShifts, recordShifts, shiftsSoFar, twoFrames } from "../support/e2e/layout-shift.ts";

// Both forms against the real server and its real SQLite inbox (and SMTP capture).
// Network interception is used only for answers the hosted service could give and our
// own server would not (a 500, an aborted request).
// Each test uses the form as a visitor does, from the moment it can be seen: its island
// hydrates on that first use (client:touch, issue 43), the early script keeping the form until
// then (decision 015). Until issue 43 each test waited for the island to hydrate first.

/** Goes to `path` and waits until its form can be seen (Home's shows once its early script ran). */
async function gotoForm(page: import("@playwright/test").Page, path: string) {
  await page.goto(path);
  await page.locator("form[data-early-form]").waitFor({ state: "visible" });
}

type Submission = {
  id: number;
  form: string;
  data: string;
  spam: number;
};

const newsletterBlock = (page: import("@playwright/test").Page) =>
  page.getByRole("form", { name: "Stay in the Loop" });

test.describe("newsletter signup", () => {
  test(
    "subscribes by email and phone, stores the row and clears the inputs",
    { tag: "@smoke" },
    async ({ page, inbox }, testInfo) => {
      const email = uniqueEmail(testInfo);
      await gotoForm(page, "/");
      const form = newsletterBlock(page);
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Phone", { exact: true }).pressSequentially("2605550199");
      await expect(form.getByLabel("Phone", { exact: true })).toHaveValue("(260) 555-0199");

      const request = page.waitForRequest(
        (r) => r.url().endsWith("/f/newsletter") && r.method() === "POST",
      );
      await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
      const body = (await request).postDataJSON();
      expect(body).toMatchObject({
        email,
        phone: "(260) 555-0199",
        signup_types: { hasEmail: true, hasSMS: true },
        type: "newsletter_signup",
      });
      expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);

      await expect(form.getByRole("status")).toHaveText(newsletterMessages.success);
      await expect(
        page.locator("astro-island[ssr]"),
        "hydrated on the form's first use",
      ).toHaveCount(0);
      await expect(form.getByLabel("Email", { exact: true })).toHaveValue("");
      await expect(form.getByLabel("Phone", { exact: true })).toHaveValue("");

      const rows = await inbox.query<Submission>(
        "SELECT * FROM submissions WHERE form = 'newsletter' AND data LIKE ?",
        `%${email}%`,
      );
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]?.data ?? "{}")).toMatchObject({ email, phone: "(260) 555-0199" });
    },
  );

  test("with neither email nor phone, says so and makes no request", async ({ page }) => {
    await gotoForm(page, "/");
    let posted = false;
    page.on("request", (r) => {
      if (r.url().includes("/f/")) posted = true;
    });
    const form = newsletterBlock(page);
    await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
    await expect(form.getByRole("alert")).toHaveText(newsletterMessages.missing);
    expect(posted).toBe(false);
  });

  test("refuses a Jamaican number in words beside the phone, and makes no request", async ({
    page,
  }) => {
    await gotoForm(page, "/");
    let posted = false;
    page.on("request", (r) => {
      if (r.url().includes("/f/")) posted = true;
    });
    const form = newsletterBlock(page);
    const phone = form.getByLabel("Phone", { exact: true });
    await phone.pressSequentially("8765550100");
    await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
    const words = `${newsletterFields.phone.label} ${validationMessages.textArea}.`;
    await expect(form.getByRole("alert")).toHaveText(words);
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(new RegExp(`^${words}`));
    expect(posted).toBe(false);
  });

  for (const [name, size] of [
    ["narrowest", viewports.narrowest],
    ["desktop", viewports.desktop],
  ] as const) {
    test(`at ${name} width, a message arriving and leaving five seconds later moves nothing`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      await page.addInitScript(recordShifts);
      await gotoForm(page, "/");
      const form = newsletterBlock(page);
      // What a message could push, in the page's coordinates (filling a field may scroll): the
      // band's heading (centred beside the form on a wide screen), the button, the footer.
      const places = async () =>
        Promise.all(
          [
            page.getByRole("heading", { name: "Stay in the Loop" }),
            form.getByRole("button"),
            page.locator("footer").first(),
          ].map((l) => l.evaluate((e) => e.getBoundingClientRect().top + window.scrollY)),
        );
      await form.scrollIntoViewIfNeeded();
      const before = await places();
      await forgetShifts(page);
      await form.getByLabel("Email", { exact: true }).fill(uniqueEmail(testInfo));
      await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
      await expect(form.getByRole("status")).toHaveText(newsletterMessages.success);
      expect(await places(), "with the thanks shown").toEqual(before);
      await expect(form.getByRole("status")).toHaveText("", { timeout: 8_000 });
      expect(await places(), "once the thanks has gone").toEqual(before);
      await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
      await expect(form.getByRole("alert")).toHaveText(newsletterMessages.missing);
      expect(await places(), "with the error shown").toEqual(before);
      await expect(form.getByRole("alert")).toHaveText("", { timeout: 8_000 });
      await twoFrames(page);
      expect(await places(), "once the error has gone").toEqual(before);
      expect(await shiftsSoFar(page), "layout shifts after the page had loaded").toEqual([]);
    });
  }

  test.describe("when the service fails", () => {
    test.use({ allowedConsoleErrors: /Failed to load resource|net::ERR_FAILED/ });

    test("a 500 or an aborted request shows the spec's error and keeps the input", async ({
      page,
    }, testInfo) => {
      const email = uniqueEmail(testInfo);
      await gotoForm(page, "/");
      const form = newsletterBlock(page);
      await page.route("**/f/newsletter", (route) => route.fulfill({ status: 500, body: "{}" }));
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
      await expect(form.getByRole("alert")).toHaveText(newsletterMessages.failed);
      await expect(form.getByLabel("Email", { exact: true })).toHaveValue(email);

      await page.unroute("**/f/newsletter");
      await page.route("**/f/newsletter", (route) => route.abort());
      await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
      await expect(form.getByRole("alert")).toHaveText(newsletterMessages.failed);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("posts the form and lands on the thank-you page, stored in SQLite", async ({
      page,
      inbox,
    }, testInfo) => {
      const email = uniqueEmail(testInfo);
      await page.goto("/");
      const form = newsletterBlock(page);
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
      await expect(page).toHaveURL(/\/newsletter\/thanks$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
      const rows = await inbox.query("SELECT id FROM submissions WHERE data LIKE ?", `%${email}%`);
      expect(rows).toHaveLength(1);
    });

    test("a Jamaican number is refused in the same words, and nothing stored", async ({
      page,
      inbox,
    }, testInfo) => {
      const email = uniqueEmail(testInfo);
      await page.goto("/");
      const form = newsletterBlock(page);
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Phone", { exact: true }).fill("(876) 555-0100");
      const answer = page.waitForResponse((r) => r.url().endsWith("/f/newsletter"));
      await form.getByRole("button", { name: newsletterMessages.subscribe }).click();
      expect((await answer).status()).toBe(422);
      await expect(page.getByRole("listitem")).toHaveText(
        `${newsletterFields.phone.label} ${validationMessages.textArea}`,
      );
      const rows = await inbox.query("SELECT id FROM submissions WHERE data LIKE ?", `%${email}%`);
      expect(rows).toHaveLength(0);
    });
  });
});

test.describe("contact form", () => {
  const fill = async (page: import("@playwright/test").Page, email: string) => {
    await page.getByLabel("Name").fill("Pat Skater");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("textbox", { name: /Phone/ }).fill("260-555-0100");
    await page.getByLabel("Subject").selectOption(contactSubjects[1].value);
    await page.getByLabel("Message").fill("Can we book a party for 12 on Saturday?");
  };

  for (const viewport of [viewports.mobile, viewports.desktop]) {
    test(
      `sends a message: Thank You screen, row in SQLite, email to the owner (${viewport.width}px)`,
      { tag: "@smoke" },
      async ({ page, inbox, mailbox }, testInfo) => {
        await page.setViewportSize(viewport);
        const email = uniqueEmail(testInfo);
        await gotoForm(page, "/contact");
        const select = page.getByLabel("Subject");
        await expect(select.locator("option").first()).toHaveText("Select a topic");
        await expect(select.locator("option")).toHaveText([
          "Select a topic",
          ...contactSubjects.map((s) => s.label),
        ]);
        await fill(page, email);
        await page.getByRole("button", { name: contactMessages.submit }).click();

        const heading = page.getByRole("heading", { name: "Thank You!" });
        await expect(heading).toBeVisible();
        await expect(heading).toBeFocused();
        await expect(page.getByText(contactMessages.success)).toBeVisible();
        await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
        await expect(page.getByRole("button", { name: contactMessages.submit })).toHaveCount(0);

        const rows = await inbox.query<Submission>(
          "SELECT * FROM submissions WHERE form = 'contact' AND data LIKE ?",
          `%${email}%`,
        );
        expect(rows).toHaveLength(1);
        expect(JSON.parse(rows[0]?.data ?? "{}")).toMatchObject({
          name: "Pat Skater",
          email,
          subject: contactSubjects[1].value,
        });
        const mail = await mailbox.waitFor((m) => m.raw.includes(email), 15_000);
        expect(mail.envelope.to).toContain("owner@example.test");
      },
    );
  }

  test.describe("errors", () => {
    test.use({ allowedConsoleErrors: /Failed to load resource|net::ERR_FAILED/ });

    test("a field error from the real server shows under its field", async ({ page, inbox }) => {
      await gotoForm(page, "/contact");
      // "pat@rink" passes the browser's email check but not the server's.
      await fill(page, "pat@rink");
      await page.getByRole("button", { name: contactMessages.submit }).click();
      const email = page.getByRole("textbox", { name: "Email" });
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription(/^Email .+/);
      await expect(page.getByText(/^Email should be an email/)).toBeVisible();
      await expect(page.getByLabel("Message")).toHaveValue(
        "Can we book a party for 12 on Saturday?",
      );
      const rows = await inbox.query("SELECT id FROM submissions WHERE data LIKE '%pat@rink\"%'");
      expect(rows).toHaveLength(0);
    });

    test("a hosted-service failure shows one alert with the phone number and keeps the message", async ({
      page,
    }, testInfo) => {
      await gotoForm(page, "/contact");
      await page.route("**/f/contact", (route) => route.fulfill({ status: 500, body: "oops" }));
      await fill(page, uniqueEmail(testInfo));
      await page.getByRole("button", { name: contactMessages.submit }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(formatPhone(phoneByLabel(site.phones, "Main").number));
      await expect(page.getByLabel("Message")).toHaveValue(
        "Can we book a party for 12 on Saturday?",
      );
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("posts the form and lands on the thank-you page, stored in SQLite", async ({
      page,
      inbox,
    }, testInfo) => {
      const email = uniqueEmail(testInfo);
      await page.goto("/contact");
      await fill(page, email);
      await page.getByRole("button", { name: contactMessages.submit }).click();
      await expect(page).toHaveURL(/\/contact\/thanks$/);
      await expect(page.getByText(contactMessages.success)).toBeVisible();
      const rows = await inbox.query("SELECT id FROM submissions WHERE data LIKE ?", `%${email}%`);
      expect(rows).toHaveLength(1);
    });
  });
});
