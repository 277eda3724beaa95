// `npm run screenshots`: every page at 390x844, 768x1024, 1280x800 and 1920x1080 with the
// browser's clock on a Friday evening, a Tuesday noon and a closed holiday (issue 19), for
// people to look at: reports/screenshots/clock/<clock>-<page>-<size>.png (the whole page) and
// <clock>-<page>-<size>-first-screen.png (what shows before scrolling). Not a check: it serves
// the test build (built from the fixture content if stale) with the real server, about 2 min.

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { sitePages } from "../app/site-pages.ts";
import { addDays, dayOf } from "../rink/calendar-day.ts";
import { buildTestSite, fixtureContentDir, testSiteDir } from "../tests/support/build.ts";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { startServer } from "../tests/support/server.ts";
import { loadSiteContent } from "../tooling/content/load.ts";
import { projectRoot } from "../tooling/project.ts";

process.env.CONTENT_DIR ??= fixtureContentDir;
const site = loadSiteContent();

// The clocks, from the content: the first closed date that cancels a session (Christmas Day in
// the samples), the Friday before it at 7 PM and the Tuesday before it at noon.
const holiday = site.specialDates.find(
  (d) => d.closed && site.sessions.some((s) => s.day === dayOf(d.date)),
);
if (!holiday) throw new Error("no closed special date with a session in the content");
const before = (day: string) => {
  let date = addDays(holiday.date, -1);
  while (dayOf(date) !== day) date = addDays(date, -1);
  return date;
};
// The rink's offset in December (EST): the tests run the browser in the rink's zone.
const clocks = {
  "friday-7pm": new Date(`${before("friday")}T19:00:00-05:00`),
  "tuesday-noon": new Date(`${before("tuesday")}T12:00:00-05:00`),
  holiday: new Date(`${holiday.date}T12:00:00-05:00`),
};
const sizes = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
// Every page of the one list (app/site-pages.ts) by its name; the 404 page at an unknown path.
const pages = Object.fromEntries(
  sitePages.map((page) => [
    page.module,
    page.kind === "not-found" ? "/this-page-does-not-exist" : page.path,
  ]),
);

const out = join(projectRoot, "reports/screenshots/clock");
mkdirSync(out, { recursive: true });
// The test build, made first if stale (awaited: the helper becomes asynchronous on main).
await buildTestSite();
const tmp = mkdtempSync(join(tmpdir(), "rink-screenshots-"));
const server = await startServer({ siteDir: testSiteDir, databasePath: join(tmp, "inbox.db") });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const [clock, time] of Object.entries(clocks)) {
    for (const size of sizes) {
      const context = await browser.newContext({
        viewport: size,
        locale: "en-US",
        timezoneId: site.timeZone,
      });
      const page = await context.newPage();
      await page.clock.setFixedTime(time);
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
        // The page's script has run (before the load event): the open-now status is written.
        await page.waitForLoadState("load");
        const file = `${clock}-${name}-${size.width}x${size.height}`;
        await page.waitForTimeout(200);
        await page.screenshot({ path: join(out, `${file}-first-screen.png`) });
        // Scrolled to the end and back, so lazy photos are in the whole-page picture.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
            scrollTo(0, y);
            await new Promise((done) => setTimeout(done, 50));
          }
          scrollTo(0, 0);
        });
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(200);
        await page.screenshot({ path: join(out, `${file}.png`), fullPage: true });
      }
      await context.close();
    }
    console.log(`screenshots: ${clock} (${time.toISOString()}) done`);
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(tmp, { recursive: true, force: true });
}
