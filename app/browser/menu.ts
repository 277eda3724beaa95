// The phone's menu (app/components/site-header.tsx): the button opens and closes it, Escape
// closes it and gives focus back to the button. Following one of the header's links closes
// it and scrolls the page smoothly to the top while the next page loads (spec: "Clicking a
// navigation link closes the mobile menu and scrolls smoothly to the top"; at once for
// visitors who prefer reduced motion); the next page then opens at its top.
import { scrollToTop } from "../lib/scroll.ts";

export function startMenu(root: ParentNode = document): void {
  const toggle = root.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = root.querySelector<HTMLElement>("[data-mobile-menu]");
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.toggleAttribute("data-open", open);
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  toggle.closest("nav")?.addEventListener("click", (event) => {
    if (!(event.target instanceof Element && event.target.closest("a[href^='/']"))) return;
    // A new tab or window (ctrl, cmd, shift, middle button) leaves this page where it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    setOpen(false);
    scrollToTop();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || toggle.getAttribute("aria-expanded") !== "true") return;
    setOpen(false);
    toggle.focus();
  });
}
