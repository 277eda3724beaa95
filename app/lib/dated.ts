// What a page shows about the coming special dates changes with the day, not with a build:
// each dated item is written into the HTML with the days it is shown on (the 60 days up to
// its date) and hidden outside them; app/browser/today.ts shows and hides them again on the
// visitor's clock.
import { addDays, specialDatesWindowDays } from "../../rink/calendar-day.ts";

/**
 * The attributes of an item about `date`, as the build sees it on `today`: shown from `from`
 * (by default the 60 days up to its date) until its date.
 */
export function shownUntil(
  date: string,
  today: string,
  from = addDays(date, -(specialDatesWindowDays - 1)),
) {
  return {
    "data-show-from": from,
    "data-show-until": date,
    hidden: !(today >= from && today <= date),
  };
}

/** Every special date from `today` on, earliest first: the ones a page may come to show. */
export const fromToday = <T extends { date: string }>(dates: readonly T[], today: string) =>
  dates.filter((d) => d.date >= today).sort((a, b) => (a.date < b.date ? -1 : 1));
