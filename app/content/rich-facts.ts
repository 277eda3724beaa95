// What the braces in the owner's words stand for (rink/rich-text.ts), each from where it
// lives: the rink's name and Main number in content/rink.yml, the texts a month in the forms'
// shared rules (the limit the owner's updates keep to).
import { textsPerMonth } from "../../rink/forms/newsletter.ts";
import type { RichFacts } from "../components/rich-text.tsx";
import { phoneByLabel } from "../lib/phone.ts";
import { site } from "./site.ts";

export const richFacts: RichFacts = {
  rink: site.name,
  phone: phoneByLabel(site.phones, "Main").number,
  textsAMonth: textsPerMonth,
};
