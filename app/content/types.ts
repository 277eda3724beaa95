// Types of the content, derived from the zod schema so the shape is written once.
// Type-only: nothing here reaches the browser bundle.
import type { days, SiteContent } from "./schema.ts";

export type { SiteContent };
export type Day = (typeof days)[number];
export type TimeRange = SiteContent["sessions"][number]["time"];
export type Session = SiteContent["sessions"][number];
export type PartyPackage = SiteContent["partyPackages"][number];
export type PartyAvailability = SiteContent["partyAvailability"][number];
export type DayHours = SiteContent["hours"][number];
export type Phone = SiteContent["phones"][number];
export type Address = SiteContent["address"];
export type { NavLink } from "./navigation.ts";
export type PageMeta = SiteContent["pages"]["home"];
export type PolicySection = SiteContent["policies"]["sections"][number];
export type SpecialDate = SiteContent["specialDates"][number];
export type Announcement = SiteContent["announcement"];
