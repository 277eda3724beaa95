// @vitest-environment happy-dom
// Home's "Coming Soon" keeps the spec's items (site-spec: "monthly afternoon homeschool skate,
// monthly Christian skate with all Christian music, special theme nights"): one card per event
// by its next date, nearest first, so a busy series cannot fill it.
import { cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { addDays } from "../../rink/calendar-day.ts";
import { site } from "../content/site.ts";
import { buildDate } from "../lib/build-date.ts";
import type { SiteEvent } from "../lib/event-occurrences.ts";
import { ComingSoon, nextEvents } from "./coming-soon.tsx";

afterEach(cleanup);

const events = site.pages.events.events;
const titles = (list: readonly SiteEvent[], today: string) =>
  nextEvents(list, today).map((o) => o.event.title);

describe("Home's Coming Soon", () => {
  it("shows the homeschool skate, the Christian skate and the theme nights, each once", () => {
    const { container } = render(<ComingSoon events={events} />);
    const cards = [...container.querySelectorAll<HTMLElement>("li[data-show-until]")];
    const headings = cards.map((card) => within(card).getByRole("heading").textContent);
    for (const title of ["Homeschool skate", "Christian skate", "Theme nights"]) {
      expect(
        headings.filter((h) => h === title),
        title,
      ).toHaveLength(1);
    }
  });

  it("keeps every event when a busy weekly series comes first, in date order", () => {
    const weekly = {
      ...(events[0] as SiteEvent),
      id: "tuesday-cheap-skate",
      title: "Tuesday cheap skate",
      repeats: "weekly",
      weekday: "tuesday",
      week: undefined,
    } as SiteEvent;
    // Every day of a month: whichever day the build is, the spec's three stay on Home.
    for (let i = 0; i < 31; i++) {
      const today = addDays(buildDate, i);
      const shown = titles([weekly, ...events], today);
      expect(shown, today).toEqual(
        expect.arrayContaining(["Homeschool skate", "Christian skate", "Theme nights"]),
      );
      expect(new Set(shown).size, today).toBe(shown.length);
      const dates = nextEvents([weekly, ...events], today).map((o) => o.date);
      expect(dates, today).toEqual(dates.toSorted());
    }
  });
});
