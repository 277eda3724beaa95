import type { DayHours } from "../content/types";
import { hoursRows } from "../lib/hours";
import { HoursList } from "./hours-list";
import { OpenStatus } from "./open-status";

interface PostedHoursProps {
  hours: readonly DayHours[];
  timeZone: string;
  tone?: "light" | "dark";
}

/** The open-now status above the posted weekly hours, as home, contact and the footer show it. */
export function PostedHours({ hours, timeZone, tone = "light" }: PostedHoursProps) {
  return (
    <>
      {/* Reserved height: the status appears after hydration without shifting the page. */}
      <div className="mt-3 min-h-7">
        <OpenStatus hours={hours} timeZone={timeZone} tone={tone} />
      </div>
      <div className="mt-3">
        <HoursList rows={hoursRows(hours)} tone={tone} />
      </div>
    </>
  );
}
