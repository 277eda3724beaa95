import { z } from "zod";

// The shape of every business fact on the site. The content module is checked against
// this at build (react-router.config.ts) and in a unit test, so a malformed price or
// time fails the build instead of reaching a visitor. Not shipped to the browser.

export const days = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;

const day = z.enum(days);
/** A wall-clock time in the rink's time zone, 24-hour "HH:MM". */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected a 24-hour time like 18:30");
const dollars = z.number().nonnegative().multipleOf(0.01);
const text = z.string().trim().min(1);
/** US number in E.164 form, e.g. +12605550142. */
const e164 = z
  .string()
  .regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, "expected a US number like +12605550142");

const timeRange = z
  .object({ start: clock, end: clock })
  .refine((r) => r.start < r.end, { message: "a time range must end after it starts" });

const pageMeta = z.object({
  title: z.string().min(5).max(70),
  description: z.string().min(50).max(160),
});

const phone = z.object({ label: z.enum(["Main", "Reservations", "Manager"]), number: e164 });

export const siteContentSchema = z.object({
  name: text,
  tagline: text,
  description: text,
  timeZone: z.literal("America/Indiana/Indianapolis"),
  address: z.object({
    street: text,
    city: text,
    region: z.string().length(2),
    postalCode: z.string().regex(/^\d{5}$/),
    mapsQuery: text,
  }),
  phones: z
    .array(phone)
    .length(3)
    .refine((list) => new Set(list.map((p) => p.label)).size === list.length, {
      message: "each phone label (Main, Reservations, Manager) appears once",
    }),
  rating: z.object({ value: z.number().min(1).max(5), source: text }),
  hours: z.array(z.object({ day, ranges: z.array(timeRange) })).length(7),
  sessions: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        name: text,
        day,
        time: timeRange,
        price: dollars,
        priceUnit: z.string().optional(),
        perks: z.array(text),
        familyDeal: z
          .object({ size: z.number().int().positive(), price: dollars, includes: text })
          .optional(),
        description: text,
      }),
    )
    .min(1),
  partyPackages: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        name: text,
        skaters: z.union([z.number().int().positive(), z.literal("unlimited")]),
        cashPrice: dollars,
        cardPrice: dollars,
        durationMinutes: z.number().int().positive(),
        extras: z.array(text).min(1),
      }),
    )
    .min(1),
  partyIncludes: z.array(text).min(1),
  partyOwnFood: text,
  partyAvailability: z.array(
    z.object({
      packages: text,
      packageIds: z.array(z.string()).min(1),
      slots: z.array(z.object({ days: z.array(day).min(1), label: text, time: timeRange })),
    }),
  ),
  services: z.array(z.object({ name: text, summary: text, detail: text })).length(4),
  comingSoon: z.array(z.object({ name: text, detail: text })).min(1),
  story: z.array(text).min(1),
  mission: text,
  values: z.array(z.object({ name: text, detail: text })).length(4),
  policies: z.object({
    intro: text,
    sections: z.array(z.object({ id: text, title: text, rules: z.array(text).min(1) })).min(1),
    helpContacts: z.array(z.object({ role: text, detail: text })).min(1),
    privacy: z.array(z.object({ topic: text, detail: text })).min(1),
    commitment: text,
  }),
  nav: z.array(z.object({ to: z.string().startsWith("/"), label: text })),
  footerLinks: z.array(z.object({ to: z.string().startsWith("/"), label: text })),
  pages: z.object({
    home: pageMeta,
    about: pageMeta,
    parties: pageMeta,
    policies: pageMeta,
    contact: pageMeta,
    contactThanks: pageMeta,
    newsletterThanks: pageMeta,
    notFound: pageMeta,
  }),
});

export type SiteContent = z.infer<typeof siteContentSchema>;
