// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://rink.example/parties"}
// The page's beacon (issue 45) as a visitor's browser runs it: a view once the page has loaded,
// an action for each tap or form that matters to the rink, nothing for a visitor who asked not
// to be tracked. navigator.sendBeacon is the browser's, replaced here by a recorder.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { insightsBeaconPath } from "../../rink/insights.ts";
import { feedPath } from "../lib/calendar-path.ts";
import { linkAction, startBeacon } from "./beacon.ts";

/** A link whose tap is counted but goes nowhere: the test's page stays where it is. */
const link = (href: string) => {
  const a = document.createElement("a");
  a.setAttribute("href", href);
  a.addEventListener("click", (event) => event.preventDefault());
  return a;
};

describe("the action a tapped link is", () => {
  it("is a call, the directions, a calendar file or the feed, by where it goes", () => {
    expect(linkAction(link("tel:+12605550142"), feedPath)).toBe("call");
    expect(linkAction(link("https://www.google.com/maps/dir/?api=1&destination=x"), feedPath)).toBe(
      "directions",
    );
    expect(linkAction(link("/calendar/friday-night.ics"), feedPath)).toBe("add_to_calendar");
    expect(linkAction(link(feedPath), feedPath)).toBe("calendar_feed");
    expect(linkAction(link("webcal://rink.example/calendar/rink.ics"), feedPath)).toBe(
      "calendar_feed",
    );
    for (const href of ["/parties", "https://www.google.com/maps/search/?api=1&query=x", "#main"]) {
      expect(linkAction(link(href), feedPath), href).toBeNull();
    }
  });
});

describe("the page's beacon", () => {
  let sent: { url: string; body: Record<string, unknown> }[];
  beforeEach(() => {
    sent = [];
    vi.stubGlobal("navigator", {
      ...navigator,
      sendBeacon: (url: string, body: string) => {
        sent.push({ url, body: JSON.parse(body) });
        return true;
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("counts the view, a phone link tapped and a signup, with no identifier of the visitor", () => {
    startBeacon(insightsBeaconPath, feedPath);
    const call = link("tel:+12605550142");
    document.body.append(call);
    call.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    // As the newsletter's island says it once the inbox took the signup.
    window.rinkAction?.({ action: "newsletter_signup", label: "email_sms" });
    expect(sent.map((s) => s.url)).toEqual(Array(3).fill(insightsBeaconPath));
    expect(sent.map((s) => s.body)).toEqual([
      { v: 1, path: "/parties", type: "view", ref: null },
      { v: 1, path: "/parties", type: "action", action: "call" },
      { v: 1, path: "/parties", type: "action", action: "newsletter_signup", label: "email_sms" },
    ]);
  });

  it("sends nothing for a visitor whose browser says Global Privacy Control or Do Not Track", () => {
    for (const asked of [{ globalPrivacyControl: true }, { doNotTrack: "1" }]) {
      vi.stubGlobal("navigator", { ...navigator, ...asked });
      startBeacon(insightsBeaconPath, feedPath);
      link("tel:+12605550142").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
    expect(sent).toEqual([]);
  });
});
