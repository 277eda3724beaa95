// Types of the content, derived from the zod schema so the shape is written once.
// Type-only: nothing here reaches the browser bundle.

import type { SiteContent } from "../../rink/content/schema.ts";
import type * as Week from "../../rink/week.ts";

export type { Day, DayHours, SpecialDate, TimeRange } from "../../rink/week.ts";
export type { SiteContent };
export type Session = SiteContent["sessions"][number];
export type PartyPackage = SiteContent["partyPackages"][number];
export type PartyAvailability = SiteContent["partyAvailability"][number];
export type Phone = SiteContent["phones"][number];
export type Address = SiteContent["address"];
export type { NavLink } from "./navigation.ts";
export type PageMeta = SiteContent["pages"]["home"];
export type PolicySection = SiteContent["policies"]["sections"][number];
export type Announcement = SiteContent["announcement"];

// The schema's output is what the rink's calendar reads (rink/week.ts): a change to one that
// the other does not follow fails the type check here.
type Fits<T, Shape> = [T] extends [Shape] ? true : false;
type Holds<T extends true> = T;
export type ContentFitsTheWeek = [
  Holds<Fits<SiteContent["hours"][number], Week.DayHours>>,
  Holds<Fits<SiteContent["specialDates"][number], Week.SpecialDate>>,
  Holds<Fits<SiteContent["sessions"][number]["time"], Week.TimeRange>>,
  Holds<Fits<SiteContent["sessions"][number]["day"], Week.Day>>,
];
