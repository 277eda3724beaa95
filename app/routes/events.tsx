import { formatDate } from "../../rink/format.ts";
import { CancelledNoteTemplate, EventCard } from "../components/event-card.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { SectionHeading } from "../components/section-heading.tsx";
import { eventPhotos, hero } from "../content/photos.ts";
import { site } from "../content/site.ts";
import { buildDate } from "../lib/build-date.ts";
import { feedPath } from "../lib/calendar-path.ts";
import { shownUntil } from "../lib/dated.ts";
import { ownerEvents } from "../lib/event-data.ts";
import { occurrences, skippedOccurrences, weekOf } from "../lib/event-occurrences.ts";
import { fullSizeUrl } from "../lib/photo.ts";
import { pageMeta, siteUrl } from "../lib/seo.ts";

export const meta = (path: string) =>
  pageMeta(site, "events", path, {
    jsonLd: [
      ownerEvents(
        site,
        [
          ...occurrences(site.pages.events.events, buildDate, site.specialDates),
          ...skippedOccurrences(site.pages.events.events, buildDate),
        ],
        eventPhotos,
        hero ? fullSizeUrl(hero) : undefined,
      ),
    ],
  });

/**
 * /events: the owner's events, week by week from today (issue 34). Each date is an item of its
 * week's dated list: it shows until its day and drops off after it on the visitor's clock, and
 * a week with nothing left to show is hidden with it (app/browser/today.ts), without a rebuild.
 * An event's photo shows on each of its dates' cards.
 */
export default function Events() {
  const page = site.pages.events;
  const coming = occurrences(page.events, buildDate, site.specialDates);
  // The whole schedule (public sessions and events) as one calendar to subscribe to.
  const feed = `${siteUrl}${feedPath}`;
  const weeks = [...new Set(coming.map((o) => weekOf(o.date)))].map((monday) => ({
    monday,
    items: coming.filter((o) => weekOf(o.date) === monday),
  }));
  return (
    <>
      <PageHero title={page.heading} lead={page.lead}>
        <a
          href="#subscribe"
          className="mt-6 inline-block font-semibold text-white underline underline-offset-4 hover:text-accent-300"
        >
          {page.subscribe.heading}
        </a>
      </PageHero>
      <section aria-labelledby="coming-up" className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <SectionHeading id="coming-up" title="Coming up" />
        <CancelledNoteTemplate />
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
                <EventCard
                  key={`${o.date}-${o.event.id}`}
                  occurrence={o}
                  heading="h4"
                  photo={o.event.photo ? eventPhotos[o.event.id] : undefined}
                  photoFirst={o === coming[0]}
                />
              ))}
            </ul>
          </section>
        ))}
        {coming.length === 0 ? (
          <p className="mt-6 text-lg text-slate-700">No events are on the calendar yet.</p>
        ) : null}
      </section>
      <section
        id="subscribe"
        aria-labelledby="subscribe-heading"
        className="bg-brand-50 py-12 sm:py-16"
      >
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            id="subscribe-heading"
            title={page.subscribe.heading}
            intro={page.subscribe.intro}
          />
          <div className="mt-6 max-w-2xl">
            <label htmlFor="feed-address" className="font-semibold text-slate-900">
              The calendar's address
            </label>
            <input
              id="feed-address"
              type="url"
              readOnly
              value={feed}
              className="mt-1 block w-full rounded-lg border border-brand-100 bg-white px-3 py-2 font-mono text-slate-900 text-sm"
            />
            <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
              <a
                href={feed.replace(/^https?:/, "webcal:")}
                className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-600"
              >
                Subscribe on this device
              </a>
              <a
                href={feedPath}
                download
                className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-600"
              >
                Download the calendar file
              </a>
            </p>
          </div>
          <dl className="mt-8 grid gap-6 md:grid-cols-3">
            {page.subscribe.steps.map((step) => (
              <div key={step.app} className="rounded-2xl bg-white p-6">
                <dt className="font-display font-extrabold text-brand-900 text-lg">{step.app}</dt>
                <dd className="mt-2 text-slate-700">{step.how}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
