// The rink's dates ("YYYY-MM-DD", rink/clock.ts) counted in days and weeks: the counts are by
// the rink's day, and its weeks run Monday to Sunday.

const dayMs = 86_400_000;

/** The date `days` after `date` (before, if negative). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** 0 for Monday ... 6 for Sunday. */
export const weekdayIndex = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/** The Monday of the week `date` is in. */
export const mondayOf = (date: string) => addDays(date, -weekdayIndex(date));
