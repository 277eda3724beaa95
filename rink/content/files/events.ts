import * as z from "zod";
import { repeatKinds, weeksOfMonth } from "../../week.ts";
import { date, day, dollars, id, pageFile, photo, text, timeRange, uniqueBy } from "../fields.ts";

/** The tags an event may carry, as the page shows them. */
export const eventTags = [
  "theme night",
  "homeschool",
  "Christian music",
  "sensory-friendly",
  "fundraiser",
] as const;

/** An event's photo (issue 34): a file and its alt text, as photos.yml's (no caption: the card). */
const eventPhoto = photo.pick({ image: true, alt: true });

/**
 * One event (issue 34): a one-off (its date) or a repeat written as the owner says it (weekly
 * on a weekday, or monthly on the Nth weekday, from a date, until one), the dates it skips.
 * The build turns a repeat into dates with an RFC 5545 rule (rink/repeats.ts).
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
