// What counts as a visitor's first use of a form island (issue 43, decision 015), shared by the
// page's script, which fetches Astro's island runtime only then (island-wake.ts), and the
// `client:touch` directive inside that runtime, which then hydrates the island.

/**
 * What a visitor's first use of a form fires: a finger or mouse (pointerdown), Tab or an
 * assistive technology moving into a field (focusin), a key (keydown); input and submit for
 * what fires none of those first (a value filled in, a form sent from a screen reader's
 * browse mode).
 */
export const firstUse = ["pointerdown", "focusin", "keydown", "input", "submit"] as const;

/** Marks an island whose form the visitor has used before the runtime came to hydrate it. */
export const touchedAttribute = "data-touched";

/** Whether `target` is in a form of `island` (Contact's island holds the whole page). */
export function inIslandForm(target: EventTarget | null, island: Element): boolean {
  const form = target instanceof Element ? target.closest("form") : null;
  return form !== null && island.contains(form);
}

/**
 * Whether the island's form was used before anyone listened: the page's script is a
 * low-priority module and the runtime comes after it, and on a slow connection a visitor can
 * tap, type and even send first (the early script holds it all). The island is marked, the
 * focus is in its form, or the browser marks a field the visitor changed or a form they tried
 * to send (:user-valid, :user-invalid): a held Send or Subscribe disables its button, which
 * drops the focus. (:is() skips what an older browser lacks.)
 */
export function usedAlready(island: Element): boolean {
  return (
    island.hasAttribute(touchedAttribute) ||
    inIslandForm(document.activeElement, island) ||
    island.querySelector("form :is(:user-valid, :user-invalid)") !== null
  );
}
