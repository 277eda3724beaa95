import type { Address, Phone } from "../content/types.ts";
import { directionsUrl, formatAddress } from "../lib/maps.ts";
import { formatPhone, telHref } from "../lib/phone.ts";
import { PhoneIcon, PinIcon } from "./icons.tsx";
import { InfoCard } from "./info-card.tsx";

interface AddressPhoneCardsProps {
  address: Address;
  /** Each with its label: all of them on Contact, the Main number elsewhere. */
  phones: readonly Phone[];
  /** h2 where the cards are parts of the page of their own (Contact), h3 within a section. */
  level: 2 | 3;
  /**
   * Given, each card is a region named by its heading, whose ids are `${idPrefix}-address` and
   * `${idPrefix}-phones`.
   */
  idPrefix?: string;
  /** Each card's box where it sits (its background and padding). */
  className?: string;
  /** On the dark footer the links keep the footer's light text. */
  tone?: "light" | "dark";
}

const linkStyles = {
  light: "text-brand-800 underline underline-offset-4",
  dark: "underline underline-offset-4",
} as const;

/**
 * Where the rink is and how to call it, the same way on Home, Contact and in the footer: the
 * address with a link to directions, then the numbers, each by its label.
 */
export function AddressPhoneCards({
  address,
  phones,
  level,
  idPrefix,
  className,
  tone = "light",
}: AddressPhoneCardsProps) {
  const link = linkStyles[tone];
  return (
    <>
      <InfoCard
        icon={<PinIcon />}
        title="Address"
        level={level}
        id={idPrefix && `${idPrefix}-address`}
        className={className}
        tone={tone}
      >
        <address className="mt-3 not-italic">{formatAddress(address)}</address>
        <a
          href={directionsUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          className={`mt-3 inline-block font-semibold ${link}`}
        >
          Get directions<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </InfoCard>
      <InfoCard
        icon={<PhoneIcon />}
        title="Phone"
        level={level}
        id={idPrefix && `${idPrefix}-phones`}
        className={className}
        tone={tone}
      >
        <dl className="mt-3 space-y-2">
          {phones.map((phone) => (
            <div key={phone.label}>
              <dt className="font-semibold">{phone.label}</dt>
              <dd>
                <a href={telHref(phone.number)} className={`whitespace-nowrap ${link}`}>
                  {formatPhone(phone.number)}
                </a>
              </dd>
            </div>
          ))}
        </dl>
      </InfoCard>
    </>
  );
}
