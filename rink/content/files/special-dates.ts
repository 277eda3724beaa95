import * as z from "zod";
import { date, dollars, text, timeRange } from "../fields.ts";

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
