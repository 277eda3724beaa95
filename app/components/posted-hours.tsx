import type { DayHours, SpecialDate } from "../content/types.ts";
import { hoursRows } from "../lib/hours.ts";
import { HoursList } from "./hours-list.tsx";
import { OpenStatus } from "./open-status.tsx";
import { SpecialDatesList } from "./special-dates-list.tsx";

interface PostedHoursProps {
  hours: readonly DayHours[];
  specialDates: readonly SpecialDate[];
  timeZone: string;
  tone?: "light" | "dark";
}

/**
 * The open-now status above the posted weekly hours and the special dates of the next 60
 * days, as home, contact and the footer show them.
 */
export function PostedHours({ hours, specialDates, timeZone, tone = "light" }: PostedHoursProps) {
  return (
    <>
      {/* Reserved height: the status appears on the visitor's clock without shifting the page. */}
      <div className="mt-3 min-h-7">
        <OpenStatus hours={hours} specialDates={specialDates} timeZone={timeZone} tone={tone} />
      </div>
      <div className="mt-3">
        <HoursList rows={hoursRows(hours)} tone={tone} />
      </div>
      <SpecialDatesList dates={specialDates} tone={tone} />
    </>
  );
}
