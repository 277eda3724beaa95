import * as z from "zod";
import { dateTime, patterns } from "../fields.ts";

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
