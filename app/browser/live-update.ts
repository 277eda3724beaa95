// The owner's update in force, read from the site's own origin (/updates/current.json, which
// the server lets a browser keep 30 s) every 10 s and when the tab comes back into view, so a
// page left open shows a new update within 40 s and a visitor's browser asks the server
// about twice a minute at most. The bar (app/components/live-update-bar.tsx) shows it; the
// page's script (page.ts) puts its date into the status and the lists.
import { headline, type LiveUpdate, liveUpdateOf } from "../../rink/live-update.ts";

const pollSeconds = 10;
const hiddenKey = "rink-update-hidden";

/** Calls `changed` with the update in force whenever it differs from the last one seen. */
export function watchLiveUpdate(url: string, changed: (update: LiveUpdate | null) => void) {
  let last: LiveUpdate | null = null;
  const read = async () => {
    let json: unknown;
    try {
      // Low: a poll must not compete with what the page shows (a fetch is High by default,
      // and Lighthouse then counts it toward first paint).
      const response = await fetch(url, {
        headers: { Accept: "application/json" },
        priority: "low",
      });
      if (!response.ok) return;
      json = await response.json();
    } catch {
      return; // Offline for a moment: the last answer holds until its own end.
    }
    const update = liveUpdateOf(json, Date.now());
    if (JSON.stringify(update) === JSON.stringify(last)) return;
    last = update;
    changed(update);
  };
  void read();
  window.setInterval(read, pollSeconds * 1000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void read();
  });
}

function storedHidden(): string | null {
  try {
    return localStorage.getItem(hiddenKey);
  } catch {
    return null; // Storage refused (a private window): the bar just shows.
  }
}

/** Fills the bar with the update, or hides it; "Hide" puts it away for this update. */
export function showLiveBar(update: LiveUpdate | null, root: ParentNode = document) {
  const bar = root.querySelector<HTMLElement>("[data-live-update]");
  const title = bar?.querySelector("[data-live-headline]");
  const note = bar?.querySelector("[data-live-note]");
  const hide = bar?.querySelector<HTMLButtonElement>("[data-live-hide]");
  if (!bar || !title || !note || !hide) return;
  // Keyboard focus scrolled into view is kept clear of the bar (WCAG 2.4.11).
  const keepClear = () => {
    document.documentElement.style.scrollPaddingBottom = bar.hidden ? "" : `${bar.offsetHeight}px`;
  };
  bar.hidden = update === null || storedHidden() === update.id;
  if (update && !bar.hidden) {
    title.textContent = `${headline(update.kind, update.date, update.hours?.[0])}.`;
    note.textContent = update.note;
    hide.onclick = () => {
      try {
        localStorage.setItem(hiddenKey, update.id);
      } catch {
        // Not remembered: hidden on this page only.
      }
      bar.hidden = true;
      keepClear();
      document.getElementById("main")?.focus({ preventScroll: true });
    };
  }
  keepClear();
}
