// The content's date and time formats, for the schema (schema.ts), the server's reading of the
// owner's forms (rink/clock.ts) and the pages' reading of the live update
// (rink/live-update.ts): one module without zod, so a page's script can import them.

/** "18:30": a 24-hour time. */
export const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "2026-12-25": a date (isDate in rink/clock.ts also rejects 2026-02-30). */
export const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
