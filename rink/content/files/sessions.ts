import * as z from "zod";
import { count, day, dollars, id, text, timeRange, uniqueBy } from "../fields.ts";

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
