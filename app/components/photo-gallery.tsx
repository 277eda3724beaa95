import { lazy, Suspense, useRef, useState } from "react";
import { fullSizeUrl, type Photo } from "../lib/photo";
import { ResponsivePhoto } from "./responsive-photo";

// The viewer (a <dialog>) is its own chunk, fetched when a visitor reaches for a photo: pages
// without a gallery never load it, and pages with one load it only when it is used.
const loadViewer = () => import("./photo-viewer");
const PhotoViewer = lazy(() => loadViewer().then((m) => ({ default: m.PhotoViewer })));

interface PhotoGalleryProps {
  photos: Photo[];
  /** The thumbnails' `sizes`, matching `className`'s columns. */
  sizes: string;
  /** The grid's classes, e.g. "grid-cols-2 md:grid-cols-4". */
  className?: string;
}

/**
 * Thumbnails that open a larger view. Each is a link to the photo itself, so without
 * JavaScript a tap still shows it; with JavaScript a tap opens the viewer (arrows and swipes
 * between photos, Escape closes, focus goes back to the thumbnail).
 */
export function PhotoGallery({ photos, sizes, className = "" }: PhotoGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);
  return (
    <>
      <ul className={`grid gap-4 ${className}`}>
        {photos.map((photo, i) => (
          // The same photo may be listed twice; the list only changes with a new build.
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is fixed at build
          <li key={`${photo.name}-${i}`}>
            <figure>
              <a
                href={fullSizeUrl(photo)}
                className="block overflow-hidden rounded-2xl bg-brand-100"
                onPointerDown={() => void loadViewer()}
                onFocus={() => void loadViewer()}
                onClick={(event) => {
                  // A new tab or window (ctrl, cmd, shift, middle button) keeps the plain link.
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
                    return;
                  event.preventDefault();
                  opener.current = event.currentTarget;
                  setOpen(i);
                }}
              >
                <ResponsivePhoto
                  photo={photo}
                  sizes={sizes}
                  className="aspect-3/2 h-auto w-full object-cover transition-transform duration-300 hover:scale-105"
                />
                <span className="sr-only"> (larger photo)</span>
              </a>
              {photo.caption ? (
                <figcaption className="mt-2 text-slate-700 text-sm">{photo.caption}</figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      {open === null ? null : (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            index={open}
            onIndex={setOpen}
            onClose={() => {
              setOpen(null);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
