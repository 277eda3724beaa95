// The owner's live closure or hours (rink/live-update.ts) in the page's "Holiday hours and
// closures" lists (app/components/special-dates-list.tsx): an item for its date, in date
// order, in place of the content's own item for that date; and on the event cards of a day
// the owner closes (app/components/event-card.tsx), "Cancelled" with the closure's note. A
// list on the screen would move under the visitor's eyes, so each list changes only while it
// is out of view (below the screen nothing visible moves; above it the browser's scroll
// anchoring keeps the view still).

import { formatDate } from "../../rink/format.ts";
import type { SpecialDate } from "../content/types.ts";
import { specialHoursText } from "../lib/hours.ts";
import { hideIfEmpty } from "./today.ts";

const waiting = new Map<Element, IntersectionObserver>();

function place(list: HTMLElement, live: SpecialDate | null) {
  for (const old of list.querySelectorAll("[data-live-item]:not(template)")) old.remove();
  for (const replaced of list.querySelectorAll("[data-replaced]")) {
    replaced.removeAttribute("data-replaced");
  }
  const template = list.querySelector<HTMLTemplateElement>("template[data-live-item]");
  const item = template?.content.firstElementChild?.cloneNode(true);
  if (live && item instanceof HTMLElement) {
    item.dataset.showFrom = "";
    item.dataset.showUntil = live.date;
    const [title, hours, note] = item.querySelectorAll("dt, span");
    if (title) title.textContent = `${formatDate(live.date)}: `;
    if (hours) hours.textContent = specialHoursText(live);
    if (note) note.textContent = live.note;
    // The content's items, each written with its date as the last day it shows.
    const items = [
      ...list.querySelectorAll<HTMLElement>("[data-show-until]:not([data-live-item])"),
    ];
    items.find((i) => i.dataset.showUntil === live.date)?.setAttribute("data-replaced", "");
    const after = items.find((i) => (i.dataset.showUntil ?? "") >= live.date);
    (after?.parentElement ?? template?.parentElement)?.insertBefore(
      item,
      after ?? template ?? null,
    );
  }
  hideIfEmpty(list);
}

/** The event cards of the live closure's date marked cancelled; the marks of an earlier one gone. */
function cancel(list: HTMLElement, live: SpecialDate | null, note: HTMLTemplateElement | null) {
  for (const old of list.querySelectorAll("[data-cancelled][data-live]")) old.remove();
  for (const link of list.querySelectorAll<HTMLElement>("[data-live-hidden]")) {
    link.removeAttribute("data-live-hidden");
    link.hidden = false;
  }
  if (!live?.closed || !note) return;
  for (const card of list.querySelectorAll<HTMLElement>("[data-event-date]")) {
    if (card.dataset.eventDate !== live.date || card.querySelector("[data-cancelled]")) continue;
    const mark = note.content.firstElementChild?.cloneNode(true);
    if (!(mark instanceof HTMLElement)) continue;
    mark.dataset.live = "";
    const why = mark.querySelector("[data-cancelled-why]");
    if (why) why.textContent = live.note;
    card.querySelector("[data-event-when]")?.after(mark);
    // No calendar file for a date that will not happen.
    for (const link of card.querySelectorAll<HTMLElement>("a[download]")) {
      link.hidden = true;
      link.setAttribute("data-live-hidden", "");
    }
  }
}

/**
 * Puts the live date into every list now or, for a list whose box is on the screen, once the
 * box leaves it (the box, since a list with nothing to show yet takes no room of its own).
 */
export function showLiveDates(live: SpecialDate | null, root: ParentNode = document) {
  const note = root.querySelector<HTMLTemplateElement>("template[data-cancelled-note]");
  const lists = new Set<HTMLElement>();
  for (const found of root.querySelectorAll(
    "[data-dated-list] template[data-live-item], [data-dated-list] [data-event-date]",
  )) {
    const list = found.closest<HTMLElement>("[data-dated-list]");
    if (list) lists.add(list);
  }
  for (const list of lists) {
    waiting.get(list)?.disconnect();
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) return;
      observer.disconnect();
      waiting.delete(list);
      if (list.querySelector("template[data-live-item]")) place(list, live);
      cancel(list, live, note);
    });
    waiting.set(list, observer);
    observer.observe(list.parentElement ?? list);
  }
}
