import * as z from "zod";
import { timeZone } from "../time-zone.ts";
import { aboutFile } from "./files/about.ts";
import { announcementFile } from "./files/announcement.ts";
import { eventsFile } from "./files/events.ts";
import { pagesFile } from "./files/pages.ts";
import { partiesFile } from "./files/parties.ts";
import { photosFile } from "./files/photos.ts";
import { policiesFile } from "./files/policies.ts";
import { privacyFile } from "./files/privacy.ts";
import { rinkFile } from "./files/rink.ts";
import { sessionsFile } from "./files/sessions.ts";
import { specialDatesFile } from "./files/special-dates.ts";
import { textAlertsFile } from "./files/text-alerts.ts";

// The index of the owner's content files (content/*.yml): each file's schema (files/, one module
// a file, built from the shared field rules in fields.ts), where the site's content holds it, and
// the whole content's type and schema. The build reads each file through its schema
// (tooling/content/load.ts), so a malformed price, time or date fails the build with the file,
// line and field instead of reaching a visitor; the editor's configuration is made from
// these same fields at build (tooling/editor/). Not shipped to the browser.

/**
 * Every content file, the one list: its name under content/, its schema, and where the site's
 * content holds what it reads (tooling/content/load.ts reads each file of this list and puts them
 * together so; the editor's configuration is tested against it, app/content/editor-config.test.ts):
 *   - no `at`: under its own name (content/policies.yml is site.policies);
 *   - `at: "top"`: its fields at the top (content/rink.yml's name is site.name);
 *   - `at: "pages"`: a page's own file, its title and description with its words, under
 *     site.pages beside the entries of content/pages.yml (a page's meta and words in one file);
 *   - `take`: one field of it under its own name (content/special-dates.yml's dates);
 *   - `at: "apart"`: not in the site's content (photos.yml: the build processes the photos first).
 */
export const contentFiles = {
  rink: { file: "rink.yml", schema: rinkFile, at: "top" },
  sessions: { file: "sessions.yml", schema: sessionsFile, at: "top" },
  parties: { file: "parties.yml", schema: partiesFile, at: "top" },
  about: { file: "about.yml", schema: aboutFile, at: "top" },
  policies: { file: "policies.yml", schema: policiesFile },
  privacy: { file: "privacy.yml", schema: privacyFile },
  textAlerts: { file: "text-alerts.yml", schema: textAlertsFile },
  pages: { file: "pages.yml", schema: pagesFile },
  specialDates: { file: "special-dates.yml", schema: specialDatesFile, take: "dates" },
  announcement: { file: "announcement.yml", schema: announcementFile },
  photos: { file: "photos.yml", schema: photosFile, at: "apart" },
  events: { file: "events.yml", schema: eventsFile, at: "pages" },
} as const satisfies Record<string, ContentFile>;

/** One entry of `contentFiles`. */
export interface ContentFile {
  file: `${string}.yml`;
  schema: z.ZodType;
  at?: "top" | "pages" | "apart";
  take?: string;
}

// --- the site's content, put together from the list ----------------------------------------

type Files = typeof contentFiles;
type Key = keyof Files;
type Data<K extends Key> = z.output<Files[K]["schema"]>;
type KeysWhere<Where> = { [K in Key]: Files[K] extends Where ? K : never }[Key];
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void
  ? I
  : never;
type Flat<T> = { [K in keyof T]: T[K] };

/** The whole site's content as the app reads it: the files put together as `contentFiles` says. */
export type SiteContent = Flat<
  Merged<{ [K in KeysWhere<{ at: "top" }>]: Data<K> }[KeysWhere<{ at: "top" }>]> & {
    timeZone: typeof timeZone;
  } & {
    [K in Exclude<
      KeysWhere<{ file: string }>,
      KeysWhere<{ at: string } | { take: string }>
    >]: K extends "pages"
      ? Flat<Data<"pages"> & { [P in KeysWhere<{ at: "pages" }>]: Data<P> }>
      : Data<K>;
  } & {
    [K in KeysWhere<{ take: string }>]: Files[K] extends { take: infer F extends keyof Data<K> }
      ? Data<K>[F]
      : never;
  }
>;

/** content/photos.yml as read: apart from the site's content (`at: "apart"`), processed first. */
export type PhotosContent = Data<"photos">;

/** The shape of every content file, at the place the list puts it. */
function siteShape(): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  const pages: Record<string, z.ZodType> = {};
  const objectOf = (schema: z.ZodType) => schema as z.ZodObject;
  for (const [key, entry] of Object.entries(contentFiles) as [string, ContentFile][]) {
    const schema = entry.schema as z.ZodType;
    if (entry.at === "apart") continue;
    if (entry.at === "top") Object.assign(shape, objectOf(schema).shape);
    else if (entry.at === "pages") pages[key] = schema;
    else if (entry.take) shape[key] = objectOf(schema).shape[entry.take] as z.ZodType;
    else shape[key] = schema;
  }
  shape.timeZone = z.literal(timeZone);
  shape.pages = pagesFile.extend(pages);
  return shape;
}

/** The whole site's content as one schema (app/content/schema.test.ts breaks it fact by fact). */
export const siteContentSchema = z.strictObject(siteShape()) as unknown as z.ZodType<SiteContent>;
