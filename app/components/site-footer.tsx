import type { Address, DayHours, NavLink, Phone, SpecialDate } from "../content/types.ts";
import { telHref } from "../lib/phone.ts";
import { AddressPhoneCards } from "./address-phone-cards.tsx";
import { PhoneIcon } from "./icons.tsx";
import { PostedHours } from "./posted-hours.tsx";
import { RatingBadge } from "./rating-badge.tsx";

interface SiteFooterProps {
  name: string;
  description: string;
  rating: { value: number; source: string };
  links: readonly NavLink[];
  /** Beside the copyright: the privacy notice and the text-alert terms. */
  smallPrint: readonly NavLink[];
  hours: readonly DayHours[];
  specialDates: readonly SpecialDate[];
  timeZone: string;
  address: Address;
  phone: Phone;
}

// The year of the build (astro.config.ts); app/browser/page.ts moves it to the visitor's year,
// so an old build never shows a stale one.
const buildYear = Number(import.meta.env.BUILD_YEAR ?? new Date().getFullYear());

export function SiteFooter({
  name,
  description,
  rating,
  links,
  smallPrint,
  hours,
  specialDates,
  timeZone,
  address,
  phone,
}: SiteFooterProps) {
  return (
    <footer className="bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-display font-extrabold text-lg text-white">
            {name}
          </h2>
          <p className="mt-3 text-brand-100">{description}</p>
          <RatingBadge value={rating.value} source={rating.source} className="mt-4 text-white" />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-display font-extrabold text-lg text-white">
            Quick links
          </h2>
          <ul className="mt-3 space-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <a href={link.to} className="underline-offset-4 hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Two fifths on a laptop: the hours and the holiday dates without wrapping every line. */}
        <section aria-labelledby="footer-hours" className="lg:col-span-2">
          <h2 id="footer-hours" className="font-display font-extrabold text-lg text-white">
            Hours
          </h2>
          <PostedHours hours={hours} specialDates={specialDates} timeZone={timeZone} tone="dark" />
        </section>
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit" className="font-display font-extrabold text-lg text-white">
            Visit us
          </h2>
          <AddressPhoneCards
            address={address}
            phones={[phone]}
            level={3}
            className="mt-3"
            tone="dark"
          />
          <a
            href={telHref(phone.number)}
            className="mt-4 inline-flex items-center gap-2 rounded-full bg-accent-400 px-5 py-2.5 font-bold text-brand-950 hover:bg-accent-300"
          >
            <PhoneIcon />
            Call Now
          </a>
        </section>
      </div>
      <div className="border-brand-800 border-t px-4 py-5 text-center text-brand-100 text-sm">
        <p>
          © <span data-current-year>{buildYear}</span> {name}. All rights reserved.
        </p>
        <nav aria-label="Small print" className="mt-2">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {smallPrint.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  className="inline-block py-1 underline underline-offset-4 hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
