import { useEffect, useRef } from "react";
import type { Photo } from "../lib/photo";
import { ResponsivePhoto } from "./responsive-photo";

interface PhotoViewerProps {
  photos: Photo[];
  index: number;
  onIndex: (index: number) => void;
  /** The dialog closed (Escape, the Close button, a tap outside the photo). */
  onClose: () => void;
}

/** A swipe shorter than this (CSS px) is a tap, not a move to the next photo. */
const swipeDistance = 40;

/**
 * One photo large in a modal <dialog>: the browser keeps focus inside and closes it on
 * Escape. Arrow keys, the buttons or a swipe move between photos.
 */
export function PhotoViewer({ photos, index, onIndex, onClose }: PhotoViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const photo = photos[index];
  const count = photos.length;
  const go = (step: number) => onIndex((index + step + count) % count);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  if (!photo) return null;
  const button =
    "rounded-full bg-white/15 px-4 py-2 font-bold text-white hover:bg-white/25 focus-visible:outline-accent-300";
  return (
    <dialog
      ref={dialog}
      aria-label="Photos"
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(1);
        else if (event.key === "ArrowLeft") go(-1);
        else return;
        event.preventDefault();
      }}
      onClick={(event) => {
        // The backdrop: a click on the dialog itself, outside its content.
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
      className="m-auto h-dvh max-h-none w-full max-w-none bg-brand-950 p-0 backdrop:bg-brand-950"
    >
      <div className="flex h-full flex-col gap-3 p-3 text-white sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <p aria-live="polite" className="font-semibold">
            Photo {index + 1} of {count}
          </p>
          <button type="button" className={button} onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        <figure className="flex min-h-0 flex-1 flex-col items-center justify-center">
          <div
            className="flex min-h-0 w-full flex-1 touch-pan-y items-center justify-center"
            onPointerDown={(event) => {
              start.current = { x: event.clientX, y: event.clientY };
            }}
            onPointerUp={(event) => {
              const from = start.current;
              start.current = null;
              if (!from) return;
              const dx = event.clientX - from.x;
              const dy = event.clientY - from.y;
              if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
            }}
            onPointerCancel={() => {
              start.current = null;
            }}
          >
            <ResponsivePhoto
              key={photo.name + index}
              photo={photo}
              sizes="(min-width: 1280px) 1200px, 100vw"
              priority
              pictureClassName="contents"
              className="h-auto max-h-full w-auto max-w-full select-none rounded-lg object-contain"
            />
          </div>
          {photo.caption ? (
            <figcaption className="mt-3 text-center text-brand-50">{photo.caption}</figcaption>
          ) : null}
        </figure>
        {count > 1 ? (
          <div className="flex justify-center gap-3">
            <button type="button" className={button} onClick={() => go(-1)}>
              Previous photo
            </button>
            <button type="button" className={button} onClick={() => go(1)}>
              Next photo
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
