// The counts' clock, run by Node's timer each minute and by the Worker's Cron Trigger: the day's
// end (yesterday's visitor hashes and salt deleted, today's and tomorrow's salts made, vitals
// past 28 days and counts past countsDays deleted), then the Monday summary when it is due.
import { rinkDate } from "../../rink/clock.ts";
import { addDays } from "./calendar.ts";
import { countsDays, type InsightsStore, vitalsDays } from "./store.ts";

export interface TickDeps {
  store: Pick<InsightsStore, "endDays">;
  /** The Monday summary's turn (summary.ts), when the owner's email is set up. */
  summary?: (now: Date) => Promise<unknown>;
  now?: () => Date;
}

export function insightsTick({ store, summary, now = () => new Date() }: TickDeps) {
  return async () => {
    const at = now();
    const today = rinkDate(at);
    await store.endDays(
      today,
      addDays(today, 1),
      addDays(today, 1 - vitalsDays),
      addDays(today, -countsDays),
    );
    await summary?.(at);
  };
}
