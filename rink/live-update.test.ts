import { describe, expect, it } from "vitest";
import { hoursOn } from "./calendar-day.ts";
import { headline, liveSpecialDate, liveUpdateOf, withLiveDate } from "./live-update.ts";

const now = Date.parse("2026-12-05T13:00:00Z");
const closed = {
  id: "u1",
  kind: "closed-today",
  note: "Closed today: the roads are icy.",
  date: "2026-12-05",
  hours: null,
  until: "2026-12-06T05:59:00Z",
};

describe("the owner's live update as the pages read it", () => {
  it("takes a closure in force and names it as the email's subject does", () => {
    const update = liveUpdateOf({ update: closed }, now);
    expect(update).toEqual(closed);
    expect(headline("closed-today", "2026-12-05", null)).toBe("Closed today");
    expect(headline("closed-on-date", "2026-12-12", null)).toBe("Closed Saturday, December 12");
    expect(headline("different-hours", "2026-12-05", { start: "14:00", end: "17:00" })).toBe(
      "Different hours today: 2:00 PM to 5:00 PM",
    );
  });

  it("shows nothing for no update, one past its end, or an answer that is not one", () => {
    expect(liveUpdateOf({ update: null }, now)).toBeNull();
    expect(liveUpdateOf({ update: closed }, Date.parse(closed.until))).toBeNull();
    for (const bad of [
      null,
      "<html>",
      { update: { ...closed, kind: "party" } },
      { update: { ...closed, date: null } },
      { update: { ...closed, note: 5 } },
      { update: { ...closed, until: "soon" } },
      { update: { ...closed, kind: "different-hours", hours: [{ start: "2 PM", end: "5" }] } },
    ]) {
      expect(liveUpdateOf(bad, now)).toBeNull();
    }
  });

  it("turns its date closed, or to the day's new hours, in place of the content's own", () => {
    const week = [{ day: "saturday" as const, ranges: [{ start: "12:00", end: "15:00" }] }];
    const christmas = {
      date: "2026-12-05",
      closed: false,
      hours: [{ start: "12:00", end: "21:00" }],
      note: "Open all day",
      events: [],
    };
    const update = liveUpdateOf({ update: closed }, now);
    const dates = withLiveDate([christmas], liveSpecialDate(update));
    expect(hoursOn("2026-12-05", week, dates)).toMatchObject({
      closed: true,
      note: "Closed today: the roads are icy.",
    });
    const later = { ...closed, kind: "different-hours", hours: [{ start: "14:00", end: "17:00" }] };
    const hours = withLiveDate([christmas], liveSpecialDate(liveUpdateOf({ update: later }, now)));
    expect(hoursOn("2026-12-05", week, hours).ranges).toEqual([{ start: "14:00", end: "17:00" }]);
    const news = liveUpdateOf({ update: { ...closed, kind: "news", date: null } }, now);
    expect(news?.kind).toBe("news");
    expect(liveSpecialDate(news)).toBeNull();
    expect(withLiveDate([christmas], null)).toEqual([christmas]);
  });
});
