/**
 * The gallery's viewer: one photo large in a modal <dialog> (the browser keeps focus inside
 * and closes it on Escape). Written empty at build; app/browser/gallery.ts puts the photo in
 * (a copy of its thumbnail's <picture>, sized for the screen) and moves between photos with
 * the arrow keys, the buttons or a swipe.
 */
export function PhotoViewer({ count }: { count: number }) {
  const button =
    "rounded-full bg-white/15 px-4 py-2 font-bold text-white hover:bg-white/25 focus-visible:outline-accent-300";
  return (
    <dialog
      aria-label="Photos"
      data-viewer
      className="m-auto h-dvh max-h-none w-full max-w-none bg-brand-950 p-0 backdrop:bg-brand-950"
    >
      <div className="flex h-full flex-col gap-3 p-3 text-white sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <p aria-live="polite" data-viewer-count className="font-semibold" />
          <button type="button" data-viewer-close className={button}>
            Close
          </button>
        </div>
        <figure className="flex min-h-0 flex-1 flex-col items-center justify-center">
          <div
            data-viewer-stage
            className="flex min-h-0 w-full flex-1 touch-pan-y items-center justify-center"
          />
          <figcaption data-viewer-caption className="mt-3 text-center text-brand-50" />
        </figure>
        {count > 1 ? (
          <div className="flex justify-center gap-3">
            <button type="button" data-viewer-step="-1" className={button}>
              Previous photo
            </button>
            <button type="button" data-viewer-step="1" className={button}>
              Next photo
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
