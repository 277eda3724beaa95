import { describe, expect, it } from "vitest";
import { beaconPath, maxPathLength, readBeacon, readBeaconText, vitalRating } from "./insights.ts";

describe("the pages' beacon as the server reads it", () => {
  it("reads a page view, its referrer kept only as sent, the path as the site writes it", () => {
    expect(
      readBeaconText(
        JSON.stringify({ v: 1, type: "view", path: "/Parties/?x=1#top", ref: "https://g.co/x" }),
      ),
    ).toEqual({ ok: true, beacon: { type: "view", path: "/parties", ref: "https://g.co/x" } });
    expect(readBeacon({ v: 1, type: "view", path: "/" })).toEqual({
      ok: true,
      beacon: { type: "view", path: "/", ref: null },
    });
    expect(beaconPath("/contact/thanks/index.html")).toBe("/contact/thanks");
  });

  it("reads the spec's newsletter_signup with its category and label, and the other actions", () => {
    for (const label of ["email", "_sms", "email_sms"]) {
      expect(
        readBeacon({
          v: 1,
          type: "action",
          path: "/",
          action: "newsletter_signup",
          category: "engagement",
          label,
        }),
      ).toEqual({
        ok: true,
        beacon: { type: "action", path: "/", action: "newsletter_signup", label },
      });
    }
    expect(readBeacon({ v: 1, type: "action", path: "/contact", action: "call" })).toEqual({
      ok: true,
      beacon: { type: "action", path: "/contact", action: "call", label: null },
    });
  });

  it("refuses what the page's script never sends", () => {
    const refused = [
      null,
      [],
      "view",
      { type: "view", path: "/" },
      { v: 2, type: "view", path: "/" },
      { v: 1, type: "view", path: "https://evil.example/" },
      { v: 1, type: "view", path: `/${"a".repeat(maxPathLength)}` },
      { v: 1, type: "view", path: "/../etc" },
      { v: 1, type: "click", path: "/" },
      { v: 1, type: "action", path: "/", action: "purchase" },
      { v: 1, type: "action", path: "/", action: "toString" },
      { v: 1, type: "action", path: "/", action: "newsletter_signup" },
      {
        v: 1,
        type: "action",
        path: "/",
        action: "newsletter_signup",
        category: "contact",
        label: "email",
      },
      { v: 1, type: "action", path: "/", action: "call", label: "sms" },
      { v: 1, type: "vitals", path: "/", metrics: { LCP: -1, CLS: "0.1", INP: Number.NaN } },
      { v: 1, type: "vitals", path: "/", metrics: [] },
    ];
    for (const json of refused) expect(readBeacon(json).ok).toBe(false);
    expect(readBeaconText("{").ok).toBe(false);
  });

  it("keeps only the vitals figures within bounds", () => {
    expect(
      readBeacon({
        v: 1,
        type: "vitals",
        path: "/events",
        metrics: { LCP: 1840, INP: 1e9, CLS: 0.02, FCP: 1210, TTFB: 380, FID: 3 },
      }),
    ).toEqual({
      ok: true,
      beacon: {
        type: "vitals",
        path: "/events",
        metrics: { LCP: 1840, CLS: 0.02, FCP: 1210, TTFB: 380 },
      },
    });
  });

  it("rates figures by Google's thresholds, the bounds themselves counting as the better side", () => {
    expect(vitalRating("LCP", 2500)).toBe("good");
    expect(vitalRating("LCP", 2501)).toBe("needs-improvement");
    expect(vitalRating("LCP", 4001)).toBe("poor");
    expect(vitalRating("INP", 200)).toBe("good");
    expect(vitalRating("INP", 500)).toBe("needs-improvement");
    expect(vitalRating("CLS", 0.1)).toBe("good");
    expect(vitalRating("CLS", 0.26)).toBe("poor");
    expect(vitalRating("FCP", 1900)).toBe("needs-improvement");
    expect(vitalRating("TTFB", 1801)).toBe("poor");
  });
});
