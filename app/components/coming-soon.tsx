import { buildDate } from "../lib/build-date.ts";
import { shownUntil } from "../lib/dated.ts";
import type { SiteEvent } from "../lib/event-occurrences.ts";
import { type Closure, type Occurrence, occurrences } from "../lib/event-occurrences.ts";
import { CancelledNoteTemplate, EventCard } from "./event-card.tsx";
import { SectionHeading } from "./section-heading.tsx";

/**
 * Each event's next date in the weeks the pages are written for, nearest first: one card per
 * event, so a busy series (a weekly skate) cannot push the monthly ones off Home.
 */
export function nextEvents(
  events: readonly SiteEvent[],
  today: string,
  closures: readonly Closure[] = [],
): Occurrence[] {
  const seen = new Set<string>();
  return occurrences(events, today, closures).filter(
    (o) => !seen.has(o.event.id) && seen.add(o.event.id),
  );
}

/**
 * Home's "Coming Soon" (issue 34, 43): every event of content/events.yml by its next date, each dropping off
 * after its date on the visitor's clock (a dated list, app/browser/today.ts), and the way to
 * all of them on /events.
 */
export function ComingSoon({
  events,
  closures = [],
}: {
  events: readonly SiteEvent[];
  /** The special dates: an event's date the rink is closed shows as cancelled. */
  closures?: readonly Closure[];
}) {
  const next = nextEvents(events, buildDate, closures);
  return (
    <section aria-labelledby="coming-soon" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading id="coming-soon" title="Coming Soon" />
      <ul
        data-dated-list
        hidden={next.every((o) => shownUntil(o.date, buildDate, "").hidden)}
        className="mt-8 grid gap-6 sm:grid-cols-3"
      >
        {next.map((o) => (
          // Shown on any day until its date, however far it is ("" from, as a live item is):
          // an event's next date is news on Home even 60 days away (a skipped month's theme
          // night), and on a clock behind the build's.
          <EventCard key={`${o.date}-${o.event.id}`} occurrence={o} showFrom="" />
        ))}
      </ul>
      <CancelledNoteTemplate />
      <p className="mt-8">
        <a
          href="/events"
          className="font-semibold text-brand-800 text-lg underline underline-offset-4 hover:text-brand-600"
        >
          See all events
        </a>
      </p>
    </section>
  );
}
