import * as z from "zod";
import { linksOf } from "../../rich-text.ts";
import { richText, text } from "../fields.ts";

/**
 * What carriers look for in a text programme's terms (CTIA's messaging principles; the
 * 10DLC campaign review reads this page): each is a content problem when it is missing.
 */
export const textTermsMust: readonly { says: (all: string) => boolean; message: string }[] = [
  {
    says: (all) => /\bSTOP\b/.test(all),
    message: "the terms must say how to stop the texts: Reply STOP (in capitals)",
  },
  {
    says: (all) => /\bHELP\b/.test(all),
    message: "the terms must say how to get help: Reply HELP (in capitals)",
  },
  {
    says: (all) => all.includes("{texts-a-month}"),
    message:
      "the terms must say how often texts come: write {texts-a-month}, the site fills in the number",
  },
  {
    says: (all) => /rates may apply/i.test(all),
    message: "the terms must say that Msg & data rates may apply",
  },
  {
    says: (all) => /\bYES\b/.test(all),
    message: "the terms must say how to join: reply YES to the text we send after the signup",
  },
  {
    says: (all) => /not liable/i.test(all),
    message: "the terms must say that carriers are not liable for delayed or undelivered messages",
  },
  {
    says: (all) => linksOf(all).includes("/privacy"),
    message: "the terms must link the privacy notice: [our privacy notice](/privacy)",
  },
];

/** content/text-alerts.yml: the text-alert programme's terms at /text-alerts. */
export const textAlertsFile = z
  .strictObject({
    intro: richText,
    terms: z.array(z.strictObject({ heading: text, text: richText })).min(1),
  })
  .superRefine((file, ctx) => {
    const all = [file.intro, ...file.terms.flatMap((t) => [t.heading, t.text])].join("\n");
    for (const must of textTermsMust) {
      if (!must.says(all)) ctx.addIssue({ code: "custom", path: ["terms"], message: must.message });
    }
  });
