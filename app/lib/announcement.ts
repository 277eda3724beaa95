import { rinkInstant } from "../../rink/calendar-day.ts";
import type { Announcement } from "../content/types.ts";

/** When the announcement shows, as instants (ms); null when there is none to show. */
export interface AnnouncementWindow {
  text: string;
  link?: string;
  linkLabel?: string;
  from: number | null;
  until: number | null;
}

/** The owner's announcement with its from/until read on the rink's clock. */
export function announcementWindow(a: Announcement, timeZone: string): AnnouncementWindow | null {
  if (!a.text) return null;
  return {
    text: a.text,
    link: a.link,
    linkLabel: a.linkLabel,
    from: a.from ? rinkInstant(a.from, timeZone) : null,
    until: a.until ? rinkInstant(a.until, timeZone) : null,
  };
}

export const inForce = (w: Pick<AnnouncementWindow, "from" | "until">, now: number) =>
  (w.from === null || now >= w.from) && (w.until === null || now < w.until);

/**
 * An inline script for <head>: hides the banner before the first paint when the visitor's
 * clock is outside its window, so a page built weeks ago stops showing an ended announcement
 * (its hash goes into the page's CSP like every inline script's).
 */
export const announcementScript = (w: AnnouncementWindow) =>
  `(function(n){if(n<${w.from ?? 0}||n>=${w.until ?? "Infinity"})document.documentElement.classList.add("announcement-off")})(Date.now())`;
