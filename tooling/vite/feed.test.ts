import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { site } from "../../app/content/site.ts";
import type { SiteContent } from "../../app/content/types.ts";
import { dayOf } from "../../rink/calendar-day.ts";
import { eventDates } from "../../rink/repeats.ts";
import { scheduleFeed } from "./feed.ts";

// The whole schedule's calendar feed (issue 34) read as a calendar app reads it: parsed by
// ical.js, its zone registered from its own VTIMEZONE, each event's RRULE and EXDATE expanded.
// The dates must be the ones the pages list (rink/repeats.ts), at the rink's wall-clock times.

const siteUrl = "https://rink.example";
const now = new Date("2026-11-26T17:00:00Z"); // Thursday, Nov 26 on the rink's clock

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone") ?? undefined);
  ICAL.TimezoneService.register(zone, site.timeZone);
  const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
  return { calendar, events };
}

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (t: ICAL.Time) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;
const clockOf = (t: ICAL.Time) => `${pad(t.hour)}:${pad(t.minute)}`;

/** The event's occurrences up to `last`, as a calendar app expands them (RRULE minus EXDATE). */
function expand(event: ICAL.Event, last: string): ICAL.Time[] {
  if (!event.isRecurring()) return [event.startDate];
  const iterator = event.iterator();
  const out: ICAL.Time[] = [];
  for (let next = iterator.next(); next && dateOf(next) <= last; next = iterator.next()) {
    out.push(next);
  }
  return out;
}

describe("the schedule's calendar feed", () => {
  const text = scheduleFeed(site, { siteUrl, now });
  const { calendar, events } = parse(text);
  const byUid = (uid: string) => {
    const found = events.find((e) => e.uid === `${uid}@rink.example`);
    if (!found) throw new Error(`no event ${uid} in the feed`);
    return found;
  };

  it("is a VCALENDAR 2.0 with its PRODID, the rink's VTIMEZONE and CRLF lines of 75 octets at most", () => {
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(calendar.getFirstPropertyValue("prodid"))).toContain(site.name);
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(
      site.timeZone,
    );
    const lines = text.split("\r\n");
    // Subscribed apps read it again twice a day (RFC 7986, and the older X-PUBLISHED-TTL).
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT12H");
    expect(lines).toContain("X-PUBLISHED-TTL:PT12H");
    expect(text.replaceAll("\r\n", "")).not.toContain("\n");
    // The last line too ends with CRLF (RFC 5545 3.1: every content line does).
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    lines.pop();
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Every VEVENT has what RFC 5545 requires of one: UID, DTSTAMP, DTSTART (in the zone).
    for (const e of events) {
      expect(e.uid).toMatch(/@rink\.example$/);
      expect(e.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
      expect(e.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(site.timeZone);
    }
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it("has every public session weekly, without the dates the rink is closed", () => {
    for (const session of site.sessions) {
      const dates = expand(byUid(session.id), "2027-01-31").map(dateOf);
      expect(dates.length).toBeGreaterThan(8);
      for (const date of dates) expect(dayOf(date)).toBe(session.day);
      for (const closed of site.specialDates.filter((d) => d.closed)) {
        expect(dates).not.toContain(closed.date);
      }
    }
  });

  it("expands each owner's event to the dates the pages list, at its times", () => {
    const owned = site.pages.events.events;
    expect(owned.length).toBeGreaterThan(0);
    for (const event of owned) {
      const found = expand(byUid(`event-${event.id}`), "2027-06-30");
      expect(found.map(dateOf)).toEqual(eventDates(event, "2026-11-26", "2027-06-30"));
      for (const t of found) expect(clockOf(t)).toBe(event.time.start);
      expect(byUid(`event-${event.id}`).summary).toBe(event.title);
    }
  });

  it("leaves a skipped date out through EXDATE, the rule's dates around it kept", () => {
    const theme = byUid("event-theme-nights");
    expect(theme.component.getFirstPropertyValue("rrule")?.toString()).toBe(
      "FREQ=MONTHLY;BYDAY=-1SA",
    );
    const exdates = theme.component
      .getAllProperties("exdate")
      .map((p) => String(p.getFirstValue()));
    expect(exdates).toEqual(["2026-12-26T18:30:00"]);
    expect(expand(theme, "2027-02-28").map(dateOf)).toEqual(["2027-01-30", "2027-02-27"]);
  });

  it("takes a date the rink is closed off an owner's event: EXDATE in a repeat, CANCELLED for a one-off", () => {
    const closing: SiteContent = structuredClone(site) as SiteContent;
    closing.specialDates = [
      ...closing.specialDates,
      { date: "2026-12-08", closed: true, note: "Ice storm", hours: [], events: [] },
      { date: "2026-12-12", closed: true, note: "Ice storm", hours: [], events: [] },
    ];
    const { events: found } = parse(scheduleFeed(closing, { siteUrl, now }));
    const homeschool = found.find((e) => e.uid === "event-homeschool-skate@rink.example");
    const toyDrive = found.find((e) => e.uid === "event-toy-drive-skate@rink.example");
    if (!homeschool || !toyDrive) throw new Error("an event is missing from the feed");
    expect(expand(homeschool, "2027-02-28").map(dateOf)).toEqual(["2027-01-12", "2027-02-09"]);
    expect(toyDrive.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    // Left as they were without the closures.
    expect(byUid("event-toy-drive-skate").component.getFirstPropertyValue("status")).toBeNull();
    expect(expand(byUid("event-homeschool-skate"), "2026-12-31").map(dateOf)).toEqual([
      "2026-12-08",
    ]);
  });

  it("ends a repeat on its last date (UNTIL in UTC) and keeps its time across both clock changes", () => {
    const sundays: SiteContent = structuredClone(site) as SiteContent;
    sundays.pages.events.events = [
      {
        id: "sunday-lessons",
        title: "Sunday lessons",
        description: "Learn to skate.",
        time: { start: "13:00", end: "14:00" },
        price: 5,
        tags: [],
        repeats: "weekly",
        weekday: "sunday",
        from: "2026-10-25",
        until: "2027-03-14",
        skip: [],
      },
    ];
    const lessons = parse(
      scheduleFeed(sundays, { siteUrl, now: new Date("2026-10-20T12:00:00Z") }),
    ).events.find((e) => e.uid.startsWith("event-sunday-lessons"));
    if (!lessons) throw new Error("no lessons in the feed");
    const rule = lessons.component.getFirstPropertyValue("rrule") as ICAL.Recur;
    expect(rule.until?.zone).toBe(ICAL.Timezone.utcTimezone);
    const found = expand(lessons, "2027-12-31");
    expect(found.map(dateOf).at(-1)).toBe("2027-03-14");
    expect(found).toHaveLength(21);
    const utcOf = (date: string) => {
      const t = found.find((f) => dateOf(f) === date);
      return t?.toJSDate().toISOString();
    };
    // 1 PM EDT before clocks go back, 1 PM EST on 2026-11-01; EDT again on 2027-03-14.
    expect(utcOf("2026-10-25")).toBe("2026-10-25T17:00:00.000Z");
    expect(utcOf("2026-11-01")).toBe("2026-11-01T18:00:00.000Z");
    expect(utcOf("2027-03-07")).toBe("2027-03-07T18:00:00.000Z");
    expect(utcOf("2027-03-14")).toBe("2027-03-14T17:00:00.000Z");
  });
});
