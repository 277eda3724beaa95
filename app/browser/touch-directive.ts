// `client:touch` (issue 43, decision 015): an island that hydrates when the visitor first uses
// its form, not when it comes on screen. Most visitors read the hours and call; React and the
// island's code (about 60 KiB) are for the few who type into a form. Until the island has
// hydrated, the page's early script for that form (early-forms.ts) keeps every behaviour of the
// spec and holds what the touch started: the field the tap focused keeps its focus through
// hydration, the keys typed stay in it (formatted), and a Subscribe or Send is held and handed
// to the island. Astro bundles this file into the islands' runtime (tooling/touch-directive.ts),
// which the page's script fetches only at that first use (island-wake.ts, decision 016): the
// island is then marked touched, and hydrates at once.
import type { ClientDirective } from "astro";
import { firstUse, inIslandForm, usedAlready } from "./island-use.ts";

const touch: ClientDirective = (load, _options, island) => {
  const start = (event?: Event) => {
    if (event && !inIslandForm(event.target, island)) return;
    for (const type of firstUse) island.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  if (usedAlready(island)) return start();
  // Listened to on the island, captured, so no handler of the page can stop them.
  for (const type of firstUse) island.addEventListener(type, start, true);
};

export default touch;
