// @vitest-environment happy-dom
// Real phones' speed (issue 45) as the page's script reports it: the figures web-vitals gives,
// sent as one beacon when the page is first hidden, none before, none twice for one view, and
// again for a view restored from the back/forward cache. web-vitals is Google's and is
// replaced here by a stand-in that reports what a test tells it; the browser's side (the
// library loaded after idle, the beacon reaching the owner's page) is tests/e2e/insights.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Report = (metric: { name: string; value: number }) => void;
const reporters = vi.hoisted(() => new Map<string, Report>());
vi.mock("web-vitals", () => {
  const on = (name: string) => (report: Report) => reporters.set(name, report);
  return {
    onLCP: on("LCP"),
    onINP: on("INP"),
    onCLS: on("CLS"),
    onFCP: on("FCP"),
    onTTFB: on("TTFB"),
  };
});
const { reportVitals } = await import("./vitals.ts");

let visibility: DocumentVisibilityState = "visible";
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
};
const report = (name: string, value: number) => reporters.get(name)?.({ name, value });

describe("the phones' speed", () => {
  let sent: Record<string, unknown>[];
  beforeEach(() => {
    sent = [];
    visibility = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    reportVitals((body) => sent.push(body));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    reporters.clear();
  });

  it("sends the view's five figures once, when the page is first hidden", () => {
    report("TTFB", 381.4);
    report("FCP", 1210.2);
    report("LCP", 1840.6);
    expect(sent, "nothing while the visitor is on the page").toEqual([]);
    report("CLS", 0.02345);
    report("INP", 96);
    setVisibility("hidden");
    expect(sent).toEqual([
      { type: "vitals", metrics: { TTFB: 381, FCP: 1210, LCP: 1841, CLS: 0.023, INP: 96 } },
    ]);
    // Back to the tab and away again: the same view, not a second sample.
    setVisibility("visible");
    report("INP", 180);
    setVisibility("hidden");
    expect(sent).toHaveLength(1);
  });

  it("sends nothing for a view hidden before any figure came", () => {
    setVisibility("hidden");
    expect(sent).toEqual([]);
  });

  it("counts a page restored from the back/forward cache as a new view", () => {
    report("FCP", 900);
    setVisibility("hidden");
    const restored = new Event("pageshow") as PageTransitionEvent;
    Object.defineProperty(restored, "persisted", { value: true });
    dispatchEvent(restored);
    setVisibility("visible");
    report("FCP", 120);
    setVisibility("hidden");
    expect(sent.map((s) => s.metrics)).toEqual([{ FCP: 900 }, { FCP: 120 }]);
  });
});
