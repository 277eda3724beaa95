// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://rink.example/parties"}
// The page's beacon and a phone's speed (issue 45): web-vitals' figures, from the library as the
// build serves it (an ES module at an address, here one that reports known figures), go once,
// with the page's last beacon when it is hidden. A file of its own: the page's listeners stay
// on the window for the rest of a file (beacon.test.ts has the views and taps).
import { expect, it, vi } from "vitest";
import { insightsBeaconPath } from "../../rink/insights.ts";
import { feedPath } from "../lib/calendar-path.ts";
import { startBeacon } from "./beacon.ts";

it("sends the phone's speed figures once, with the page's last beacon when it is hidden", async () => {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal("navigator", {
    ...navigator,
    sendBeacon: (_url: string, body: string) => {
      sent.push(JSON.parse(body));
      return true;
    },
  });
  // The library as the build serves it: an ES module at an address, each figure reported.
  const library = `data:text/javascript,${encodeURIComponent(
    ["CLS", "FCP", "INP", "LCP", "TTFB"]
      .map(
        (name, i) =>
          `export const on${name} = (report) => report({ name: "${name}", value: ${name === "CLS" ? 0.04321 : 100 * (i + 1) + 0.4} });`,
      )
      .join("\n"),
  )}`;
  vi.stubGlobal("requestIdleCallback", (run: () => void) => setTimeout(run, 0));
  startBeacon(insightsBeaconPath, feedPath, library);
  await vi.waitFor(() => {
    window.dispatchEvent(new Event("pagehide"));
    expect(sent.some((s) => s.type === "vitals")).toBe(true);
  });
  window.dispatchEvent(new Event("pagehide"));
  const vitals = sent.filter((s) => s.type === "vitals");
  expect(vitals).toEqual([
    {
      v: 1,
      path: "/parties",
      type: "vitals",
      metrics: { CLS: 0.043, FCP: 200, INP: 300, LCP: 400, TTFB: 500 },
    },
  ]);
});
