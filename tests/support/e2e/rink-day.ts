// "Closed today" is about the rink's date when it is posted, and the owner's form offers it
// until 23:59 that day: a spec that posts it and then checks it must not straddle the rink's
// midnight. The CI run of bc5db47 reached the post at 23:59 on the rink's clock, with the
// form's end already past.
import { addDays, rinkClock, rinkInstant } from "../../../rink/calendar-day.ts";
import { site } from "./content.ts";
import { test } from "./fixtures.ts";

/**
 * Returns at once unless the rink's midnight is less than `minutes` away; then waits for the new
 * day (at most `minutes` and a few seconds, a few runs in a thousand), the test's time limit
 * growing by as much.
 */
export async function clearOfRinkMidnight(minutes: number) {
  const now = Date.now();
  const { date } = rinkClock(new Date(now), site.timeZone);
  const midnight = rinkInstant(`${addDays(date, 1)}T00:00`, site.timeZone);
  if (midnight - now > minutes * 60_000) return;
  const wait = midnight - now + 2_000;
  test.info().setTimeout(test.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}
