import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import type { NavLink as NavItem, Phone } from "../content/types";
import { telHref } from "../lib/phone";
import { scrollToTop } from "../lib/scroll";
import { PhoneIcon } from "./icons";

interface SiteHeaderProps {
  name: string;
  nav: readonly NavItem[];
  phone: Phone;
}

const linkBase = "rounded-md px-3 py-2 font-semibold transition-colors";
const linkIdle = "text-white hover:bg-white/10";
const linkActive = "bg-white text-brand-900";

export function SiteHeader({ name, nav, phone }: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const onNavigate = () => {
    setOpen(false);
    scrollToTop();
  };

  const links = (layout: string) =>
    nav.map((item) => (
      <li key={item.to}>
        <NavLink
          to={item.to}
          // Prerendering renders "/parties" at "/parties/", so only Home needs an exact match.
          end={item.to === "/"}
          prefetch="intent"
          preventScrollReset
          onClick={onNavigate}
          className={({ isActive }) => `${linkBase} ${layout} ${isActive ? linkActive : linkIdle}`}
        >
          {item.label}
        </NavLink>
      </li>
    ));

  return (
    <header className="dark-band js:sticky top-0 z-40 bg-brand-900 text-white shadow-md">
      <nav aria-label="Main" className="mx-auto max-w-6xl px-4">
        <div className="flex h-16 items-center justify-between gap-3">
          <Link
            to="/"
            prefetch="intent"
            preventScrollReset
            onClick={onNavigate}
            className="min-w-0 rounded-md font-display font-extrabold text-base text-white leading-tight sm:text-xl"
          >
            {name}
          </Link>
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
              ref={toggle}
              data-menu-toggle
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((o) => !o)}
            >
              <span className="sr-only">Menu</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none">
                <path
                  d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
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
          data-open={open || undefined}
          className="flex flex-col gap-2 border-white/20 border-t py-3 md:hidden"
        >
          {links("block")}
        </ul>
      </nav>
    </header>
  );
}
