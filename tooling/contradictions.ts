import type { Day, SiteContent, TimeRange } from "../app/content/types.ts";
import { hoursOn, rinkClock } from "../rink/calendar-day.ts";
import { formatDate, formatDay, formatTimeRange } from "../rink/format.ts";

// Facts in the content module that disagree with each other: what an owner should fix
// (or confirm) before families see it. Warnings, not errors: the site shows what the
// content says, and the owner decides.

const within = (inner: TimeRange, outer: TimeRange) =>
  inner.start >= outer.start && inner.end <= outer.end;
const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

export function findContradictions(site: SiteContent, now: Date): string[] {
  const warnings: string[] = [];
  const posted = (day: Day) => site.hours.find((d) => d.day === day)?.ranges ?? [];
  const when = (day: Day, time: TimeRange) => `${formatDay(day)} ${formatTimeRange(time)}`;

  for (const s of site.sessions) {
    const ranges = posted(s.day);
    if (ranges.length === 0) {
      warnings.push(
        `Public session "${s.name}" (${when(s.day, s.time)}) is on a day the posted hours list as closed.`,
      );
    } else if (!ranges.some((r) => within(s.time, r))) {
      warnings.push(
        `Public session "${s.name}" (${when(s.day, s.time)}) is outside the posted hours for ${formatDay(s.day)}.`,
      );
    }
  }

  site.sessions.forEach((a, i) => {
    for (const b of site.sessions.slice(i + 1)) {
      if (a.day === b.day && overlaps(a.time, b.time)) {
        warnings.push(
          `Public sessions "${a.name}" and "${b.name}" overlap on ${formatDay(a.day)} (${formatTimeRange(a.time)} and ${formatTimeRange(b.time)}).`,
        );
      }
    }
  });

  // Packages sold during public sessions must fall inside the posted hours; a package
  // with the rink to itself (private) is outside public hours by design.
  for (const group of site.partyAvailability) {
    const publicPackages = group.packageIds.some((id) => id !== "private");
    if (!publicPackages) continue;
    for (const slot of group.slots) {
      for (const day of slot.days) {
        if (!posted(day).some((r) => within(slot.time, r))) {
          warnings.push(
            `Party availability "${group.packages}" on ${when(day, slot.time)} is outside the posted hours for ${formatDay(day)}.`,
          );
        }
      }
    }
  }

  warnings.push(...staleDates(site, now));

  const labels = site.phones.map((p) => p.label);
  for (const label of new Set(labels)) {
    if (labels.filter((l) => l === label).length > 1) {
      warnings.push(`The phone label "${label}" is used more than once.`);
    }
  }
  return warnings;
}

/** Special dates and an announcement that no longer say anything, or say it twice. */
function staleDates(site: SiteContent, now: Date): string[] {
  const warnings: string[] = [];
  const today = rinkClock(now, site.timeZone);
  const seen = new Set<string>();
  for (const d of site.specialDates) {
    if (d.date < today.date) {
      warnings.push(
        `Special date ${d.date} (${d.note}) is in the past: the site no longer shows it, and it can be removed.`,
      );
    }
    if (seen.has(d.date)) {
      warnings.push(
        `Special date ${d.date} (${formatDate(d.date)}) is listed twice: the site uses the first entry.`,
      );
    }
    seen.add(d.date);
    for (const event of d.events) {
      if (
        !d.closed &&
        !hoursOn(d.date, site.hours, [d]).ranges.some((r) => within(event.time, r))
      ) {
        warnings.push(
          `Event "${event.name}" on ${formatDate(d.date)} (${formatTimeRange(event.time)}) is outside that day's hours.`,
        );
      }
    }
  }
  const a = site.announcement;
  if (a.text && !a.until) {
    warnings.push(
      "The announcement has no end (until): it will show on every page until someone removes it.",
    );
  }
  if (a.text && a.until && a.until.slice(0, 10) < today.date) {
    warnings.push(
      `The announcement ended on ${a.until.slice(0, 10)}: it no longer shows and can be cleared.`,
    );
  }
  return warnings;
}
