// Fills every open-now status of the page (app/components/open-status.tsx) on the visitor's
// clock, and again each minute: the text, the owner's note, and the open or closed colours
// that the component wrote into data attributes. The rink's hours come from the page's JSON
// (app/layouts/site.astro), read once.
import { describeOpenStatus, openStatus, type RinkHours } from "../lib/open-now.ts";

export interface RinkClockData extends RinkHours {
  timeZone: string;
}

/** Swaps an element's open and closed classes (each a space-separated list). */
function paint(element: Element, open: boolean) {
  const remove = element.getAttribute(open ? "data-closed-class" : "data-open-class") ?? "";
  const add = element.getAttribute(open ? "data-open-class" : "data-closed-class") ?? "";
  element.classList.remove(...remove.split(" ").filter(Boolean));
  element.classList.add(...add.split(" ").filter(Boolean));
}

/** `liveNote`: the owner's live update's note, cut to its room's width where it shows. */
export function showOpenStatus(
  rink: RinkClockData,
  now: Date,
  liveNote?: string,
  root: ParentNode = document,
) {
  const status = openStatus(rink, now, rink.timeZone);
  const text = describeOpenStatus(status);
  for (const box of root.querySelectorAll("[data-open-status]")) {
    const pill = box.querySelector("[data-status]");
    const note = box.querySelector<HTMLElement>("[data-status-note]");
    if (!(pill instanceof HTMLElement) || !note) continue;
    const label = pill.lastElementChild;
    if (label && label.textContent !== text) label.textContent = text;
    paint(pill, status.open);
    if (pill.firstElementChild) paint(pill.firstElementChild, status.open);
    pill.hidden = false;
    note.textContent = status.note ?? "";
    note.hidden = !status.note;
    note.toggleAttribute("data-live", status.note !== undefined && status.note === liveNote);
  }
}
