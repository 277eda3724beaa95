// Checks the harness itself, so a failing form spec points at the form, not the plumbing.
import nodemailer from "nodemailer";
import { expect, test, uniqueEmail } from "../support/e2e/fixtures.ts";

test("the server serves the fresh build on BASE_URL", async ({ request, baseURL }) => {
  expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/html");
});

test("a mail sent to SMTP_URL is captured and readable", async ({ mailbox }, testInfo) => {
  const to = uniqueEmail(testInfo);
  const transport = nodemailer.createTransport(process.env.SMTP_URL);
  await transport.sendMail({
    from: "website@example.test",
    to,
    replyTo: "visitor@example.test",
    subject: "Café booking — 5 skaters",
    text: `Hello from the harness.\n${"A long line that quoted-printable will wrap. ".repeat(4)}`,
    html: "<p>Hello from the <b>harness</b>.</p>",
  });
  transport.close();
  const mail = await mailbox.waitFor((m) => m.envelope.to.includes(to));
  expect(mail.subject).toBe("Café booking — 5 skaters");
  expect(mail.replyTo).toContain("visitor@example.test");
  expect(mail.envelope.from).toBe("website@example.test");
  expect(mail.text).toContain("Hello from the harness.");
  expect(mail.text).toContain("quoted-printable will wrap. A long line");
  expect(mail.html).toContain("<b>harness</b>");
});

test("the inbox helpers read the database read-only, or nothing before it exists", async ({
  inbox,
}) => {
  const tables = await inbox.tables();
  expect(Array.isArray(tables)).toBe(true);
  for (const table of tables) expect(Array.isArray(await inbox.rows(table))).toBe(true);
});

test.describe("the console-error guard", () => {
  test.fail("fails a test whose page logs a console error", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => console.error("deliberate error from the harness spec"));
  });

  test.fail("fails a test whose page throws an uncaught error", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("deliberate uncaught error");
      });
    });
    await page.waitForTimeout(200);
  });

  test.describe("with an allowed pattern", () => {
    test.use({ allowedConsoleErrors: /deliberate allowed error/ });
    test("lets that error through", async ({ page, consoleErrors }) => {
      await page.goto("/");
      await page.evaluate(() => console.error("deliberate allowed error"));
      expect(consoleErrors).toEqual([]);
    });
  });
});
