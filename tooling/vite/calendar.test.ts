import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { site } from "../../app/content/site.ts";
import { eventCalendar, sessionCalendar } from "./calendar.ts";

const weekday = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const byDay = {
  sunday: "SU",
  monday: "MO",
  tuesday: "TU",
  wednesday: "WE",
  thursday: "TH",
  friday: "FR",
  saturday: "SA",
};

describe("session calendar files", () => {
  const ctx = {
    rinkName: site.name,
    address: site.address,
    timeZone: site.timeZone,
    siteUrl: "https://rink.example",
    from: new Date("2026-11-22T17:00:00Z"), // a Sunday in Indianapolis
    specialDates: [],
  };

  for (const session of site.sessions) {
    it(`${session.name}: weekly on its day, at its times, in the rink's zone`, () => {
      const text = sessionCalendar(session, ctx);
      const calendar = new ICAL.Component(ICAL.parse(text));
      const zone = calendar.getFirstSubcomponent("vtimezone");
      expect(zone?.getFirstPropertyValue("tzid")).toBe(site.timeZone);
      const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
      const start = event.startDate;
      const end = event.endDate;
      expect(event.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(site.timeZone);
      expect(event.component.getFirstProperty("dtend")?.getParameter("tzid")).toBe(site.timeZone);
      expect(weekday[start.dayOfWeek() - 1]).toBe(byDay[session.day]);
      const clock = (t: ICAL.Time) =>
        `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
      expect(clock(start)).toBe(session.time.start);
      expect(clock(end)).toBe(session.time.end);
      const rule = event.component.getFirstPropertyValue("rrule") as ICAL.Recur;
      expect(rule.freq).toBe("WEEKLY");
      expect(rule.parts.BYDAY).toEqual([byDay[session.day]]);
      expect(event.summary).toContain(session.name);
      expect(event.location).toBe(site.address.mapsQuery);
      // The first occurrence is the next such weekday, not in the past.
      expect(start.toJSDate().getTime()).toBeGreaterThan(ctx.from.getTime() - 86_400_000);
    });
  }

  it("keeps the wall-clock time across daylight saving: 8 PM is 01:00Z in winter, 00:00Z in summer", () => {
    const rewind = site.sessions.find((s) => s.id === "wednesday-night-rewind");
    if (!rewind) throw new Error("the content has no Wednesday Night Rewind");
    const calendar = new ICAL.Component(ICAL.parse(sessionCalendar(rewind, ctx)));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone") ?? undefined);
    const iterator = event.iterator();
    const utcHours = new Set<number>();
    for (let i = 0, next = iterator.next(); next && i < 30; i++, next = iterator.next()) {
      next.zone = zone;
      utcHours.add(next.toJSDate().getUTCHours());
    }
    expect([...utcHours].sort()).toEqual([0, 1]);
  });

  it("leaves the owner's closed dates out of a weekly session (EXDATE), and only those", () => {
    const friday = site.sessions.find((s) => s.day === "friday");
    if (!friday) throw new Error("the content has no Friday session");
    const closures = [
      { date: "2026-12-25", closed: true, hours: [], events: [], note: "Christmas" },
      { date: "2026-12-24", closed: true, hours: [], events: [], note: "Christmas Eve" }, // a Thursday
    ];
    const calendar = new ICAL.Component(
      ICAL.parse(sessionCalendar(friday, { ...ctx, specialDates: closures })),
    );
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone") ?? undefined);
    const dates: string[] = [];
    const iterator = event.iterator();
    for (let i = 0, next = iterator.next(); next && i < 6; i++, next = iterator.next()) {
      next.zone = zone;
      dates.push(next.toString().slice(0, 10));
    }
    expect(dates).toEqual([
      "2026-11-27",
      "2026-12-04",
      "2026-12-11",
      "2026-12-18",
      "2027-01-01",
      "2027-01-08",
    ]);
  });

  it("writes a one-off event on its date, at its times, in the rink's zone", () => {
    const text = eventCalendar(
      "2026-12-31",
      { name: "Glow Skate", time: { start: "19:00", end: "23:59" }, price: 12 },
      ctx,
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    expect(event.summary).toBe(`Glow Skate at ${site.name}`);
    expect(event.startDate.toString()).toBe("2026-12-31T19:00:00");
    const dtstart = calendar.getFirstSubcomponent("vevent")?.getFirstProperty("dtstart");
    expect(dtstart?.getParameter("tzid")).toBe(site.timeZone);
    expect(event.isRecurring()).toBe(false);
  });

  it("marks a date the rink is closed CANCELLED in that date's own file", () => {
    const glow = { name: "Glow Skate", time: { start: "19:00", end: "23:59" }, price: 12 };
    const status = (text: string) =>
      new ICAL.Component(ICAL.parse(text))
        .getFirstSubcomponent("vevent")
        ?.getFirstPropertyValue("status");
    expect(status(eventCalendar("2026-12-31", glow, ctx, "glow", true))).toBe("CANCELLED");
    expect(status(eventCalendar("2026-12-31", glow, ctx, "glow"))).not.toBe("CANCELLED");
  });
});
