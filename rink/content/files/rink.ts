import * as z from "zod";
import { day, e164, phoneLabel, text, timeRange, uniqueBy } from "../fields.ts";

const phone = z.strictObject({ label: phoneLabel, number: e164 });

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
