import * as z from "zod";
import { linksOf } from "../../rich-text.ts";
import { id, richText, text } from "../fields.ts";

/** content/policies.yml: the rink's rules at /policies, and whom to ask for help. */
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
