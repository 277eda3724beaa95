import { buildDate } from "../lib/build-date.ts";
import { shownUntil } from "../lib/dated.ts";
import type { SiteEvent } from "../lib/event-occurrences.ts";
import { type Occurrence, occurrences } from "../lib/event-occurrences.ts";
import { EventCard } from "./event-card.tsx";
import { SectionHeading } from "./section-heading.tsx";

/** How many events Home's "Coming Soon" shows: each one's next date. */
export const comingSoonCount = 3;

/** The next date of each event, the nearest first, as many as Home shows. */
export function nextEvents(events: readonly SiteEvent[], today: string): Occurrence[] {
  const seen = new Set<string>();
  return occurrences(events, today)
    .filter((o) => !seen.has(o.event.id) && seen.add(o.event.id))
    .slice(0, comingSoonCount);
}

/**
 * Home's "Coming Soon" (issue 34): the next few events of content/events.yml, each dropping off
 * after its date on the visitor's clock (a dated list, app/browser/today.ts), and the way to
 * all of them on /events.
 */
export function ComingSoon({ events }: { events: readonly SiteEvent[] }) {
  const next = nextEvents(events, buildDate);
  return (
    <section aria-labelledby="coming-soon" className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading id="coming-soon" title="Coming Soon" />
      <ul
        data-dated-list
        hidden={next.every((o) => shownUntil(o.date, buildDate).hidden)}
        className="mt-8 grid gap-6 sm:grid-cols-3"
      >
        {next.map((o) => (
          <EventCard key={`${o.date}-${o.event.id}`} occurrence={o} />
        ))}
      </ul>
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
