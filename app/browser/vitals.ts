// Real visitors' Core Web Vitals (issue 45): LCP, INP, CLS, FCP and TTFB from Google's
// web-vitals library, sent as one beacon when the page is first hidden (the visitor leaves,
// switches tab or locks the phone), which is when the library has its final LCP, CLS and INP.
// The page's script imports this file only once the page is idle (page.ts), so its 3 KB
// never compete with the page's own loading: the library reads what the browser buffered
// since the navigation began. One beacon a page view (a page restored from the back/forward
// cache is a new view): a second one for the same view would count its figures twice.
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import type { VitalName } from "../../rink/insights.ts";
import type { BeaconSend } from "./beacon.ts";

/** Collects the page view's vitals and sends them with `send` when the page is first hidden. */
export function reportVitals(send: BeaconSend): void {
  let metrics: Partial<Record<VitalName, number>> = {};
  let sent = false;
  const keep = ({ name, value }: Metric) => {
    if (sent) return;
    metrics[name] = name === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
  };
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(keep);
  // On document: web-vitals listens on the window while capturing, so by the time this runs
  // it has reported what the hiding finished (LCP, CLS, INP).
  document.addEventListener("visibilitychange", () => {
    if (sent || document.visibilityState !== "hidden" || Object.keys(metrics).length === 0) return;
    send({ type: "vitals", metrics });
    sent = true;
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    metrics = {};
    sent = false;
  });
}
