import type { Plugin } from "vite";
import { loadSiteContent } from "../app/content/load.ts";
import { calendarPath } from "../app/lib/calendar-path.ts";
import { sessionCalendar } from "./calendar.ts";

/** Writes one .ics file per public session into the client build. */
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
      };
      for (const session of site.sessions) {
        this.emitFile({
          type: "asset",
          fileName: calendarPath(session.id).slice(1),
          source: sessionCalendar(session, ctx),
        });
      }
    },
  };
}
