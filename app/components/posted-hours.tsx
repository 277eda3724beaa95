import type { DayHours, SpecialDate } from "../content/types";
import { hoursRows } from "../lib/hours";
import { HoursList } from "./hours-list";
import { OpenStatus } from "./open-status";
import { SpecialDatesList } from "./special-dates-list";

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
