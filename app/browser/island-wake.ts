// Astro's island runtime, fetched only when a visitor first uses a form (issue 45's room for the
// phones' speed, decision 016). The build moves the runtime out of each page into one file and
// names it on each island (`data-runtime`, tooling/island-runtime.ts); a reader who never
// touches a form never fetches it. At the first use the island is marked touched, so the
// `client:touch` directive inside the runtime hydrates it at once, and the island's component
// and React are asked for beside the runtime, not one round trip after it.
import { firstUse, inIslandForm, touchedAttribute, usedAlready } from "./island-use.ts";

/** Starts listening for the first use of any island's form on the page. */
export function wakeIslandsOnUse(): void {
  const islands = [...document.querySelectorAll<HTMLElement>("astro-island[data-runtime]")];
  const runtime = islands[0]?.dataset.runtime;
  if (!runtime) return;

  const wake = (island: HTMLElement) => {
    island.setAttribute(touchedAttribute, "");
    for (const type of firstUse) document.removeEventListener(type, onUse, true);
    for (const name of ["component-url", "renderer-url"]) {
      const href = island.getAttribute(name);
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.src = runtime;
    document.head.append(script);
  };
  function onUse(event: Event) {
    const island = islands.find((i) => inIslandForm(event.target, i));
    if (island) wake(island);
  }

  const used = islands.find(usedAlready);
  if (used) {
    wake(used);
    return;
  }
  for (const type of firstUse) document.addEventListener(type, onUse, true);
}
