import type { AnnouncementWindow } from "../lib/announcement.ts";

/**
 * The owner's announcement at the top of every page. Before the first paint an inline script
 * hides it outside its window (app/lib/announcement.ts); for a page left open,
 * app/browser/page.ts hides it the minute it ends, from the window written here.
 */
export function AnnouncementBanner({ announcement }: { announcement: AnnouncementWindow }) {
  const { text, link, linkLabel } = announcement;
  // The page's pink focus ring is too faint on yellow (WCAG 1.4.11): dark purple here.
  const linkStyle = "font-semibold underline underline-offset-4 focus-visible:outline-brand-950";
  return (
    <aside
      data-announcement
      data-from={announcement.from ?? undefined}
      data-until={announcement.until ?? undefined}
      aria-label="Announcement"
      className="bg-accent-300 text-brand-950"
    >
      <p className="mx-auto max-w-6xl px-4 py-2 text-center">
        {text}
        {link && linkLabel ? (
          <>
            {" "}
            <a href={link} className={linkStyle}>
              {linkLabel}
            </a>
          </>
        ) : null}
      </p>
    </aside>
  );
}
