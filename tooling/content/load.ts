// Reads the owner's content files (content/*.yml) through their schemas, at build and in
// Node tools; never in the browser. Each problem with its file, line, column and field, as
// rink/content/problems.ts places it.
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { z } from "zod";
import {
  ContentError,
  type ContentProblem,
  checkContent,
  problemAt,
} from "../../rink/content/problems.ts";

import {
  type ContentFile,
  contentFiles,
  type PhotosContent,
  type SiteContent,
} from "../../rink/content/schema.ts";
import { timeZone } from "../../rink/time-zone.ts";
import { sampleContent, samplesMarker } from "./samples.ts";

// What a loader throws, and how a problem is written, for the build and the tools that load.
export { ContentError, type ContentProblem, formatProblem } from "../../rink/content/problems.ts";
export { timeZone };

/** content/ at the project root; CONTENT_DIR points a build or a test at another copy. */
export const contentDir = resolve(
  process.env.CONTENT_DIR || resolve(import.meta.dirname, "../../content"),
);

/** One file read through its schema: the parsed data, or the problems with their places. */
export function readContentFile<S extends z.ZodType>(
  dir: string,
  file: string,
  schema: S,
): { data: z.output<S> } | { problems: ContentProblem[] } {
  const path = join(dir, file);
  const shown = relative(process.cwd(), path) || path;
  let source: string;
  try {
    source = readFileSync(path, "utf8");
  } catch {
    // The tests' content: a file not written there yet is made from its schema (samples.ts).
    const sample = existsSync(join(dir, samplesMarker))
      ? sampleContent(file.replace(/\.yml$/, ""), schema)
      : undefined;
    if (sample && "data" in sample) return { data: schema.parse(sample.data) };
    const why = sample ? `, and no sample can be made from its schema (${sample.cannot})` : "";
    return {
      problems: [
        { file: shown, line: 1, column: 1, field: "", message: `the file is missing${why}` },
      ],
    };
  }
  return checkContent(shown, source, schema);
}

/**
 * Every content file of the list (rink/content/schema.ts's `contentFiles`) read and put together
 * as the app reads it, each where the list says; throws a ContentError listing all problems.
 */
export function loadSiteContent(dir = contentDir): SiteContent {
  const problems: ContentProblem[] = [];
  const site: Record<string, unknown> = { timeZone };
  const pages: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(contentFiles) as [string, ContentFile][]) {
    if (entry.at === "apart") continue;
    const result = readContentFile(dir, entry.file, entry.schema);
    if ("problems" in result) {
      problems.push(...result.problems);
      continue;
    }
    const data = result.data as Record<string, unknown>;
    if (entry.at === "top") Object.assign(site, data);
    else if (entry.at === "pages") pages[key] = data;
    else site[key] = entry.take ? data[entry.take] : data;
  }
  if (problems.length > 0) throw new ContentError(problems);
  site.pages = { ...(site.pages as object), ...pages };
  return site as SiteContent;
}

/**
 * content/photos.yml read through its schema (the photos are not part of the site content the
 * pages get as one object: the build processes them first, tooling/vite/photos-plugin.ts). Throws a
 * ContentError with file, line and field, like every content file.
 */
export function loadPhotosContent(dir = contentDir): PhotosContent {
  const { file, schema } = contentFiles.photos;
  const result = readContentFile(dir, file, schema);
  if ("problems" in result) throw new ContentError(result.problems);
  return result.data;
}

/**
 * Where a field sits in a content file, for a problem found after the schema passed (a photo
 * file that is missing or not an image): content/photos.yml:12:12 gallery[2].image.
 */
export function contentProblemAt(
  dir: string,
  file: string,
  path: readonly (string | number)[],
  message: string,
): ContentProblem {
  const full = join(dir, file);
  return problemAt(
    relative(process.cwd(), full) || full,
    readFileSync(full, "utf8"),
    path,
    message,
  );
}
