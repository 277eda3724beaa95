import { buttonStyles } from "../../ui/button-styles.ts";
import { AddressPhoneCards } from "../components/address-phone-cards.tsx";
import { CallToActionBand } from "../components/call-to-action-band.tsx";
import { ClockIcon, PhoneIcon, PinIcon } from "../components/icons.tsx";
import { InfoCard } from "../components/info-card.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { PostedHours } from "../components/posted-hours.tsx";
import { site } from "../content/site.ts";
import { formAction, formSettings } from "../lib/form-endpoints.ts";
import { formatAddress, mapUrl } from "../lib/maps.ts";
import { formatPhone, phoneByLabel, telHref } from "../lib/phone.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "contact", path);

// The page in three parts (app/pages/contact.astro): what comes before the message form and
// what comes after it are rendered at build only; the form's section is the island
// (app/components/contact-block.tsx), which gives the whole page way to the Thank You screen.

/** What the form posts to and the number its error alert offers. */
export const contactFormProps = () => ({
  action: formAction("contact"),
  target: { formId: formSettings.ids.contact, endpoint: formSettings.endpoint },
  phone: phoneByLabel(site.phones, "Main"),
  intro: site.pages.contact.messageIntro,
});

export function ContactBefore() {
  return (
    <>
      <PageHero title={site.pages.contact.heading} lead={site.pages.contact.lead} />
      <div className="mx-auto max-w-6xl px-4 pt-16">
        {/* Address over phones, the hours beside both: no card stretched far past its words. */}
        <div className="grid gap-6 md:grid-cols-2">
          <AddressPhoneCards
            address={site.address}
            phones={site.phones}
            level={2}
            idPrefix="contact"
            className="rounded-2xl bg-brand-50 p-6"
          />
          <InfoCard
            icon={<ClockIcon />}
            title="Hours"
            level={2}
            id="contact-hours"
            className="rounded-2xl bg-brand-50 p-6 md:col-start-2 md:row-span-2 md:row-start-1"
          >
            <PostedHours
              hours={site.hours}
              specialDates={site.specialDates}
              timeZone={site.timeZone}
            />
          </InfoCard>
        </div>
      </div>
    </>
  );
}

export function ContactAfter() {
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <section aria-labelledby="contact-map" className="mt-10">
          <h2 id="contact-map" className="font-display font-extrabold text-2xl text-brand-900">
            Map
          </h2>
          <div className="mt-4 flex flex-col items-center gap-4 rounded-2xl border-2 border-brand-100 border-dashed bg-slate-50 px-6 py-14 text-center">
            <PinIcon className="size-10 text-pop-700" />
            <p className="text-slate-700">{formatAddress(site.address)}</p>
            <a
              href={mapUrl(site.address)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles.brand}
            >
              Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </section>
      </div>

      <CallToActionBand id="quick-call" title="Rather talk? Give us a call">
        {site.phones.map((phone) => (
          <a key={phone.label} href={telHref(phone.number)} className={buttonStyles.primary}>
            <PhoneIcon />
            {/* The label may wrap on a narrow phone; the number stays whole. */}
            <span>
              {phone.label}: <span className="whitespace-nowrap">{formatPhone(phone.number)}</span>
            </span>
          </a>
        ))}
      </CallToActionBand>
    </>
  );
}
