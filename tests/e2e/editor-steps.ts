// The owner's steps in the editor (Sveltia CMS at /admin/), shared by the specs that drive it
// on a local repository (editor.spec.ts) and through the site's GitHub proxy
// (editor-github.spec.ts).
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * The Friday session's price, as the owner changes it: the collection, the file, the session
 * (the `index`th of the list, checked by its web address), the price, Save.
 */
export async function saveFridayPrice(page: Page, index: number, price: number) {
  await page.getByText("Sessions, prices and parties").filter({ visible: true }).first().click();
  await page
    .getByText("Public skating sessions and prices", { exact: true })
    .filter({ visible: true })
    .first()
    .click();
  // Items below the fold are drawn when scrolled to.
  await page.getByRole("button", { name: "Reorder Item" }).nth(index).scrollIntoViewIfNeeded();
  await expect(
    page.getByRole("textbox", { name: /Short name for the web address/ }).nth(index),
  ).toHaveValue("friday-family-pizza-party");
  await page
    .getByRole("spinbutton", { name: /Price per skater, in dollars/ })
    .nth(index)
    .fill(String(price));
  await page.getByRole("button", { name: "Save" }).click();
  // Through the site's proxy a save goes to GitHub (its stand-in here) and back, past the
  // proxy's guard: the fresh-clone run of 84d0d51 still showed "Saving…" 5 s after the click,
  // on the whole suite's load. The bound of the specs' other editor steps (their
  // actionTimeout), not the 5 s of a check on the page itself.
  await expect(page.getByText("Entry saved.")).toBeVisible({ timeout: 20_000 });
}

/**
 * A change each of the editor's fields allows but the site cannot be built from: the first
 * event, monthly on the second Tuesday, set to repeat every week with its week of the month
 * left in. Save.
 */
export async function saveFirstEventWeekly(page: Page) {
  await page.getByText("Events", { exact: true }).filter({ visible: true }).first().click();
  await page
    .getByText("Events and the Events page", { exact: true })
    .filter({ visible: true })
    .first()
    .click();
  // The events list and the first event's fields, each drawn as it is scrolled to.
  const events = page.getByRole("group", { name: /^\W*Events\W* Field$/ });
  await events.getByText(/^One entry per event\./).scrollIntoViewIfNeeded();
  await events.getByRole("button", { name: "Reorder Item" }).first().scrollIntoViewIfNeeded();
  await events.getByRole("checkbox", { name: "fundraiser" }).first().scrollIntoViewIfNeeded();
  const weekly = events
    .getByRole("radiogroup", { name: "Repeats" })
    .first()
    .getByRole("radio", { name: "Every week" });
  // A tap while the field is still being drawn can mark the radio without changing the entry
  // (Save stays disabled, both choices marked): tap again, as the owner would.
  await expect(async () => {
    await weekly.click();
    await expect(page.getByRole("button", { name: "Save" })).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole("button", { name: "Save" }).click();
}
