// The photo pipeline (issue 12): one original from content/photos/ in, the files a browser
// picks from out: AVIF and WebP, with a JPEG for the rest, at several widths, turned upright
// (EXIF orientation), in sRGB and stripped of metadata (no GPS position leaves the rink).
// Build-time only (sharp is a devDependency); tooling/vite/photos-plugin.ts wires it into Vite.
//
// Outputs are cached on disk under a key made of the original's bytes, these settings and
// sharp's version, so a rebuild encodes only a new or changed photo.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";

export const photoSettings = {
  /**
   * Widths written for each photo (never wider than the original). 800 fits Lighthouse's
   * phone (a 380 px slot at 1.75x is 665 px: 960 wasted 20 KB, failing image delivery) and
   * 1080 a 390 px iPhone at 3x (1074 px), which otherwise took the 1280.
   */
  widths: [320, 480, 640, 800, 1080, 1280, 1600],
  // Effort 2: a 1600 px AVIF in about a second a core; effort 4 took 6x longer for 5% fewer bytes.
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 76, mozjpeg: true },
  /** A 12-megapixel phone photo is 12e6; refuse absurd inputs rather than run out of memory. */
  limitInputPixels: 120_000_000,
} as const;

export type PhotoFormat = "avif" | "webp" | "jpeg";
export const formats: readonly PhotoFormat[] = ["avif", "webp", "jpeg"];

export interface PhotoVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  /** File name, unique per original and settings: rink-floor-640.1a2b3c4d.avif */
  fileName: string;
  bytes: number;
}

export interface ProcessedPhoto {
  /** Upright size of the largest variant. */
  width: number;
  height: number;
  variants: PhotoVariant[];
  /** Folder holding every variant's file. */
  dir: string;
}

/** A photo the build cannot use, with what the owner can do about it. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoError";
  }
}

const cacheVersion = 1;

/** "Rink Floor (2).JPG" → "rink-floor-2": a name safe in a URL. */
export function slug(file: string): string {
  const stem = basename(file, extname(file))
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return stem || "photo";
}

/** The widths to write for an original `width` pixels wide (upright). */
export function widthsFor(width: number, widths: readonly number[] = photoSettings.widths) {
  const largest = widths[widths.length - 1] ?? width;
  const below = widths.filter((w) => w < Math.min(width, largest));
  return [...below, Math.min(width, largest)];
}

function encode(pipeline: Sharp, format: PhotoFormat): Sharp {
  if (format === "avif") return pipeline.avif(photoSettings.avif);
  if (format === "webp") return pipeline.webp(photoSettings.webp);
  return pipeline.jpeg(photoSettings.jpeg);
}

const readable = "JPEG, PNG, WebP, AVIF, TIFF or GIF";

/**
 * Processes one original (or returns its cached outputs). Throws a PhotoError naming the file
 * when it is missing or not an image.
 */
export async function processPhoto(
  original: string,
  { cacheDir }: { cacheDir: string },
): Promise<ProcessedPhoto> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(original);
  } catch {
    throw new PhotoError(`${original}: the file is missing from content/photos/`);
  }
  const key = createHash("sha256")
    .update(bytes)
    .update(JSON.stringify({ photoSettings, cacheVersion, sharp: sharp.versions }))
    .digest("hex")
    .slice(0, 16);
  const dir = join(cacheDir, key);
  const metaPath = join(dir, "meta.json");
  if (existsSync(metaPath)) {
    const meta = JSON.parse(readFileSync(metaPath, "utf8")) as Omit<ProcessedPhoto, "dir">;
    if (meta.variants.every((v) => existsSync(join(dir, v.fileName)))) return { ...meta, dir };
  }

  const input = { failOn: "error", limitInputPixels: photoSettings.limitInputPixels } as const;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, input).metadata();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new PhotoError(
      `${original} is not a photo the build can read (${readable}; an iPhone's HEIC photo needs saving as JPEG first): ${why}`,
    );
  }
  if (!meta.width || !meta.height) throw new PhotoError(`${original} has no width or height`);
  if (meta.pages && meta.pages > 1 && meta.format === "gif") {
    // An animated GIF keeps only its first frame: say so rather than surprise.
    console.warn(`[photos] ${original}: an animated GIF; only its first frame is shown`);
  }

  // Upright once (EXIF orientation), flattened on white (a transparent PNG screenshot must not
  // turn black as a JPEG), at the largest size we write; smaller widths come from that.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(bytes, input)
      .rotate()
      .resize({ width: photoSettings.widths.at(-1), withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new PhotoError(`${original} could not be read to the end (a damaged file?): ${why}`);
  }
  const { data, info } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const name = slug(original);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const variants: PhotoVariant[] = [];
  for (const width of widthsFor(info.width)) {
    for (const format of formats) {
      const pipeline = sharp(data, raw).resize({ width });
      const out = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
      const fileName = `${name}-${width}.${key.slice(0, 8)}.${format === "jpeg" ? "jpg" : format}`;
      writeFileSync(join(tmp, fileName), out.data);
      variants.push({
        format,
        width: out.info.width,
        height: out.info.height,
        fileName,
        bytes: out.data.length,
      });
    }
  }
  const largest = variants.at(-1) as PhotoVariant;
  const result = { width: largest.width, height: largest.height, variants };
  writeFileSync(join(tmp, "meta.json"), JSON.stringify(result));
  // Complete or absent: a build stopped half-way leaves no half-filled cache entry.
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return { ...result, dir };
}
