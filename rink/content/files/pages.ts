import * as z from "zod";
import { pageMeta, text } from "../fields.ts";

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
