// Measuring what moves when a page's scripts run, apart from what a busy machine's parser does
// before: the scripts are held back until the page as built has been parsed, painted and its
// layout shifts reported; then they are released and only the shifts after that are
// returned. Used by performance.spec.ts (every page, open and closed),
// special-dates.spec.ts (the announcement hidden before the first paint) and
// live-update.spec.ts (the owner's update arriving on an open page).
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures.ts";

export type Shift = { value: number; sources: string[] };
type ShiftWindow = Window & { __shifts: Shift[]; __flushShifts: () => void };

/** An init script: records every layout shift of the document, with where its sources moved. */
export function recordShifts() {
  const w = window as unknown as ShiftWindow;
  w.__shifts = [];
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  const record = (entries: PerformanceEntry[]) => {
    for (const entry of entries as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      w.__shifts.push({
        value: entry.value,
        sources: (entry.sources ?? []).map((s) => {
          const node =
            s.node instanceof Element
              ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].slice(0, 4).join(".")}`
              : String(s.node?.nodeName);
          return `${node} ${rect(s.previousRect)} → ${rect(s.currentRect)}`;
        }),
      });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: "layout-shift", buffered: true });
  w.__flushShifts = () => record(observer.takeRecords());
}

/** Two frames: whatever changed before has been laid out, painted and reported. */
export const twoFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))),
      ),
  );

/** Forgets the shifts so far (the page's load): shiftsSoFar then returns only later ones. */
export const forgetShifts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as ShiftWindow;
    w.__flushShifts();
    w.__shifts = [];
  });

export const shiftsSoFar = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as ShiftWindow;
    w.__flushShifts();
    return w.__shifts;
  });

/**
 * Holds back the page's scripts until the returned function is called: its own script
 * (app/browser/page.ts, written into the page as a module) is taken out of each document as it
 * arrives, and every script file (the islands' code) is held; what shows meanwhile is the
 * HTML as built. Releasing runs the page's script as it was written and lets the files come.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let releaseFiles = () => {};
  const filesReleased = new Promise<void>((done) => {
    releaseFiles = done;
  });
  const held: string[] = [];
  await page.route(
    (url) => !url.pathname.startsWith("/assets/"),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="module">([\s\S]*?)<\/script>/g,
        (_, code: string) => {
          held.push(code);
          return "";
        },
      );
      // The body is sent as text: its length and encoding are no longer the server's.
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({ response, headers, body: html });
    },
  );
  await page.route("**/assets/*.js", async (route) => {
    await filesReleased;
    await route.continue();
  });
  return async () => {
    releaseFiles();
    // Evaluated by the test, as the page would have run them (its CSP allows them by hash).
    for (const code of held.splice(0)) await page.evaluate(code);
  };
}

/**
 * Goes to `url` with the page's scripts held back (the page must have `recordShifts` as an
 * init script); resolves once the parsed page has been painted, with the number of shifts
 * seen so far and `hydrate`, which releases the entry and waits until React has hydrated.
 */
export async function loadBeforeHydration(page: Page, url: string) {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("footer").waitFor({ state: "attached" });
  // The whole document parsed (readyState leaves "loading" before any deferred script runs, and
  // those are held): with only the footer's start attached, a busy machine's parser could still
  // add the footer's end later, a shift then counted as hydration's (the fresh-clone run of
  // 1d5c73b: /contact at 1280x5000, the footer 97 px taller "after hydration").
  await page.waitForFunction(() => document.readyState !== "loading");
  // Until the parsed page has been painted and its shifts reported: on a busy machine a
  // frame can come late, with the entry for what the parser added.
  let before = -1;
  for (let i = 0; i < 20; i++) {
    await twoFrames(page);
    const count = (await shiftsSoFar(page)).length;
    if (count === before) break;
    before = count;
    await page.waitForTimeout(100);
  }
  expect(
    await page.locator("footer [data-status]").isHidden(),
    "the page's script has not run yet: the footer's status is still empty",
  ).toBe(true);
  const hydrate = async () => {
    await release();
    // What the page's script changed is laid out and painted before the islands hydrate: when
    // waitForHydration still scrolled to each island (until client:touch), a dated note the
    // script hid above an island counted, in the same frame as that scroll, as a shift at the
    // island's place (the fresh-clone run of e53450c on a fast machine: 0.038 on a Saturday
    // past a closure).
    await twoFrames(page);
    await waitForHydration(page);
  };
  return { shiftsWhileParsing: before, hydrate };
}
