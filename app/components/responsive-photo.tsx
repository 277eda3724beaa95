import { fallbackUrl, type Photo, srcSet } from "../lib/photo.ts";

interface ResponsivePhotoProps {
  photo: Photo;
  /** How wide the photo shows, for the browser to pick a file: "(min-width: 768px) 50vw, 100vw". */
  sizes: string;
  /**
   * The page's largest paint (a photo at the top): fetched at once with high priority.
   * Otherwise the photo loads lazily, as it nears the screen, and decodes off the main thread.
   */
  priority?: boolean;
  className?: string;
  /** "contents" lets the <img> size itself in a flex box (the viewer). */
  pictureClassName?: string;
}

/** One photo as AVIF, WebP or JPEG at the width the screen needs, its box sized before it loads. */
export function ResponsivePhoto({
  photo,
  sizes,
  priority = false,
  className,
  pictureClassName,
}: ResponsivePhotoProps) {
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={srcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(photo, "webp")} sizes={sizes} />
      <img
        src={fallbackUrl(photo)}
        srcSet={srcSet(photo, "jpeg")}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        {...(priority
          ? { loading: "eager", fetchPriority: "high" }
          : { loading: "lazy", decoding: "async" })}
        className={className}
      />
    </picture>
  );
}
