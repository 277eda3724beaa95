import { formatDayList, formatTimeRange } from "../../rink/format.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { CallToActionBand } from "../components/call-to-action-band.tsx";
import { PhoneIcon } from "../components/icons.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { GroupVisitsSection, PartyQuestions, SensorySessions } from "../components/party-guide.tsx";
import { PartyPackageCard } from "../components/party-package-card.tsx";
import { PhotoGallery } from "../components/photo-gallery.tsx";
import { SectionHeading } from "../components/section-heading.tsx";
import { parties } from "../content/photos.ts";
import { richFacts } from "../content/rich-facts.ts";
import { site } from "../content/site.ts";
import { formatPhone, phoneByLabel, telHref } from "../lib/phone.ts";
import { pageMeta, partyOffers } from "../lib/seo.ts";

export const meta = (path: string) =>
  pageMeta(site, "parties", path, { jsonLd: [partyOffers(site)] });

export default function Parties() {
  const booking = phoneByLabel(site.phones, "Reservations");
  return (
    <>
      <PageHero title={site.pages.parties.heading} lead={site.pages.parties.lead} />

      <section aria-labelledby="packages" className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading id="packages" title="Party packages" />
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {site.partyPackages.map((pkg) => (
            <PartyPackageCard key={pkg.id} pkg={pkg} featured={pkg.id === "private"} />
          ))}
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h3 className="font-display font-extrabold text-brand-900 text-xl">
              Every package includes
            </h3>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
              {site.partyIncludes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-accent-300/40 p-6">
            <h3 className="font-display font-extrabold text-brand-900 text-xl">
              Bring your own food
            </h3>
            <p className="mt-3 text-slate-800">{site.partyOwnFood}</p>
          </div>
        </div>
      </section>

      {/* Photos (issue 12): the party room, when the owner has listed photos of it. */}
      {parties.length > 0 ? (
        <section aria-labelledby="party-photos" className="mx-auto max-w-6xl px-4 pb-16">
          <SectionHeading id="party-photos" title="The party room" />
          <PhotoGallery
            photos={parties}
            className="mt-8 md:grid-cols-2"
            sizes="(min-width: 1184px) 568px, (min-width: 768px) calc((100vw - 48px) / 2), calc(100vw - 32px)"
          />
        </section>
      ) : null}

      <section aria-labelledby="availability" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="availability" title="Availability" />
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {site.partyAvailability.map((group) => (
              <div key={group.packages} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="font-display font-extrabold text-brand-900 text-xl">
                  {group.packages}
                </h3>
                <ul className="mt-3 space-y-2">
                  {group.slots.map((slot) => (
                    <li key={slot.label}>
                      <span className="font-semibold">
                        {formatDayList(slot.days)} {slot.label}
                      </span>
                      : {formatTimeRange(slot.time)}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <CallToActionBand
        id="book"
        title={site.pages.parties.closing}
        lead={
          <>
            Call our {booking.label.toLowerCase()} line at {formatPhone(booking.number)} to pick
            your date.
          </>
        }
      >
        <a href={telHref(booking.number)} className={`${buttonStyles.primary} whitespace-nowrap`}>
          <PhoneIcon />
          Call {formatPhone(booking.number)}
        </a>
        <a href="/contact" className={buttonStyles.secondary}>
          Send us a message
        </a>
      </CallToActionBand>

      {/* The party guide (issue 34), after the spec's sections: the owner's questions and
          answers, groups and field trips, the sessions marked sensory-friendly. */}
      <PartyQuestions questions={site.partyQuestions} facts={richFacts} />
      <GroupVisitsSection
        groups={site.groupVisits}
        phones={site.phones}
        facts={richFacts}
        callClassName={buttonStyles.brand}
      />
      <SensorySessions sessions={site.sessions} />
    </>
  );
}
