// The next page is fetched while the pointer rests on its link for the spec's 100 ms, through
// Astro's own prefetch() (which skips pages already fetched and respects data-saver). Astro's
// start-up script is off (astro.config.ts): its "hover" strategy waits a fixed 80 ms, and it
// would be one more request before the first paint.
import { prefetch } from "astro/virtual-modules/prefetch.js";

/** Hover-prefetch delay (spec, "Other constants"). */
export const hoverDelayMs = 100;

const sameSitePage = (link: HTMLAnchorElement) =>
  link.origin === location.origin &&
  link.pathname !== location.pathname &&
  !link.hasAttribute("download") &&
  !/\.\w+$/.test(link.pathname);

export function startHoverPrefetch(): void {
  let timer: number | undefined;
  document.addEventListener("pointerover", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !sameSitePage(link)) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(() => prefetch(link.href), hoverDelayMs);
    link.addEventListener("pointerleave", () => window.clearTimeout(timer), { once: true });
  });
}
