import { fullSizeUrl, type Photo } from "../lib/photo.ts";
import { PhotoViewer } from "./photo-viewer.tsx";
import { ResponsivePhoto } from "./responsive-photo.tsx";

interface PhotoGalleryProps {
  photos: Photo[];
  /** The thumbnails' `sizes`, matching `className`'s columns. */
  sizes: string;
  /** The grid's classes, e.g. "grid-cols-2 md:grid-cols-4". */
  className?: string;
}

/**
 * Thumbnails that open a larger view. Each is a link to the photo itself, so without
 * JavaScript a tap still shows it; with JavaScript (app/browser/gallery.ts) a tap opens the
 * viewer (arrows and swipes between photos, Escape closes, focus goes back to the thumbnail).
 */
export function PhotoGallery({ photos, sizes, className = "" }: PhotoGalleryProps) {
  return (
    <div data-gallery>
      <ul className={`grid gap-4 ${className}`}>
        {photos.map((photo, i) => (
          // The same photo may be listed twice; the list only changes with a new build.
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is fixed at build
          <li key={`${photo.name}-${i}`}>
            <figure>
              <a
                href={fullSizeUrl(photo)}
                data-photo
                className="block overflow-hidden rounded-2xl bg-brand-100"
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
      {photos.length > 0 ? <PhotoViewer count={photos.length} /> : null}
    </div>
  );
}
