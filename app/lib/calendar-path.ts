/** Where the build writes a session's calendar file (scripts/calendar.ts) and cards link. */
export function calendarPath(sessionId: string): string {
  return `/calendar/${sessionId}.ics`;
}
