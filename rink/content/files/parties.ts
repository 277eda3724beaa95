import * as z from "zod";
import {
  count,
  day,
  dollars,
  id,
  phoneLabel,
  richText,
  text,
  timeRange,
  uniqueBy,
} from "../fields.ts";

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
      phone: phoneLabel,
    })
    .optional(),
});
