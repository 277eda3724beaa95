// The site counting itself (issue 45), with no cookie and nothing stored in the browser: one
// beacon a page view, after the page has loaded; one an action that matters to the rink (a
// phone link tapped, the directions, a signup or a message the inbox took, a calendar file,
// the feed). navigator.sendBeacon: the browser sends it on its own time, so no tap or
// navigation waits for it. Real visitors' Core Web Vitals go through the same sender once the
// page is idle (vitals.ts). Nothing at all is sent where the visitor asks not to be tracked
// (Global Privacy Control, Do Not Track): the server would not count it anyway
// (server/insights/).
import { type BeaconAction, beaconVersion } from "../../rink/insights.ts";
import type { SiteAction } from "../lib/site-actions.ts";

declare global {
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
  interface Window {
    /** The page view's sender, for the vitals' bundle (vitals-start.ts) once the page is idle. */
    rinkBeacon?: BeaconSend;
  }
}

/** The action a tapped link is, from where it goes; null for any other link. */
export function linkAction(link: HTMLAnchorElement, feedPath: string): BeaconAction | null {
  const href = link.getAttribute("href") ?? "";
  if (href.startsWith("tel:")) return "call";
  if (href.startsWith("webcal:") || href === feedPath) return "calendar_feed";
  if (href.endsWith(".ics")) return "add_to_calendar";
  if (/^https:\/\/www\.google\.com\/maps\/dir\//.test(href)) return "directions";
  return null;
}

/** Whether the visitor asked not to be tracked. */
const optedOut = () =>
  navigator.globalPrivacyControl === true ||
  navigator.doNotTrack === "1" ||
  (window as { doNotTrack?: string }).doNotTrack === "1";

/** The page view's sender: each body sent with the wire format's version and the page's path. */
export type BeaconSend = (body: Record<string, unknown>) => void;

/**
 * Counts this page view and what the visitor does on it, to `endpoint`; returns the sender
 * (for the vitals), or null where nothing may be sent.
 */
export function startBeacon(endpoint: string, feedPath: string): BeaconSend | null {
  if (optedOut() || !navigator.sendBeacon) return null;
  const path = location.pathname;
  const send = (body: Record<string, unknown>) => {
    navigator.sendBeacon(endpoint, JSON.stringify({ v: beaconVersion, path, ...body }));
  };

  const view = () => send({ type: "view", ref: document.referrer || null });
  if (document.readyState === "complete") view();
  else addEventListener("load", view, { once: true });

  const act = ({ action, label }: SiteAction) =>
    send({ type: "action", action, ...(label ? { label } : {}) });
  window.rinkAction = act;
  // Capture: counted before the link takes the page away.
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a");
      const action = link ? linkAction(link, feedPath) : null;
      if (action) act({ action });
    },
    { capture: true, passive: true },
  );
  return send;
}
