// The site counting itself (issue 45), with no cookie and nothing stored in the browser: one
// beacon a page view, after the page has loaded; one an action that matters to the rink (a
// phone link tapped, the directions, a signup or a message the inbox took, a calendar file,
// the feed); and real visitors' Core Web Vitals, measured by the web-vitals library loaded
// once the page is idle and sent when the page is hidden. navigator.sendBeacon: the browser
// sends it on its own time, so no tap or navigation waits for it. Nothing at all is sent
// where the visitor asks not to be tracked (Global Privacy Control, Do Not Track): the server
// would not count it anyway (server/insights/).
import { type BeaconAction, beaconVersion, type VitalName } from "../../rink/insights.ts";
import type { SiteAction } from "../lib/site-actions.ts";

declare global {
  interface Navigator {
    globalPrivacyControl?: boolean;
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

/**
 * Counts this page view and what the visitor does on it, to `endpoint`; `vitals` is where the
 * build put the web-vitals library (tooling/web-vitals-file.ts), absent in a test.
 */
export function startBeacon(endpoint: string, feedPath: string, vitals?: string) {
  if (optedOut() || !navigator.sendBeacon) return;
  const path = location.pathname;
  const send = (body: Record<string, unknown>) =>
    navigator.sendBeacon(endpoint, JSON.stringify({ v: beaconVersion, path, ...body }));

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

  // The vitals: after the page's own work, never competing with it.
  const metrics: Partial<Record<VitalName, number>> = {};
  let sent = false;
  const flush = () => {
    if (sent || Object.keys(metrics).length === 0) return;
    // LCP and CLS settle when the page is hidden; INP may grow after: one beacon per view.
    sent = send({ type: "vitals", metrics });
  };
  const measure = async () => {
    if (!vitals) return;
    // By its address, not bundled (tooling/web-vitals-file.ts says why).
    const { onCLS, onFCP, onINP, onLCP, onTTFB }: typeof import("web-vitals") = await import(
      /* @vite-ignore */ vitals
    );
    // Whole milliseconds; CLS, which has no unit, to three places.
    const keep = ({ name, value }: { name: string; value: number }) => {
      metrics[name as VitalName] =
        name === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
    };
    for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(keep);
  };
  const idle = () =>
    "requestIdleCallback" in window
      ? // At the latest 2 s after load: an idle moment may be long in coming on a busy phone.
        requestIdleCallback(() => void measure(), { timeout: 2000 })
      : setTimeout(() => void measure(), 1);
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
