import { useEffect, useState } from "react";
import { buildDate } from "./build-date";
import { rinkClock } from "./calendar-day";

/**
 * The rink's date today, "YYYY-MM-DD". The first render uses the build date, so hydration
 * matches the prerendered HTML; then the visitor's clock takes over (and is read each
 * minute), so a special date that has passed drops out without a rebuild.
 */
export function useRinkToday(timeZone: string): string {
  const [today, setToday] = useState(buildDate);
  useEffect(() => {
    const update = () => setToday(rinkClock(new Date(), timeZone).date);
    update();
    const timer = window.setInterval(update, 60_000);
    return () => window.clearInterval(timer);
  }, [timeZone]);
  return today;
}
