/** Where the build writes a session's calendar file (tooling/vite/calendar.ts) and cards link. */
export function calendarPath(sessionId: string): string {
  return `/calendar/${sessionId}.ics`;
}

/** A one-off event's id: its date and name, e.g. "2026-12-31-new-year-s-eve-glow-skate". */
export function eventId(date: string, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${date}-${slug}`;
}

/** The whole schedule as one calendar to subscribe to: public sessions and events (issue 34). */
export const feedPath = "/calendar/rink.ics";
