import { useEffect, useState } from "react";
import { Link } from "react-router";
import { type AnnouncementWindow, inForce } from "../lib/announcement";

/**
 * The owner's announcement at the top of every page. Before the first paint an inline script
 * hides it outside its window (app/lib/announcement.ts); after hydration it also goes away
 * the minute it ends, for a page left open.
 */
export function AnnouncementBanner({ announcement }: { announcement: AnnouncementWindow }) {
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    const check = () => setEnded(!inForce(announcement, Date.now()));
    check();
    const timer = window.setInterval(check, 60_000);
    return () => window.clearInterval(timer);
  }, [announcement]);
  if (ended) return null;
  const { text, link, linkLabel } = announcement;
  // The page's pink focus ring is too faint on yellow (WCAG 1.4.11): dark purple here.
  const linkStyle = "font-semibold underline underline-offset-4 focus-visible:outline-brand-950";
  return (
    <aside data-announcement aria-label="Announcement" className="bg-accent-300 text-brand-950">
      <p className="mx-auto max-w-6xl px-4 py-2 text-center">
        {text}
        {link && linkLabel ? (
          <>
            {" "}
            {link.startsWith("/") ? (
              <Link to={link} className={linkStyle}>
                {linkLabel}
              </Link>
            ) : (
              <a href={link} className={linkStyle}>
                {linkLabel}
              </a>
            )}
          </>
        ) : null}
      </p>
    </aside>
  );
}
