import type { NavLink as NavItem, Phone } from "../content/types.ts";
import { isCurrent } from "../lib/current-page.ts";
import { telHref } from "../lib/phone.ts";
import { PhoneIcon } from "./icons.tsx";

interface SiteHeaderProps {
  name: string;
  nav: readonly NavItem[];
  phone: Phone;
  /** The page's own path: its link is marked as the current one. */
  path: string;
}

const linkBase = "rounded-md px-3 py-2 font-semibold transition-colors";
const linkIdle = "text-white hover:bg-white/10";
const linkActive = "bg-white text-brand-900";
const menuId = "site-menu";

/**
 * The header with the menu. Rendered at build; on a phone the menu button works through
 * app/browser/menu.ts (open, close on Escape or a link, focus back on the button).
 */
export function SiteHeader({ name, nav, phone, path }: SiteHeaderProps) {
  const links = (layout: string) =>
    nav.map((item) => {
      const current = isCurrent(item.to, path);
      return (
        <li key={item.to}>
          <a
            href={item.to}
            aria-current={current ? "page" : undefined}
            className={`${linkBase} ${layout} ${current ? linkActive : linkIdle}`}
          >
            {item.label}
          </a>
        </li>
      );
    });

  return (
    <header className="dark-band js:sticky top-0 z-40 bg-brand-900 text-white shadow-md">
      <nav aria-label="Main" className="mx-auto max-w-6xl px-4">
        <div className="flex h-16 items-center justify-between gap-3">
          <a
            href="/"
            className="min-w-0 rounded-md font-display font-extrabold text-base text-white leading-tight sm:text-xl"
          >
            {name}
          </a>
          <ul className="hidden items-center gap-2 md:flex">{links("")}</ul>
          <div className="flex shrink-0 items-center gap-2">
            <a
              href={telHref(phone.number)}
              className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-4 py-2 font-bold text-brand-950 hover:bg-accent-300"
            >
              <PhoneIcon />
              Call Now
            </a>
            <button
              data-menu-toggle
              type="button"
              className="group inline-flex size-11 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
              aria-expanded="false"
              aria-controls={menuId}
            >
              <span className="sr-only">Menu</span>
              {/* Three bars, or a cross while the menu is open (aria-expanded="true"). */}
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none">
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  className="group-aria-expanded:hidden"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
                <path
                  d="M6 6l12 12M18 6L6 18"
                  className="hidden group-aria-expanded:inline"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
        </div>
        <ul
          id={menuId}
          data-mobile-menu
          className="flex flex-col gap-2 border-white/20 border-t py-3 md:hidden"
        >
          {links("block")}
        </ul>
      </nav>
    </header>
  );
}
