import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import type { Photo } from "../../app/lib/photo.ts";
import { type PhotoEntry, photoPath } from "../../rink/content/fields.ts";
import { contentFiles } from "../../rink/content/schema.ts";
import {
  ContentError,
  type ContentProblem,
  contentDir,
  contentProblemAt,
  loadPhotosContent,
  readContentFile,
} from "../content/load.ts";
import { PhotoError, type ProcessedPhoto, processPhoto } from "./photos.ts";

// One module per place, so each page's chunk carries only its own photos' data: events are
// the events' photos (content/events.yml, issue 34) by event id, for /events.
const ids = ["hero", "gallery", "parties", "events"].map((slot) => `virtual:rink-photos/${slot}`);

/** Processed photos are kept here between builds (PHOTO_CACHE_DIR overrides). */
export const photoCacheDir = resolve(
  process.env.PHOTO_CACHE_DIR ||
    resolve(import.meta.dirname, "../../node_modules/.cache/rink-photos"),
);

type Slot = "hero" | "gallery" | "parties" | "events";

/** "photos/rink.jpg" (or "/content/photos/rink.jpg") → "rink.jpg" */
const originalName = (entry: Pick<PhotoEntry, "image">) =>
  photoPath.exec(entry.image)?.groups?.name ?? entry.image;

interface Built {
  /** Each virtual module's source, by slot. */
  modules: Record<Slot, string>;
  /** URL path under the site → file on disk. */
  files: Map<string, string>;
}

/** One photo to process: where it shows, and where the owner's file names it. */
interface Entry {
  slot: Slot;
  /** photos.yml's photo, or an event's (the same, without a caption). */
  entry: Pick<PhotoEntry, "image" | "alt"> & { caption?: string | undefined };
  /** The content file naming it, and the path of its `image` there. */
  file: string;
  path: (string | number)[];
  /** The event it belongs to (slot "events"). */
  eventId?: string;
}

/**
 * content/events.yml's events with a photo. A file that does not read (a missing alt text, a
 * wrong field) has no photos here: the content plugin reports its problems with their lines,
 * once, and fails the build (tooling/vite/content-plugin.ts).
 */
function eventPhotoEntries(dir: string): Entry[] {
  const { file, schema } = contentFiles.events;
  const result = readContentFile(dir, file, schema);
  if ("problems" in result) return [];
  return result.data.events.flatMap((event, index) =>
    event.photo
      ? [
          {
            slot: "events" as const,
            entry: event.photo,
            file,
            path: ["events", index, "photo", "image"],
            eventId: event.id,
          },
        ]
      : [],
  );
}

/**
 * content/photos.yml and the photos of content/events.yml's events, every photo processed; a
 * problem names the file's line and the photo's file.
 */
export async function buildPhotos(dir = contentDir, cacheDir = photoCacheDir): Promise<Built> {
  const content = loadPhotosContent(dir);
  const listed = contentFiles.photos.file;
  const entries: Entry[] = [
    ...(content.hero
      ? [{ slot: "hero" as const, entry: content.hero, file: listed, path: ["hero", "image"] }]
      : []),
    ...content.gallery.map((entry, index) => ({
      slot: "gallery" as const,
      entry,
      file: listed,
      path: ["gallery", index, "image"],
    })),
    ...content.parties.map((entry, index) => ({
      slot: "parties" as const,
      entry,
      file: listed,
      path: ["parties", index, "image"],
    })),
    ...eventPhotoEntries(dir),
  ];
  const problems: ContentProblem[] = [];
  // Each original once (a photo used twice is processed once), two at a time: sharp already
  // uses every core for one image, and a 2-core machine must stay responsive.
  const originals = [
    ...new Set(entries.map(({ entry }) => join(dir, "photos", originalName(entry)))),
  ];
  const done = new Map<string, ProcessedPhoto | PhotoError>();
  const queue = [...originals];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      done.set(
        file,
        await processPhoto(file, { cacheDir }).catch((error: unknown) => {
          if (error instanceof PhotoError) return error;
          throw error;
        }),
      );
    }
  };
  await Promise.all([worker(), worker()]);
  const results = entries.map(({ entry }) => done.get(join(dir, "photos", originalName(entry))));
  const files = new Map<string, string>();
  const photos: Record<Exclude<Slot, "events">, Photo[]> = { hero: [], gallery: [], parties: [] };
  const byEvent: Record<string, Photo> = {};
  entries.forEach(({ slot, entry, file, path, eventId }, i) => {
    const result = results[i];
    if (result instanceof PhotoError || !result) {
      problems.push(contentProblemAt(dir, file, path, result?.message ?? "not processed"));
      return;
    }
    for (const v of result.variants) {
      files.set(`/assets/photos/${v.fileName}`, join(result.dir, v.fileName));
    }
    const first = result.variants[0]?.fileName ?? "";
    const [, name, key] = /^(.*)-\d+\.([0-9a-f]{8})\.\w+$/.exec(first) ?? [];
    const photo: Photo = {
      alt: entry.alt,
      ...(entry.caption ? { caption: entry.caption } : {}),
      width: result.width,
      height: result.height,
      name: name ?? "",
      key: key ?? "",
      widths: [...new Set(result.variants.map((v) => v.width))],
    };
    if (slot === "events") byEvent[eventId ?? ""] = photo;
    else photos[slot].push(photo);
  });
  if (problems.length > 0) throw new ContentError(problems);
  const json = (value: unknown) => JSON.stringify(value);
  const modules = {
    hero: `export default ${json(photos.hero[0] ?? null)};`,
    gallery: `export default ${json(photos.gallery)};`,
    parties: `export default ${json(photos.parties)};`,
    events: `export default ${json(byEvent)};`,
  };
  return { modules, files };
}

/**
 * The owner's photos as the modules `virtual:rink-photos/hero`, `/gallery`, `/parties` and
 * `/events` (the events' photos by event id), processed at build by sharp
 * (tooling/vite/photos.ts); each file goes out as /assets/photos/<name>-<width>.<key>.<ext>
 * (written by tooling/non-page-files.ts from the same `buildPhotos()`).
 * `npm run dev` serves the same files from the cache.
 */
export function rinkPhotos(): Plugin {
  let built: Promise<Built> | undefined;
  const build = () => {
    built ??= buildPhotos();
    return built;
  };
  return {
    name: "rink-photos",
    resolveId: (source) => (ids.includes(source) ? `\0${source}` : undefined),
    async load(moduleId) {
      if (!ids.includes(moduleId.slice(1))) return;
      const slot = moduleId.slice(moduleId.lastIndexOf("/") + 1) as Slot;
      this.addWatchFile(join(contentDir, contentFiles.photos.file));
      this.addWatchFile(join(contentDir, contentFiles.events.file));
      let result: Built;
      try {
        result = await build();
      } catch (error) {
        built = undefined;
        if (error instanceof ContentError) this.error(error.message);
        throw error;
      }
      // The files themselves are copied into the build at its end (tooling/non-page-files.ts).
      return result.modules[slot];
    },
    configureServer(server) {
      server.watcher.add(contentDir);
      server.watcher.on("change", (file) => {
        if (!file.startsWith(contentDir)) return;
        built = undefined;
        for (const moduleId of ids) {
          const module = server.moduleGraph.getModuleById(`\0${moduleId}`);
          if (module) server.moduleGraph.invalidateModule(module);
        }
      });
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split("?")[0] ?? "";
        if (!path.startsWith("/assets/photos/")) return next();
        build().then(({ files }) => {
          const file = files.get(path);
          if (!file) return next();
          const type = path.endsWith(".avif") ? "avif" : path.endsWith(".webp") ? "webp" : "jpeg";
          res.setHeader("Content-Type", `image/${type}`);
          res.end(readFileSync(file));
        }, next);
      });
    },
  };
}
