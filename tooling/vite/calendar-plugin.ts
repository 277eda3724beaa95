import type { Plugin } from "vite";
import { loadSiteContent } from "../../app/content/load.ts";
import { rinkClock } from "../../app/lib/calendar-day.ts";
import { calendarPath, eventId } from "../../app/lib/calendar-path.ts";
import { eventCalendar, sessionCalendar } from "./calendar.ts";

/** Writes one .ics file per public session, and per upcoming one-off event, into the client build. */
export function sessionCalendars(siteUrl: string): Plugin {
  return {
    name: "rink-session-calendars",
    generateBundle() {
      if (this.environment.name !== "client") return;
      const site = loadSiteContent();
      const ctx = {
        rinkName: site.name,
        address: site.address,
        timeZone: site.timeZone,
        siteUrl,
        from: new Date(),
        specialDates: site.specialDates,
      };
      for (const session of site.sessions) {
        this.emitFile({
          type: "asset",
          fileName: calendarPath(session.id).slice(1),
          source: sessionCalendar(session, ctx),
        });
      }
      const today = rinkClock(ctx.from, site.timeZone).date;
      for (const d of site.specialDates.filter((d) => d.date >= today)) {
        for (const event of d.events) {
          this.emitFile({
            type: "asset",
            fileName: calendarPath(eventId(d.date, event.name)).slice(1),
            source: eventCalendar(d.date, event, ctx),
          });
        }
      }
    },
  };
}
