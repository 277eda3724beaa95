import type { ReactNode } from "react";
import { dayOf } from "../../rink/calendar-day.ts";
import { smsConsent } from "../../rink/forms/newsletter.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { AddressPhoneCards } from "../components/address-phone-cards.tsx";
import { ComingSoon } from "../components/coming-soon.tsx";
import { PhoneIcon, StarIcon } from "../components/icons.tsx";
import { InfoCard } from "../components/info-card.tsx";
import { OpenStatus } from "../components/open-status.tsx";
import { PostedHours } from "../components/posted-hours.tsx";
import { RatingBadge } from "../components/rating-badge.tsx";
import { ResponsivePhoto } from "../components/responsive-photo.tsx";
import { SectionHeading } from "../components/section-heading.tsx";
import { ServicesGrid } from "../components/services-grid.tsx";
import { SessionCard } from "../components/session-card.tsx";
import { UpcomingEvents } from "../components/upcoming-events.tsx";
import { smallPrintLink } from "../content/navigation.ts";
import { hero } from "../content/photos.ts";
import { site } from "../content/site.ts";
import { buildDate, builtAt } from "../lib/build-date.ts";
import { fromToday } from "../lib/dated.ts";
import { upcomingEvents } from "../lib/event-data.ts";
import { formAction } from "../lib/form-endpoints.ts";
import { phoneByLabel, telHref } from "../lib/phone.ts";
import { fullSizeUrl } from "../lib/photo.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) =>
  pageMeta(site, "home", path, {
    jsonLd: [upcomingEvents(site, hero ? fullSizeUrl(hero) : undefined)],
  });

/** The newsletter form's props: the island app/pages/index.astro places in Home. */
export const newsletterProps = () => ({
  title: site.pages.home.newsletterTitle,
  intro: site.pages.home.newsletterIntro,
  action: formAction("newsletter"),
  smsConsent: smsConsent(site.name),
  terms: { href: smallPrintLink("/text-alerts").to, label: smallPrintLink("/text-alerts").label },
  privacyHref: smallPrintLink("/privacy").to,
});

/** The home page; `children` is the newsletter form, hydrated on its own (an island). */
export default function Home({ children: newsletter }: { children?: ReactNode }) {
  const main = phoneByLabel(site.phones, "Main");
  // Every date still to come; each shows in the 60 days before it (app/lib/dated.ts).
  const coming = fromToday(site.specialDates, buildDate);
  const events = coming.flatMap((d) => d.events.map((event) => ({ ...event, date: d.date })));
  return (
    <>
      <section className="dark-band bg-gradient-to-br from-brand-950 via-brand-900 to-pop-700 text-white">
        {/* On a laptop the photo stands beside the words, both in the first screen. */}
        <div
          className={`mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-24 lg:items-center lg:gap-12 lg:py-14 ${hero ? "lg:grid-cols-2" : ""}`}
        >
          <div>
            <p className="font-semibold text-accent-300 uppercase tracking-wide">
              {site.pages.home.eyebrow}
            </p>
            <h1 className="mt-3 max-w-3xl font-display font-extrabold text-4xl sm:text-6xl lg:text-5xl xl:text-6xl">
              {site.name}
            </h1>
            <p className="mt-4 max-w-2xl text-brand-50 text-xl">{site.tagline}</p>
            <RatingBadge
              value={site.rating.value}
              source={site.rating.source}
              className="mt-6 rounded-full bg-white/10 px-4 py-2"
            />
            {/* "Are they open?", answered in the first screen: the build's answer in the HTML,
                the visitor's clock once the page runs. */}
            <div className="mt-6">
              <OpenStatus
                hours={site.hours}
                specialDates={site.specialDates}
                timeZone={site.timeZone}
                tone="dark"
                prerenderAt={builtAt}
                size="large"
              />
            </div>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href={telHref(main.number)} className={buttonStyles.primary}>
                <PhoneIcon />
                Call to Book
              </a>
              <a href="#hours" className={buttonStyles.secondary}>
                View Hours
              </a>
            </div>
          </div>
          {/* Photo (issue 12): the owner's hero photo, the page's largest paint. */}
          {hero ? (
            <ResponsivePhoto
              photo={hero}
              priority
              sizes="(min-width: 1184px) 552px, (min-width: 1024px) calc(50vw - 40px), calc(100vw - 32px)"
              className="aspect-video h-auto w-full rounded-2xl object-cover sm:aspect-5/2 lg:aspect-4/3"
            />
          ) : null}
        </div>
      </section>

      <ServicesGrid id="offer" title="What We Offer" services={site.services} />

      <section id="hours" aria-labelledby="sessions" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            id="sessions"
            title="Public Skating Sessions"
            intro={site.pages.home.sessionsIntro}
          />
          {/* The posted hours are the first cell of the sessions' grid: beside them on a
              tablet and a laptop, above them on a phone. */}
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <div className="rounded-2xl border border-brand-100 bg-white p-6">
              <h3 className="font-display font-extrabold text-brand-900 text-xl">Posted hours</h3>
              <PostedHours
                hours={site.hours}
                specialDates={site.specialDates}
                timeZone={site.timeZone}
              />
            </div>
            {site.sessions.map((session) => (
              <SessionCard
                key={session.id}
                session={session}
                cancelled={coming.filter((d) => d.closed && dayOf(d.date) === session.day)}
              />
            ))}
          </div>
          <UpcomingEvents events={events} />
        </div>
      </section>

      <ComingSoon events={site.pages.events.events} closures={site.specialDates} />

      <section aria-labelledby="find-us" className="bg-brand-50 py-16">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
          <div className="md:col-span-3">
            <SectionHeading id="find-us" title="Find Us" />
          </div>
          <AddressPhoneCards
            address={site.address}
            phones={[main]}
            level={3}
            className="rounded-2xl bg-white p-6"
          />
          <InfoCard
            icon={<StarIcon />}
            title="Reviews"
            level={3}
            className="rounded-2xl bg-white p-6"
          >
            <p className="mt-3">
              Families rate us <strong>{site.rating.value.toFixed(1)}</strong> out of 5 on{" "}
              {site.rating.source}.
            </p>
          </InfoCard>
        </div>
      </section>

      <section
        id="newsletter"
        aria-label="Newsletter signup"
        className="mx-auto max-w-6xl px-4 py-16"
      >
        {newsletter}
      </section>
    </>
  );
}
