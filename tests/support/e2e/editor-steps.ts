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
/** The events file open, its first event's fields drawn down to its tags: the events list. */
async function openFirstEvent(page: Page) {
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
  return events;
}

export async function saveFirstEventWeekly(page: Page) {
  const events = await openFirstEvent(page);
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

/**
 * A photo from the phone on the first event (which has none), as the owner adds it: the
 * event's "Photo (optional)", Browse, Upload, the file, Insert, its alt text, Save.
 */
export async function saveFirstEventPhoto(
  page: Page,
  file: string,
  alt: string,
  { draftLeft = false } = {},
) {
  const events = await openFirstEvent(page);
  // A change to the events that was not saved (refused) is offered back: not this time.
  if (draftLeft) {
    await page
      .getByRole("dialog", { name: "Restore Draft" })
      .or(page.getByRole("alertdialog", { name: "Restore Draft" }))
      .getByRole("button", { name: "Discard" })
      .click();
  }
  // The fields below the tags are drawn as the owner scrolls down to them.
  const photo = events.getByRole("group", { name: /Photo \(optional\)/ }).first();
  await expect(async () => {
    // (The wheel scrolls what is under the pointer: the entry's form.)
    await page.mouse.move(200, 500);
    await page.mouse.wheel(0, 400);
    await expect(photo).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await photo.getByRole("checkbox", { name: /Add \W*Photo \(optional\)/ }).check();
  await photo.getByRole("button", { name: "Browse" }).click();
  const library = page.getByRole("dialog", { name: "Select Image" });
  const chooser = page.waitForEvent("filechooser");
  await library.getByRole("button", { name: "Upload" }).click();
  await (await chooser).setFiles(file);
  // The photo is made small in the browser (the editor's media library: tooling/editor/settings.ts), then offered, chosen.
  await expect(library.getByRole("button", { name: "Insert" })).toBeEnabled({ timeout: 20_000 });
  await library.getByRole("button", { name: "Insert" }).click();
  const altText = photo.getByRole("textbox", { name: /^Alt text/ });
  // Below the photo, drawn as it is scrolled to.
  await expect(async () => {
    await page.mouse.move(200, 500);
    await page.mouse.wheel(0, 200);
    await expect(altText).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await altText.fill(alt);
  await expect(altText).toHaveValue(alt);
  // Sveltia 0.221's first Save after a photo is inserted can answer "One field has an error"
  // while its own check then finds none (seen in every run here): Save again, as the owner
  // would. A save under way disables Save, so a slow one is never sent twice (the spec counts
  // the commits).
  const save = page.getByRole("button", { name: "Save" });
  await expect(async () => {
    if (await save.isEnabled()) await save.click();
    await expect(page.getByText("Entry saved.")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** A photo deleted as the owner does it: Assets, the photo, its options, Delete, Delete. */
export async function deletePhoto(page: Page, origin: string, name: string) {
  await page.goto(`${origin}/admin/#/assets/content/photos`);
  await page.getByRole("row", { name }).click();
  await page.getByRole("button", { name: "Show Edit Options" }).click();
  await page.getByRole("menuitem", { name: "Delete Asset" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
}
