/**
 * Shared fixtures for every end-to-end spec. Import `test` and `expect` from here, never
 * from @playwright/test, so each spec gets the same server and the same strictness.
 *
 * What the global setup (global-setup.ts) gives the workers, through process.env:
 *   BASE_URL       the real server (`node server/node/index.ts`) serving the fresh build
 *   DATABASE_PATH  the SQLite file the server's form inbox writes (may not exist yet)
 *   MAIL_DIR       a folder where the SMTP capture server saves each received mail as JSON
 *   SMTP_URL       that capture server; the server was started with NOTIFY_TO
 *                  owner@example.test and NOTIFY_FROM website@example.test
 *                  (and RATE_LIMIT_PER_MINUTE=0: all specs post from one address)
 *
 * Fixtures on `test`:
 *   baseURL        BASE_URL, so page.goto("/about") and request.get("/x") reach the server.
 *   context, page  Every page of the test's context fails the test when the browser logs a
 *                  console error (a 404 asset, a React hydration error, …) or throws an
 *                  uncaught error. Errors are listed in the failure message.
 *   allowedConsoleErrors  option: a RegExp matching console/page errors a test expects on
 *                  purpose, e.g. test.use({ allowedConsoleErrors: /Failed to load resource/ }).
 *                  (A document served with an error status, like the 404 page, is not an
 *                  error here: specs assert the status themselves.)
 *   consoleErrors  the errors seen so far in this test (already filtered), for assertions.
 *   inbox          read-only view of the SQLite inbox: inbox.tables(), inbox.rows(table),
 *                  inbox.query(sql, ...params). Returns [] while the database file does not
 *                  exist. Each call opens the file read-only and closes it again.
 *   mailbox        captured mails: mailbox.all(), mailbox.waitFor(predicate, timeoutMs)
 *                  (resolves with the first matching mail, rejects after the timeout) and
 *                  mailbox.expectNone(predicate, ms) (waits, then asserts none matched).
 *
 * Plain helpers: gotoHydrated(page, path) goes to a page and waits until its script has run
 * and its islands have hydrated (use it before clicking anything JavaScript handles). uniqueEmail(testInfo)
 * gives a value no other test uses, since specs run in parallel against one server, one
 * database and one mailbox: find your own rows and mails by it. readInbox is the inbox
 * read as a function, for use outside a test.
 * site-facts.ts holds what each route must show (expectRouteFacts, expectFooter), read
 * from the content module.
 *
 * Viewports: tests default to 1280x800; use `viewports` and
 * test.use({ viewport: viewports.mobile }) for 390x844.
 *
 * Environment for a run: E2E_SKIP_BUILD=1 serves the existing build/client instead of
 * building; E2E_TRACE=1 keeps a Playwright trace of each failed test; HEADLESS_SHELL_PATH
 * points at another headless shell than /usr/bin/chromium-headless-shell.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import type { SavedMail } from "../smtp.ts";

export { expect };

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
  narrowest: { width: 320, height: 640 },
} as const;

/** "390x844": a viewport as test titles name it. */
export const sizeName = (v: { width: number; height: number }) => `${v.width}x${v.height}`;

/** A mail as the SMTP capture saved it (tests/support/smtp.ts), with its file name in MAIL_DIR. */
export interface CapturedMail extends SavedMail {
  file: string;
}

function env(name: "BASE_URL" | "DATABASE_PATH" | "MAIL_DIR"): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs with \`npx playwright test\``);
  return value;
}

type Row = Record<string, unknown>;

/** Runs one read-only query against the inbox database; [] when the file does not exist. */
export function readInbox<T extends Row = Row>(
  sql: string,
  ...params: (string | number | null)[]
): Promise<T[]> {
  return readDatabase<T>(env("DATABASE_PATH"), sql, ...params);
}

/**
 * Runs one read-only query against the SQLite file at `path` (another server's inbox, such as
 * the cross-origin pair's); [] when the file does not exist.
 */
export async function readDatabase<T extends Row = Row>(
  path: string,
  sql: string,
  ...params: (string | number | null)[]
): Promise<T[]> {
  // Imported here so a spec that never reads the inbox does not need node:sqlite.
  const { DatabaseSync } = await import("node:sqlite");
  let db: InstanceType<typeof DatabaseSync>;
  try {
    db = new DatabaseSync(path, { readOnly: true });
  } catch (error) {
    if (/unable to open|no such file/i.test(String(error))) return [];
    throw error;
  }
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Every mail captured so far, oldest first. */
function readMails(): CapturedMail[] {
  const dir = env("MAIL_DIR");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(join(dir, file), "utf8")) }));
}

export interface Inbox {
  tables(): Promise<string[]>;
  rows<T extends Row = Row>(table: string): Promise<T[]>;
  query<T extends Row = Row>(sql: string, ...params: (string | number | null)[]): Promise<T[]>;
}

export interface Mailbox {
  all(): CapturedMail[];
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  expectNone(predicate: (mail: CapturedMail) => boolean, waitMs?: number): Promise<void>;
}

const inbox: Inbox = {
  async tables() {
    const rows = await readInbox<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    return rows.map((r) => r.name);
  },
  rows(table) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new Error(`Bad table name: ${table}`);
    return readInbox(`SELECT * FROM "${table}"`);
  },
  query: readInbox,
};

const mailbox: Mailbox = {
  all: readMails,
  async waitFor(predicate, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = readMails().find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = readMails().map((m) => `  ${m.file}: to ${m.to}, "${m.subject}"`);
        throw new Error(
          `No matching mail within ${timeoutMs} ms; captured:\n${seen.join("\n") || "  none"}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  },
  async expectNone(predicate, waitMs = 1_500) {
    await new Promise((r) => setTimeout(r, waitMs));
    expect(readMails().filter(predicate)).toEqual([]);
  },
};

/** page.goto, then waits until the page's scripts have run and its islands have hydrated. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Waits until the page's own script has run (module scripts run before the load event) and
 * every React island (<astro-island>, the forms) has hydrated, so handlers are attached. An
 * island hydrates when its form is first used (client:touch, decision 015): each one still
 * waiting is given a pointerdown on its form's first field, as a finger's tap begins, until
 * Astro removes its `ssr` attribute. Dispatched, not tapped: a real tap would move the focus
 * and the scroll, and the specs that call this start from the page as a visitor finds it (a
 * Tab walk from the top, a screenshot). Specs about the touch itself tap as a visitor does
 * (first-tap.spec.ts, performance.spec.ts).
 */
export async function waitForHydration(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(async () => {
    const waiting = [...document.querySelectorAll("astro-island[ssr]")];
    for (const island of waiting) {
      const field = island.querySelector("form input, form select, form textarea");
      await new Promise<void>((done) => {
        const touch = () => {
          if (!island.hasAttribute("ssr")) return done();
          field?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
          // Again later, should the page's script (which fetches the islands' runtime at a form's
          // first use, decision 016) not be listening yet.
          setTimeout(touch, 500);
        };
        new MutationObserver((_, observer) => {
          if (island.hasAttribute("ssr")) return;
          observer.disconnect();
          done();
        }).observe(island, { attributes: true });
        touch();
      });
    }
    // One more frame, so the hydration commit and its effects have run.
    await new Promise((done) => requestAnimationFrame(() => done(null)));
  });
}

let counter = 0;

/** An address no other test uses: visitor-<test id>-<n>@example.test. */
export function uniqueEmail(testInfo: TestInfo): string {
  counter += 1;
  return `visitor-${testInfo.testId}-${testInfo.repeatEachIndex}-${counter}@example.test`;
}

interface Fixtures {
  allowedConsoleErrors: RegExp | undefined;
  consoleErrors: string[];
  inbox: Inbox;
  mailbox: Mailbox;
}

function watch(page: Page, errors: string[], allowed: RegExp | undefined) {
  const record = (text: string) => {
    if (!allowed?.test(text)) errors.push(`${page.url()}: ${text}`);
  };
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    // The browser logs a document served with an error status (the 404 page) as a failed
    // resource; specs assert that status themselves.
    if (where === page.url() && /^Failed to load resource/.test(message.text())) return;
    record(where ? `${message.text()} (${where})` : message.text());
  });
  page.on("pageerror", (error) => record(`uncaught ${error.name}: ${error.message}`));
}

// Playwright reads each fixture's dependencies from its first parameter, which must be an
// object pattern even when a fixture needs none.
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the pattern
  baseURL: async ({}, use) => {
    await use(env("BASE_URL"));
  },
  allowedConsoleErrors: [undefined, { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the pattern
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, consoleErrors, allowedConsoleErrors }, use) => {
    for (const page of context.pages()) watch(page, consoleErrors, allowedConsoleErrors);
    context.on("page", (page) => watch(page, consoleErrors, allowedConsoleErrors));
    await use(context);
    expect(consoleErrors, "browser console errors and uncaught page errors").toEqual([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the pattern
  inbox: async ({}, use) => {
    await use(inbox);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the pattern
  mailbox: async ({}, use) => {
    await use(mailbox);
  },
});
