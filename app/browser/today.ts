// Shows the dated items of the page (app/lib/dated.ts) that belong to the visitor's day and
// hides the others; a list whose items are all hidden is hidden with them.

export function showToday(today: string, root: ParentNode = document): void {
  for (const item of root.querySelectorAll<HTMLElement>("[data-show-until]")) {
    const from = item.dataset.showFrom ?? "";
    const until = item.dataset.showUntil ?? "";
    item.hidden = !(today >= from && today <= until);
  }
  for (const list of root.querySelectorAll<HTMLElement>("[data-dated-list]")) hideIfEmpty(list);
}

/** A dated list with no item shown takes no room. */
export function hideIfEmpty(list: HTMLElement): void {
  list.hidden = list.querySelector("[data-show-until]:not([hidden])") === null;
}
