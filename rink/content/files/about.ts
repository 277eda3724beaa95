import * as z from "zod";
import { text } from "../fields.ts";

/** content/about.yml: the story, services and values (what is coming is content/events.yml). */
export const aboutFile = z.strictObject({
  services: z.array(z.strictObject({ name: text, summary: text, detail: text })).length(4),
  story: z.array(text).min(1),
  mission: text,
  values: z.array(z.strictObject({ name: text, detail: text })).length(4),
});
