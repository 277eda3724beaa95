// A processed photo as the pages get it (virtual:rink-photos, tooling/vite/photos-plugin.ts), and
// the attributes a <picture> needs. The file names are rebuilt here from a few fields rather
// than shipped as long srcset strings: the data rides in each page's JavaScript.

export type PhotoFormat = "avif" | "webp" | "jpeg";

export interface Photo {
  alt: string;
  caption?: string;
  /** Upright size of the largest file: the ratio for width/height, so nothing shifts. */
  width: number;
  height: number;
  /** Files are /assets/photos/<name>-<width>.<key>.<ext> */
  name: string;
  key: string;
  /** The widths written, smallest first. */
  widths: number[];
}

const extension: Record<PhotoFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** The URL of one file of the photo. */
export const photoUrl = (photo: Photo, width: number, format: PhotoFormat) =>
  `/assets/photos/${photo.name}-${width}.${photo.key}.${extension[format]}`;

/** "…-320.x.avif 320w, …-640.x.avif 640w": every width of one format. */
export const srcSet = (photo: Photo, format: PhotoFormat) =>
  photo.widths.map((w) => `${photoUrl(photo, w, format)} ${w}w`).join(", ");

/** The largest JPEG: what a thumbnail links to, so the photo opens without JavaScript. */
export const fullSizeUrl = (photo: Photo) =>
  photoUrl(photo, photo.widths[photo.widths.length - 1] ?? photo.width, "jpeg");

/** The fallback src: the JPEG nearest 1080 px wide (for a browser that ignores srcset). */
export function fallbackUrl(photo: Photo): string {
  const width = photo.widths.find((w) => w >= 1080) ?? photo.widths[photo.widths.length - 1];
  return photoUrl(photo, width ?? photo.width, "jpeg");
}
