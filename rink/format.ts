import { dayOf } from "./calendar-day.ts";
import type { Day, TimeRange } from "./week.ts";

// Display formatting for prices, clock times and days, so every page shows a fact
// the same way.

/** "$10", "$7.50". */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

function parts(clock: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = clock.split(":").map(Number);
  return { hour, minute };
}

function meridiem(clock: string): "AM" | "PM" {
  return parts(clock).hour < 12 ? "AM" : "PM";
}

function bareTime(clock: string): string {
  const { hour, minute } = parts(clock);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")}`;
}

/** "6:30 PM" from "18:30". */
export function formatTime(clock: string): string {
  return `${bareTime(clock)} ${meridiem(clock)}`;
}

/** "6:30–9:00 PM", or "11:30 AM–1:00 PM" when the range crosses noon. */
export function formatTimeRange({ start, end }: TimeRange): string {
  return meridiem(start) === meridiem(end)
    ? `${bareTime(start)}–${formatTime(end)}`
    : `${formatTime(start)}–${formatTime(end)}`;
}

/** Each day's name as the site and the editor write it. */
export const dayNames: Record<Day, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** "Saturday" from "saturday". */
export function formatDay(day: Day): string {
  return dayNames[day];
}

/** "Friday and Saturday", "Saturday, Sunday and Monday". */
export function formatDayList(days: readonly Day[]): string {
  const names = days.map(formatDay);
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "2.5 hours", "2 hours", "45 minutes". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1).replace(/\.0$/, "")} ${hours === 1 ? "hour" : "hours"}`;
}

/** "Up to 10 skaters", "Unlimited skaters". */
export function formatSkaters(skaters: number | "unlimited"): string {
  return skaters === "unlimited" ? "Unlimited skaters" : `Up to ${skaters} skaters`;
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function dateParts(date: string): { month: string; day: number } {
  const [, month = 1, day = 1] = date.split("-").map(Number);
  return { month: monthNames[month - 1] ?? "", day };
}

/** "Friday, Dec 25" for "2026-12-25" (no Intl: the date is already the rink's). */
export function formatDate(date: string): string {
  const { month, day } = dateParts(date);
  return `${formatDay(dayOf(date))}, ${month.slice(0, 3)} ${day}`;
}

/** "Friday, December 25": the owner's updates name their date in full. */
export function formatLongDate(date: string): string {
  const { month, day } = dateParts(date);
  return `${formatDay(dayOf(date))}, ${month} ${day}`;
}
