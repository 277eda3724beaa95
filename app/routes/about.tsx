import { formatPrice } from "../../rink/format.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { CallToActionBand } from "../components/call-to-action-band.tsx";
import { PhoneIcon } from "../components/icons.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { PhotoGallery } from "../components/photo-gallery.tsx";
import { SectionHeading } from "../components/section-heading.tsx";
import { ServicesGrid } from "../components/services-grid.tsx";
import { SkateArt } from "../components/skate-art.tsx";
import { gallery } from "../content/photos.ts";
import { site } from "../content/site.ts";
import { phoneByLabel, telHref } from "../lib/phone.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "about", path);

export default function About() {
  const main = phoneByLabel(site.phones, "Main");
  const lowestPrice = Math.min(...site.sessions.map((s) => s.price));
  // Figures derived from the content, so they stay true when the owner edits it.
  const stats = [
    { value: site.rating.value.toFixed(1), label: `${site.rating.source} rating` },
    { value: String(site.sessions.length), label: "public sessions a week" },
    { value: String(site.partyPackages.length), label: "birthday party packages" },
    { value: formatPrice(lowestPrice), label: "skating from, per skater" },
  ];
  return (
    <>
      <PageHero title={`About ${site.name}`} lead={site.tagline} />

      <section
        aria-labelledby="story"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2"
      >
        <div>
          <SectionHeading id="story" title="Our story" />
          {site.story.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg text-slate-700">
              {paragraph}
            </p>
          ))}
        </div>
        <figure className="rounded-2xl bg-brand-50 p-6">
          <blockquote className="font-display font-extrabold text-2xl text-brand-900">
            “{site.mission}”
          </blockquote>
          <figcaption className="mt-4 text-slate-700">{site.pages.about.missionCaption}</figcaption>
        </figure>
      </section>

      <section aria-label="The rink in numbers" className="bg-brand-900 py-12 text-white">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="text-brand-100">{stat.label}</dt>
              <dd className="font-display font-extrabold text-4xl text-accent-300">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ServicesGrid id="services" title="What we do" services={site.services} detailed />

      <section aria-labelledby="values" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="values" title="Our values" />
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {site.values.map((value) => (
              <li key={value.name} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="font-display font-extrabold text-brand-900 text-xl">{value.name}</h3>
                <p className="mt-2 text-slate-700">{value.detail}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Photos (issue 12): the owner's gallery, or the drawing when there is none. */}
      {gallery.length > 0 ? (
        <section aria-labelledby="photos" className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="photos" title="Inside the rink" />
          <PhotoGallery
            photos={gallery}
            className="mt-8 grid-cols-2 md:grid-cols-4"
            sizes="(min-width: 1184px) 276px, (min-width: 768px) calc((100vw - 80px) / 4), calc((100vw - 48px) / 2)"
          />
        </section>
      ) : (
        <section aria-label="On the rink floor" className="mx-auto max-w-6xl px-4 py-16">
          <SkateArt className="h-auto w-full rounded-2xl" />
        </section>
      )}

      <CallToActionBand id="visit" title={site.pages.about.closing}>
        <a href={telHref(main.number)} className={buttonStyles.primary}>
          <PhoneIcon />
          Call Now
        </a>
        <a href="/contact" className={buttonStyles.secondary}>
          Get Directions
        </a>
      </CallToActionBand>
    </>
  );
}
