// `client:touch` (issue 43, decision 015): an island that hydrates when the visitor first uses
// its form, not when it comes on screen. Most visitors read the hours and call; React and the
// island's code (about 60 KiB) are for the few who type into a form. Until the island has
// hydrated, the page's early script for that form (early-forms.ts) keeps every behaviour of the
// spec and holds what the touch started: the field the tap focused keeps its focus through
// hydration, the keys typed stay in it (formatted), and a Subscribe or Send is held and handed
// to the island. Astro bundles this file into the islands' runtime (tooling/touch-directive.ts).
import type { ClientDirective } from "astro";

/**
 * What a visitor's first use of a form fires: a finger or mouse (pointerdown), Tab or an
 * assistive technology moving into a field (focusin), a key (keydown); input and submit for
 * what fires none of those first (a value filled in, a form sent from a screen reader's
 * browse mode). Listened to on the island, captured, so no handler of the page can stop them.
 */
const firstUse = ["pointerdown", "focusin", "keydown", "input", "submit"];

const touch: ClientDirective = (load, _options, island) => {
  /** Whether `target` is in a form of this island (Contact's island holds the whole page). */
  const inForm = (target: EventTarget | null) => {
    const form = target instanceof Element ? target.closest("form") : null;
    return form !== null && island.contains(form);
  };
  const start = (event?: Event) => {
    if (event && !inForm(event.target)) return;
    for (const type of firstUse) island.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  // A form used before this ran is touched already: the islands' runtime is a deferred file,
  // and on a slow connection a visitor can tap, type and even send first (the early script
  // holds it all). The focus is in the form, or the browser marks a field the visitor changed
  // or a form they tried to send (:user-valid, :user-invalid): a held Send or Subscribe
  // disables its button, which drops the focus. (:is() skips what an older browser lacks.)
  if (
    inForm(document.activeElement) ||
    island.querySelector("form :is(:user-valid, :user-invalid)")
  ) {
    return start();
  }
  for (const type of firstUse) island.addEventListener(type, start, true);
};

export default touch;
