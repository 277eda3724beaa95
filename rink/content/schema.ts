import * as z from "zod";
import { clockPattern, datePattern } from "../patterns.ts";
import { linksOf, parseRichText } from "../rich-text.ts";
import { timeZone } from "../time-zone.ts";
import { days, repeatKinds, weeksOfMonth } from "../week.ts";

// The one description of the owner's content files (content/*.yml). The build reads each file
// through its schema (tooling/content/load.ts), so a malformed price, time or date fails the build
// with the file, line and field instead of reaching a visitor; the editor's configuration
// (admin/config.yml) is tested against these same fields. Not shipped to the browser.
// Messages are plain sentences for the owner, who reads them in a build log.

/** Patterns the editor's fields use too (admin/config.yml), so both accept the same. */
export const patterns = {
  clock: clockPattern,
  date: datePattern,
  dateTime: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/,
  id: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  e164: /^\+1[2-9]\d{2}[2-9]\d{6}$/,
  link: /^(\/[^\s]*|https:\/\/[^\s]+)$/,
} as const;

const day = z.enum(days, { error: "expected a day of the week in lowercase, like friday" });
/** A wall-clock time in the rink's time zone, 24-hour "HH:MM". */
const clock = z
  .string({ error: 'expected a 24-hour time in quotes, like "18:30"' })
  .regex(patterns.clock, 'expected a 24-hour time in quotes, like "18:30"');
const dollars = z
  .number({ error: "expected a number of dollars" })
  .nonnegative("a price cannot be negative")
  .multipleOf(0.01, "a price has at most two decimals (cents)");
const text = z.string({ error: "expected some text" }).trim().min(1, "this text cannot be empty");
/** The owner's words with {rink}, {phone}, {texts-a-month} and [links](/privacy) (rink/rich-text.ts). */
const richText = text.superRefine((value, ctx) => {
  for (const message of parseRichText(value).problems) ctx.addIssue({ code: "custom", message });
});
const id = z
  .string({ error: "expected a short name in lowercase letters, digits and dashes" })
  .regex(patterns.id, "expected a short name in lowercase letters, digits and dashes");
/** A calendar date in the rink's time zone, "YYYY-MM-DD". */
const date = z
  .string({ error: 'expected a date in quotes, like "2026-12-25"' })
  .regex(patterns.date, 'expected a date in quotes, like "2026-12-25"')
  // Only a well-formed date is looked up: zod runs this check after a failed pattern too, and
  // new Date("tenT12:00:00Z").toISOString() throws.
  .refine(
    (d) => !patterns.date.test(d) || new Date(`${d}T12:00:00Z`).toISOString().startsWith(d),
    "no such date",
  );
/** A date and time in the rink's time zone, "YYYY-MM-DDTHH:MM". */
const dateTime = z
  .string({ error: 'expected a date and time in quotes, like "2026-12-24T17:00"' })
  .regex(patterns.dateTime, 'expected a date and time in quotes, like "2026-12-24T17:00"');
/** US number in E.164 form, e.g. +12605550142. */
const e164 = z
  .string({ error: 'expected a US number in quotes, like "+12605550142"' })
  .regex(patterns.e164, 'expected a US number in quotes, like "+12605550142"');
const count = z.number({ error: "expected a whole number" }).int("expected a whole number");

const timeRange = z.strictObject({ start: clock, end: clock }).refine(
  // A malformed time is reported once, by its own field.
  (r) => !(patterns.clock.test(r.start) && patterns.clock.test(r.end)) || r.start < r.end,
  { message: "a time range must end after it starts" },
);

const pageMeta = {
  title: z
    .string()
    .min(5, "a page title needs 5 characters or more")
    .max(70, "a page title must fit in 70 characters"),
  description: z
    .string()
    .min(50, "a page description needs 50 characters or more")
    .max(160, "a page description must fit in 160 characters (search engines cut the rest)"),
};

/** A page's own content file: its title and description (as in pages.yml),
 * then its words; listed in `contentFiles` with `at: "pages"`. */
export const pageFile = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject({ ...pageMeta, ...shape });

const phone = z.strictObject({
  label: z.enum(["Main", "Reservations", "Manager"], {
    error: "expected Main, Reservations or Manager",
  }),
  number: e164,
});

const uniqueBy =
  <T>(key: (item: T) => string, what: string) =>
  (list: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Map<string, number>();
    list.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({ code: "custom", path: [i], message: `${what} "${k}" appears twice` });
      seen.set(k, i);
    });
  };

/** content/rink.yml: who and where the rink is, and its posted week. */
export const rinkFile = z.strictObject({
  name: text,
  tagline: text,
  description: text,
  address: z.strictObject({
    street: text,
    city: text,
    region: z.string().length(2, "expected the two-letter state, like IN"),
    postalCode: z
      .string({ error: 'expected a five-digit ZIP code in quotes, like "46999"' })
      .regex(/^\d{5}$/, 'expected a five-digit ZIP code in quotes, like "46999"'),
    mapsQuery: text,
  }),
  phones: z
    .array(phone)
    .length(3, "expected three phone numbers: Main, Reservations and Manager")
    .superRefine(uniqueBy((p) => p.label, "the phone label")),
  rating: z.strictObject({
    value: z.number({ error: "expected a number" }).min(1).max(5),
    source: text,
  }),
  hours: z
    .array(z.strictObject({ day, ranges: z.array(timeRange).default([]) }))
    .length(7, "expected the seven days of the week, each once")
    .superRefine(uniqueBy((d) => d.day, "the day")),
});

const session = z.strictObject({
  id,
  name: text,
  day,
  time: timeRange,
  price: dollars,
  priceUnit: z.string().optional(),
  // An empty list may be left out of the file (the editor omits empty optional fields).
  perks: z.array(text).default([]),
  familyDeal: z.strictObject({ size: count.positive(), price: dollars, includes: text }).optional(),
  description: text,
  /** A quieter session for skaters who need one (issue 34): what is different, in a line.
   * Its presence marks the session sensory-friendly on Home and on Parties. */
  sensoryFriendly: text.optional(),
});

/** content/sessions.yml: the weekly public skating sessions. */
export const sessionsFile = z.strictObject({
  sessions: z
    .array(session)
    .min(1, "list at least one public session")
    .superRefine(uniqueBy((s) => s.id, "the session id")),
});

/** content/parties.yml: packages, what they include, when they can be booked. */
export const partiesFile = z.strictObject({
  partyPackages: z
    .array(
      z.strictObject({
        id,
        name: text,
        // The editor writes what the owner types as text: "10" is read as 10.
        skaters: z.union(
          [
            count.positive(),
            z.literal("unlimited"),
            z
              .string()
              .regex(/^[1-9]\d*$/)
              .transform(Number),
          ],
          {
            error: 'expected a number of skaters or "unlimited"',
          },
        ),
        cashPrice: dollars,
        cardPrice: dollars,
        durationMinutes: count.positive(),
        extras: z.array(text).min(1),
      }),
    )
    .min(1)
    .superRefine(uniqueBy((p) => p.id, "the package id")),
  partyIncludes: z.array(text).min(1),
  partyOwnFood: text,
  partyAvailability: z
    .array(
      z.strictObject({
        packages: text,
        packageIds: z.array(id).min(1),
        slots: z
          .array(z.strictObject({ days: z.array(day).min(1), label: text, time: timeRange }))
          .default([]),
      }),
    )
    .default([]),
  /** The party guide's questions and answers (issue 34), in the order shown, after the packages. */
  partyQuestions: z
    .array(z.strictObject({ question: text, answer: richText }))
    .default([])
    .superRefine(uniqueBy((q) => q.question, "the question")),
  /** Groups and field trips (issue 34): who they are for, their own rules, how to book by phone. */
  groupVisits: z
    .strictObject({
      intro: richText,
      forWhom: z.array(text).min(1),
      rules: z.array(text).min(1),
      booking: richText,
      /** Which of the rink's phone lines (rink.yml) the Call link dials. */
      phone: z.enum(["Main", "Reservations", "Manager"], {
        error: "expected Main, Reservations or Manager",
      }),
    })
    .optional(),
});

/** content/about.yml: the story, services and values (what is coming is content/events.yml). */
export const aboutFile = z.strictObject({
  services: z.array(z.strictObject({ name: text, summary: text, detail: text })).length(4),
  story: z.array(text).min(1),
  mission: text,
  values: z.array(z.strictObject({ name: text, detail: text })).length(4),
});

/** content/policies.yml */
export const policiesFile = z.strictObject({
  intro: text,
  sections: z.array(z.strictObject({ id, title: text, rules: z.array(text).min(1) })).min(1),
  helpContacts: z.array(z.strictObject({ role: text, detail: text })).min(1),
  /** Where the privacy notice was: a line that links it, [like this](/privacy). */
  privacyNote: richText.refine((note) => linksOf(note).includes("/privacy"), {
    message:
      "this line must link the privacy notice: put the words of the link in [square brackets] followed by (/privacy)",
  }),
  commitment: text,
});

/** content/privacy.yml: the privacy notice at /privacy. */
export const privacyFile = z.strictObject({
  intro: richText,
  topics: z.array(z.strictObject({ topic: text, detail: richText })).min(1),
});

/**
 * What carriers look for in a text programme's terms (CTIA's messaging principles; the
 * 10DLC campaign review reads this page): each is a content problem when it is missing.
 */
export const textTermsMust: readonly { says: (all: string) => boolean; message: string }[] = [
  {
    says: (all) => /\bSTOP\b/.test(all),
    message: "the terms must say how to stop the texts: Reply STOP (in capitals)",
  },
  {
    says: (all) => /\bHELP\b/.test(all),
    message: "the terms must say how to get help: Reply HELP (in capitals)",
  },
  {
    says: (all) => all.includes("{texts-a-month}"),
    message:
      "the terms must say how often texts come: write {texts-a-month}, the site fills in the number",
  },
  {
    says: (all) => /rates may apply/i.test(all),
    message: "the terms must say that Msg & data rates may apply",
  },
  {
    says: (all) => /\bYES\b/.test(all),
    message: "the terms must say how to join: reply YES to the text we send after the signup",
  },
  {
    says: (all) => /not liable/i.test(all),
    message: "the terms must say that carriers are not liable for delayed or undelivered messages",
  },
  {
    says: (all) => linksOf(all).includes("/privacy"),
    message: "the terms must link the privacy notice: [our privacy notice](/privacy)",
  },
];

/** content/text-alerts.yml: the text-alert programme's terms at /text-alerts. */
export const textAlertsFile = z
  .strictObject({
    intro: richText,
    terms: z.array(z.strictObject({ heading: text, text: richText })).min(1),
  })
  .superRefine((file, ctx) => {
    const all = [file.intro, ...file.terms.flatMap((t) => [t.heading, t.text])].join("\n");
    for (const must of textTermsMust) {
      if (!must.says(all)) ctx.addIssue({ code: "custom", path: ["terms"], message: must.message });
    }
  });

/** content/pages.yml: each page's search title and description, and the words it says. */
export const pagesFile = z.strictObject({
  home: z.strictObject({
    ...pageMeta,
    eyebrow: text,
    sessionsIntro: text,
    newsletterTitle: text,
    newsletterIntro: text,
  }),
  about: z.strictObject({ ...pageMeta, missionCaption: text, closing: text }),
  parties: z.strictObject({ ...pageMeta, heading: text, lead: text, closing: text }),
  policies: z.strictObject({ ...pageMeta, heading: text }),
  privacy: z.strictObject({ ...pageMeta, heading: text }),
  textAlerts: z.strictObject({ ...pageMeta, heading: text }),
  contact: z.strictObject({ ...pageMeta, heading: text, lead: text, messageIntro: text }),
  contactThanks: z.strictObject(pageMeta),
  newsletterThanks: z.strictObject(pageMeta),
  notFound: z.strictObject({ ...pageMeta, lead: text }),
});

const specialDate = z
  .strictObject({
    date,
    closed: z.boolean({ error: "expected true or false" }).default(false),
    hours: z.array(timeRange).default([]),
    note: text,
    events: z
      .array(
        z.strictObject({
          name: text,
          time: timeRange,
          price: dollars,
          description: z.string().optional(),
        }),
      )
      .default([]),
  })
  .superRefine((d, ctx) => {
    if (d.closed && d.hours.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["hours"],
        message: "a closed date has no hours: remove them, or untick closed",
      });
    if (d.closed && d.events.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["events"],
        message: "a closed date has no events: remove them, or untick closed",
      });
  });

/** content/special-dates.yml: holiday hours, closures and one-off sessions, one entry a date. */
export const specialDatesFile = z.strictObject({
  dates: z.array(specialDate).default([]),
});

/** content/announcement.yml: one message at the top of every page, from one time until another. */
export const announcementFile = z
  .strictObject({
    text: z.string().trim().default(""),
    link: z
      .string()
      .regex(patterns.link, "expected a page of the site like /parties, or an https:// address")
      .optional(),
    linkLabel: z.string().optional(),
    from: dateTime.optional(),
    until: dateTime.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.from && a.until && a.from >= a.until)
      ctx.addIssue({
        code: "custom",
        path: ["until"],
        message: "the announcement must end after it starts",
      });
    if (a.link && !a.linkLabel?.trim())
      ctx.addIssue({
        code: "custom",
        path: ["linkLabel"],
        message: "a link needs the words to show for it",
      });
  });

// --- a photo (issue 12), as photos.yml and an event (issue 34) carry it --------------------

/**
 * Where a photo file sits: a file in content/photos/, the editor's media folder. The editor
 * writes it as "/content/photos/x.jpg" or "photos/x.jpg" depending on its setup; all of these
 * name the same file. What the file holds is checked when the build processes it.
 */
export const photoPath = /^\/?(?:content\/)?photos\/(?<name>[^/\\]+)$/;

const photo = z.strictObject({
  image: z
    .string({ error: "choose a photo file from content/photos/" })
    .trim()
    .regex(photoPath, "expected a photo file in content/photos/, like photos/rink-floor.jpg")
    .refine((p) => !p.includes(".."), "expected a photo file in content/photos/"),
  alt: z
    .string({
      error:
        "a photo needs alt text: one sentence saying what it shows, for visitors who cannot see it",
    })
    .trim()
    .min(
      1,
      "a photo needs alt text: one sentence saying what it shows, for visitors who cannot see it",
    )
    .max(
      250,
      "alt text must fit in 250 characters: say what the photo shows, not all there is to say",
    ),
  caption: z.string().trim().optional(),
});

/** An event's photo (issue 34): a file and its alt text, as photos.yml's (no caption: the card). */
const eventPhoto = photo.pick({ image: true, alt: true });

// --- events (issue 34) ---------------------------------------------------------------------

/** The tags an event may carry, as the page shows them. */
export const eventTags = [
  "theme night",
  "homeschool",
  "Christian music",
  "sensory-friendly",
  "fundraiser",
] as const;

/**
 * One event: a one-off (its date) or a repeat written as the owner says it (weekly on a
 * weekday, or monthly on the Nth weekday, from a date, until one), the dates it skips. The
 * build turns a repeat into dates with an RFC 5545 rule (rink/repeats.ts).
 */
const event = z
  .strictObject({
    id,
    title: text,
    description: text,
    time: timeRange,
    price: dollars,
    tags: z
      .array(z.enum(eventTags, { error: `expected one of: ${eventTags.join(", ")}` }))
      .default([]),
    repeats: z.enum(repeatKinds, { error: "expected no, weekly or monthly" }).default("no"),
    date: date.optional(),
    weekday: day.optional(),
    week: z
      .enum(weeksOfMonth, { error: "expected first, second, third, fourth or last" })
      .optional(),
    from: date.optional(),
    until: date.optional(),
    skip: z.array(date).default([]),
    /** Shown on each of its dates' cards on /events, processed like photos.yml's (issue 12). */
    photo: eventPhoto.optional(),
  })
  .superRefine((e, ctx) => {
    const say = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (e.repeats === "no") {
      if (!e.date) say("date", "a one-off event needs its date (or choose how it repeats)");
      for (const field of ["weekday", "week", "from", "until"] as const) {
        if (e[field])
          say(field, "a one-off event has only its date: clear this, or choose how it repeats");
      }
      if (e.skip.length > 0)
        say("skip", "a one-off event skips no dates: clear them, or choose how it repeats");
      return;
    }
    if (e.date) say("date", "a repeating event starts on its first date (from): clear this date");
    if (!e.weekday) say("weekday", "a repeating event needs its day of the week");
    if (!e.from) say("from", "a repeating event needs the date it starts from");
    if (e.repeats === "monthly" && !e.week)
      say("week", "a monthly event needs its week of the month, like second");
    if (e.repeats === "weekly" && e.week)
      say("week", "a weekly event has no week of the month: clear it, or choose monthly");
    if (e.from && e.until && e.until < e.from)
      say("until", "the last date must come after the first");
  });

/** content/events.yml: the events page's words, how to subscribe, and the owner's events. */
export const eventsFile = pageFile({
  heading: text,
  lead: text,
  subscribe: z.strictObject({
    heading: text,
    intro: text,
    steps: z.array(z.strictObject({ app: text, how: text })).min(1),
  }),
  events: z
    .array(event)
    .default([])
    .superRefine(uniqueBy((e) => e.id, "the event id")),
});

// --- photos (issue 12) ---------------------------------------------------------------------

/** content/photos.yml: the owner's photos and where they appear, in the order shown. */
export const photosFile = z.strictObject({
  /** Home: one photo at the top of the page (optional). */
  hero: photo.optional(),
  /** About: the gallery, in this order; the drawing shows when it is empty. */
  gallery: z.array(photo).default([]),
  /** Parties: the party room and packages, in this order. */
  parties: z.array(photo).default([]),
});

export type PhotosContent = z.infer<typeof photosFile>;
export type PhotoEntry = z.infer<typeof photo>;

/**
 * Every content file, the one list: its name under content/, its schema, and where the site's
 * content holds what it reads (tooling/content/load.ts reads each file of this list and puts them
 * together so; the editor's configuration is tested against it, app/content/editor-config.test.ts):
 *   - no `at`: under its own name (content/policies.yml is site.policies);
 *   - `at: "top"`: its fields at the top (content/rink.yml's name is site.name);
 *   - `at: "pages"`: a page's own file, its title and description with its words, under
 *     site.pages beside the entries of content/pages.yml (a page's meta and words in one file);
 *   - `take`: one field of it under its own name (content/special-dates.yml's dates);
 *   - `at: "apart"`: not in the site's content (photos.yml: the build processes the photos first).
 */
export const contentFiles = {
  rink: { file: "rink.yml", schema: rinkFile, at: "top" },
  sessions: { file: "sessions.yml", schema: sessionsFile, at: "top" },
  parties: { file: "parties.yml", schema: partiesFile, at: "top" },
  about: { file: "about.yml", schema: aboutFile, at: "top" },
  policies: { file: "policies.yml", schema: policiesFile },
  privacy: { file: "privacy.yml", schema: privacyFile },
  textAlerts: { file: "text-alerts.yml", schema: textAlertsFile },
  pages: { file: "pages.yml", schema: pagesFile },
  specialDates: { file: "special-dates.yml", schema: specialDatesFile, take: "dates" },
  announcement: { file: "announcement.yml", schema: announcementFile },
  photos: { file: "photos.yml", schema: photosFile, at: "apart" },
  events: { file: "events.yml", schema: eventsFile, at: "pages" },
} as const satisfies Record<string, ContentFile>;

/** One entry of `contentFiles`. */
export interface ContentFile {
  file: `${string}.yml`;
  schema: z.ZodType;
  at?: "top" | "pages" | "apart";
  take?: string;
}

// --- the site's content, put together from the list ----------------------------------------

type Files = typeof contentFiles;
type Key = keyof Files;
type Data<K extends Key> = z.output<Files[K]["schema"]>;
type KeysWhere<Where> = { [K in Key]: Files[K] extends Where ? K : never }[Key];
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void
  ? I
  : never;
type Flat<T> = { [K in keyof T]: T[K] };

/** The whole site's content as the app reads it: the files put together as `contentFiles` says. */
export type SiteContent = Flat<
  Merged<{ [K in KeysWhere<{ at: "top" }>]: Data<K> }[KeysWhere<{ at: "top" }>]> & {
    timeZone: typeof timeZone;
  } & {
    [K in Exclude<
      KeysWhere<{ file: string }>,
      KeysWhere<{ at: string } | { take: string }>
    >]: K extends "pages"
      ? Flat<Data<"pages"> & { [P in KeysWhere<{ at: "pages" }>]: Data<P> }>
      : Data<K>;
  } & {
    [K in KeysWhere<{ take: string }>]: Files[K] extends { take: infer F extends keyof Data<K> }
      ? Data<K>[F]
      : never;
  }
>;

/** The shape of every content file, at the place the list puts it. */
function siteShape(): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  const pages: Record<string, z.ZodType> = {};
  const objectOf = (schema: z.ZodType) => schema as z.ZodObject;
  for (const [key, entry] of Object.entries(contentFiles) as [string, ContentFile][]) {
    const schema = entry.schema as z.ZodType;
    if (entry.at === "apart") continue;
    if (entry.at === "top") Object.assign(shape, objectOf(schema).shape);
    else if (entry.at === "pages") pages[key] = schema;
    else if (entry.take) shape[key] = objectOf(schema).shape[entry.take] as z.ZodType;
    else shape[key] = schema;
  }
  shape.timeZone = z.literal(timeZone);
  shape.pages = pagesFile.extend(pages);
  return shape;
}

/** The whole site's content as one schema (app/content/schema.test.ts breaks it fact by fact). */
export const siteContentSchema = z.strictObject(siteShape()) as unknown as z.ZodType<SiteContent>;
