/**
 * The owner's update in force ("Closed today: the roads are icy"), kept at the bottom of the
 * screen on every page. Written empty and hidden: app/browser/live-update.ts fills it from
 * /updates/current.json, within a minute of the owner posting it. It sits after the footer and
 * sticks to the screen's bottom edge, so showing it moves nothing on the page (CLS 0); at the
 * end of the page it rests below the footer instead of covering it. "Hide" puts it away for
 * that update; a long note shows three lines until "Show all".
 */
export function LiveUpdateBar() {
  const button =
    "min-h-11 shrink-0 rounded-md px-3 font-semibold underline underline-offset-4 focus-visible:outline-brand-950";
  return (
    <aside
      data-live-update
      hidden
      aria-label="Latest update"
      className="sticky bottom-0 z-30 border-brand-950/20 border-t bg-accent-300 text-brand-950 shadow-[0_-4px_12px_rgb(0_0_0/0.2)]"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2">
        <div role="status" className="min-w-0 flex-1 py-2.5">
          <p data-live-text className="line-clamp-3">
            <strong data-live-headline /> <span data-live-note className="whitespace-pre-line" />
          </p>
        </div>
        <button type="button" data-live-more hidden aria-expanded="false" className={button}>
          Show all
        </button>
        <button type="button" data-live-hide className={button}>
          Hide
        </button>
      </div>
    </aside>
  );
}
