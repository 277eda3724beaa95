// What more than one page shows, for site-facts.ts and page-facts.ts: the rink's Main number,
// the hours list, and the owner's words as a reader sees them (their facts filled in, their
// links links), all from the content module.
import type { Locator } from "@playwright/test";
import { hoursRows } from "../../../app/lib/hours.ts";
import { formatPhone, phoneByLabel, telHref } from "../../../app/lib/phone.ts";
import { textsPerMonth } from "../../../rink/forms/newsletter.ts";
import { parseRichText, plainText } from "../../../rink/rich-text.ts";
import { site } from "./content.ts";
import { expect } from "./fixtures.ts";

export const mainPhone = phoneByLabel(site.phones, "Main");

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The dl rows of an HoursList: each day range next to its hours. */
export async function expectHours(scope: Locator) {
  for (const row of hoursRows(site.hours)) {
    // Exactly the day range: the special dates below have terms like "Friday, Dec 25:".
    const term = scope.locator("dt", { hasText: new RegExp(`^${escapeRegExp(row.days)}$`) });
    await expect(term).toHaveText(row.days);
    // One line per opening ("12:00–3:00 PM", "6:30–9:00 PM"), or "Closed".
    await expect(term.locator("xpath=following-sibling::dd[1]").locator("span")).toHaveText(
      row.hours,
    );
  }
}

/** The owner's words as a reader sees them: the rink's name, its Main number, the texts a month. */
export const readable = (text: string) =>
  plainText(text, {
    rink: site.name,
    phone: formatPhone(mainPhone.number),
    "texts-a-month": String(textsPerMonth),
  });

/** A region's text says the owner's words, their facts filled in, and their links are links. */
export async function expectRichText(scope: Locator, text: string) {
  await expect(scope).toContainText(readable(text));
  for (const part of parseRichText(text).parts) {
    if (part.kind === "link") {
      await expect(scope.getByRole("link", { name: part.words, exact: true })).toHaveAttribute(
        "href",
        part.href,
      );
    } else if (part.kind === "fact" && part.fact === "phone") {
      await expect(
        scope.getByRole("link", { name: formatPhone(mainPhone.number) }).first(),
      ).toHaveAttribute("href", telHref(mainPhone.number));
    }
  }
}
