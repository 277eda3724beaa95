// The one script every page runs (app/layouts/site.astro), a few KiB: the phone's menu, the
// open-now status and the dated lists on the visitor's clock (each minute), the
// announcement's end, the year in the footer, the galleries' viewer and hover prefetch. The
// forms are React islands of their own.
import { inForce } from "../lib/announcement";
import { rinkClock } from "../lib/calendar-day";
import { startGalleries } from "./gallery";
import { startMenu } from "./menu";
import { type RinkClockData, showOpenStatus } from "./open-status";
import { startHoverPrefetch } from "./prefetch";
import { showToday } from "./today";

function everyMinute(rink: RinkClockData | null) {
  const now = new Date();
  if (rink) {
    showOpenStatus(rink, now);
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

const data = document.getElementById("rink-clock")?.textContent;
const rink: RinkClockData | null = data ? JSON.parse(data) : null;
startMenu();
startGalleries();
everyMinute(rink);
window.setInterval(() => everyMinute(rink), 60_000);
startHoverPrefetch();
