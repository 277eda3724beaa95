import * as z from "zod";
import { richText, text } from "../fields.ts";

/** content/privacy.yml: the privacy notice at /privacy. */
export const privacyFile = z.strictObject({
  intro: richText,
  topics: z.array(z.strictObject({ topic: text, detail: richText })).min(1),
});
