// The one script every page runs (app/layouts/site.astro), a few KiB: the phone's menu, the
// open-now status and the dated lists on the visitor's clock (each minute), the owner's live
// update (its bar, and its date in the status and the lists), the announcement's end, the
// year in the footer, the galleries' viewer, hover prefetch and the site's own count of its
// visits (beacon.ts), and real phones' speed once the page is idle (vitals.ts). The forms are
// React islands of their own, whose runtime it fetches at a form's first use (island-wake.ts).

import { rinkClock } from "../../rink/calendar-day.ts";
import { type LiveUpdate, liveSpecialDate, withLiveDate } from "../../rink/live-update.ts";
import { inForce } from "../lib/announcement.ts";
import { feedPath } from "../lib/calendar-path.ts";
import { startBeacon } from "./beacon.ts";
import { startGalleries } from "./gallery.ts";
import { wakeIslandsOnUse } from "./island-wake.ts";
import { showLiveDates } from "./live-dates.ts";
import { showLiveBar, watchLiveUpdate } from "./live-update.ts";
import { startMenu } from "./menu.ts";
import { type RinkClockData, showOpenStatus } from "./open-status.ts";
import { startHoverPrefetch } from "./prefetch.ts";
import { showToday } from "./today.ts";
import vitalsStart from "./vitals-start.ts?worker&url";

interface PageData extends RinkClockData {
  /** Where the owner's live update is read; null where the site has no server of its own. */
  liveUpdates: string | null;
  /** Where the page's beacon goes (issue 45); null where the site has no server of its own. */
  beacon: string | null;
}

let live: LiveUpdate | null = null;

function everyMinute(rink: PageData | null) {
  const now = new Date();
  if (live && !(Date.parse(live.until) > now.getTime())) showLive(rink, null);
  if (rink) {
    const specialDates = withLiveDate(rink.specialDates, liveSpecialDate(live));
    showOpenStatus({ ...rink, specialDates }, now, live?.note);
    showToday(rinkClock(now, rink.timeZone).date);
  }
  const banner = document.querySelector<HTMLElement>("[data-announcement]");
  if (banner) {
    const window = {
      from: banner.dataset.from ? Number(banner.dataset.from) : null,
      until: banner.dataset.until ? Number(banner.dataset.until) : null,
    };
    document.documentElement.classList.toggle("announcement-off", !inForce(window, now.getTime()));
  }
  for (const year of document.querySelectorAll("[data-current-year]")) {
    year.textContent = String(now.getFullYear());
  }
}

function showLive(rink: PageData | null, update: LiveUpdate | null) {
  live = update;
  showLiveBar(update);
  showLiveDates(liveSpecialDate(update));
  everyMinute(rink);
}

const data = document.getElementById("rink-clock")?.textContent;
const rink: PageData | null = data ? JSON.parse(data) : null;
wakeIslandsOnUse();
startMenu();
startGalleries();
everyMinute(rink);
window.setInterval(() => everyMinute(rink), 60_000);
if (rink?.liveUpdates) watchLiveUpdate(rink.liveUpdates, (update) => showLive(rink, update));
startHoverPrefetch();
const send = rink?.beacon ? startBeacon(rink.beacon, feedPath) : null;
if (send) {
  window.rinkBeacon = send;
  afterLoadAndIdle(() => import(/* @vite-ignore */ vitalsStart));
}

/** Runs `then` once the page has loaded and the main thread is idle (a moment, in Safari). */
function afterLoadAndIdle(then: () => void) {
  const idle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(then, { timeout: 5000 })
      : setTimeout(then, 1000);
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}
