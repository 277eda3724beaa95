/**
 * The owner's update in force ("Closed today: the roads are icy"), kept at the bottom of the
 * screen on every page. Written empty and hidden: app/browser/live-update.ts fills it from
 * /updates/current.json, within a minute of the owner posting it. It sits after the footer and
 * sticks to the screen's bottom edge, so showing it moves nothing on the page (CLS 0); at the
 * end of the page it rests below the footer instead of covering it. "Hide" puts it away for
 * that update.
 */
export function LiveUpdateBar() {
  return (
    <aside
      data-live-update
      hidden
      aria-label="Latest update"
      className="sticky bottom-0 z-30 border-brand-950 border-t-2 bg-accent-300 text-brand-950"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
        <p role="status" className="min-w-0 flex-1">
          <strong data-live-headline /> <span data-live-note />
        </p>
        <button
          type="button"
          data-live-hide
          className="min-h-11 rounded-md px-3 font-semibold underline underline-offset-4 focus-visible:outline-brand-950"
        >
          Hide
        </button>
      </div>
    </aside>
  );
}
