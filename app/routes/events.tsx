import { formatDate } from "../../rink/format.ts";
import { EventCard } from "../components/event-card.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { SectionHeading } from "../components/section-heading.tsx";
import { site } from "../content/site.ts";
import { buildDate } from "../lib/build-date.ts";
import { shownUntil } from "../lib/dated.ts";
import { occurrences, weekOf } from "../lib/event-occurrences.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "events", path);

/**
 * /events: the owner's events, week by week from today (issue 34). Each date is an item of its
 * week's dated list: it shows until its day and drops off after it on the visitor's clock, and
 * a week with nothing left to show is hidden with it (app/browser/today.ts), without a rebuild.
 */
export default function Events() {
  const page = site.pages.events;
  const coming = occurrences(page.events, buildDate);
  const weeks = [...new Set(coming.map((o) => weekOf(o.date)))].map((monday) => ({
    monday,
    items: coming.filter((o) => weekOf(o.date) === monday),
  }));
  return (
    <>
      <PageHero title={page.heading} lead={page.lead} />
      <section aria-labelledby="coming-up" className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <SectionHeading id="coming-up" title="Coming up" />
        {weeks.map(({ monday, items }) => (
          <section
            key={monday}
            data-dated-list
            hidden={items.every((o) => shownUntil(o.date, buildDate).hidden)}
            aria-labelledby={`week-${monday}`}
            className="mt-8"
          >
            <h3
              id={`week-${monday}`}
              className="font-display font-extrabold text-brand-900 text-xl sm:text-2xl"
            >
              Week of {formatDate(monday)}
            </h3>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((o) => (
                <EventCard key={`${o.date}-${o.event.id}`} occurrence={o} heading="h4" />
              ))}
            </ul>
          </section>
        ))}
        {coming.length === 0 ? (
          <p className="mt-6 text-lg text-slate-700">No events are on the calendar yet.</p>
        ) : null}
      </section>
    </>
  );
}
