import * as z from "zod";
import { clockPattern, datePattern } from "../patterns.ts";
import { parseRichText } from "../rich-text.ts";
import { days } from "../week.ts";

// The field rules the content files share (files/*.ts): days, times, prices, dates, ids, the
// owner's words, a page's title and description, a photo. Each message is a plain sentence for
// the owner, who reads it in a build log or in the editor.

/** Patterns the editor's fields use too (the editor's configuration, made from them: tooling/editor/), so both accept the same. */
export const patterns = {
  clock: clockPattern,
  date: datePattern,
  dateTime: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/,
  id: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  e164: /^\+1[2-9]\d{2}[2-9]\d{6}$/,
  link: /^(\/[^\s]*|https:\/\/[^\s]+)$/,
} as const;

export const day = z.enum(days, { error: "expected a day of the week in lowercase, like friday" });
/** A wall-clock time in the rink's time zone, 24-hour "HH:MM". */
export const clock = z
  .string({ error: 'expected a 24-hour time in quotes, like "18:30"' })
  .regex(patterns.clock, 'expected a 24-hour time in quotes, like "18:30"');
export const dollars = z
  .number({ error: "expected a number of dollars" })
  .nonnegative("a price cannot be negative")
  .multipleOf(0.01, "a price has at most two decimals (cents)");
export const text = z
  .string({ error: "expected some text" })
  .trim()
  .min(1, "this text cannot be empty");
/** The owner's words with {rink}, {phone}, {texts-a-month} and [links](/privacy) (rink/rich-text.ts). */
export const richText = text.superRefine((value, ctx) => {
  for (const message of parseRichText(value).problems) ctx.addIssue({ code: "custom", message });
});
export const id = z
  .string({ error: "expected a short name in lowercase letters, digits and dashes" })
  .regex(patterns.id, "expected a short name in lowercase letters, digits and dashes");
/** A calendar date in the rink's time zone, "YYYY-MM-DD". */
export const date = z
  .string({ error: 'expected a date in quotes, like "2026-12-25"' })
  .regex(patterns.date, 'expected a date in quotes, like "2026-12-25"')
  // Only a well-formed date is looked up: zod runs this check after a failed pattern too, and
  // new Date("tenT12:00:00Z").toISOString() throws.
  .refine(
    (d) => !patterns.date.test(d) || new Date(`${d}T12:00:00Z`).toISOString().startsWith(d),
    "no such date",
  );
/** A date and time in the rink's time zone, "YYYY-MM-DDTHH:MM". */
export const dateTime = z
  .string({ error: 'expected a date and time in quotes, like "2026-12-24T17:00"' })
  .regex(patterns.dateTime, 'expected a date and time in quotes, like "2026-12-24T17:00"');
/** US number in E.164 form, e.g. +12605550142. */
export const e164 = z
  .string({ error: 'expected a US number in quotes, like "+12605550142"' })
  .regex(patterns.e164, 'expected a US number in quotes, like "+12605550142"');
export const count = z.number({ error: "expected a whole number" }).int("expected a whole number");

export const timeRange = z.strictObject({ start: clock, end: clock }).refine(
  // A malformed time is reported once, by its own field.
  (r) => !(patterns.clock.test(r.start) && patterns.clock.test(r.end)) || r.start < r.end,
  { message: "a time range must end after it starts" },
);

/** Which of the rink's phone lines (rink.yml's labels). */
export const phoneLabel = z.enum(["Main", "Reservations", "Manager"], {
  error: "expected Main, Reservations or Manager",
});

/** A list's check that no two items share a key (an id, a day, a label). */
export const uniqueBy =
  <T>(key: (item: T) => string, what: string) =>
  (list: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Map<string, number>();
    list.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({ code: "custom", path: [i], message: `${what} "${k}" appears twice` });
      seen.set(k, i);
    });
  };

// --- a page's title and description, in pages.yml and in a page's own file ----------------

export const pageMeta = {
  title: z
    .string()
    .min(5, "a page title needs 5 characters or more")
    .max(70, "a page title must fit in 70 characters"),
  description: z
    .string()
    .min(50, "a page description needs 50 characters or more")
    .max(160, "a page description must fit in 160 characters (search engines cut the rest)"),
};

/** A page's own content file: its title and description (as in pages.yml),
 * then its words; listed in `contentFiles` (schema.ts) with `at: "pages"`. */
export const pageFile = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject({ ...pageMeta, ...shape });

// --- a photo (issue 12), as photos.yml and an event (issue 34) carry it --------------------

/**
 * Where a photo file sits: a file in content/photos/, the editor's media folder. The editor
 * writes it as "/content/photos/x.jpg" or "photos/x.jpg" depending on its setup; all of these
 * name the same file. What the file holds is checked when the build processes it.
 */
export const photoPath = /^\/?(?:content\/)?photos\/(?<name>[^/\\]+)$/;

/** The images the build resizes (sharp): a photo's file name ends with one of these. */
const photoExtension = /\.(?:jpe?g|png|webp|avif|tiff?|gif)$/i;
/**
 * A plain name: ASCII letters, digits, spaces and - _ . ( ), starting with a letter or a digit
 * (so no hidden file like .git, no "." or ".."); nothing invisible (a zero-width space, a
 * control character) or that only looks like a letter can hide in it.
 */
const plainPhotoName = /^[A-Za-z0-9][A-Za-z0-9 ._()-]*$/;
/** Names Windows keeps for devices, whatever follows a dot: CON, CON.jpg, lpt1.png. */
const deviceName = /^(?:con|prn|aux|nul|com[1-9]|lpt[1-9]) *(?:\.|$)/i;

/**
 * What is wrong with a photo's file name (the part after photos/), in words for the owner, or
 * undefined for a name every system checks out and serves alike. The editor's save check
 * (server/editor/content-check.ts) holds an uploaded photo to the same rule.
 */
export function photoNameProblem(name: string): string | undefined {
  const like = "like photos/rink-floor.jpg";
  if (!plainPhotoName.test(name) || name.includes("..")) {
    return `a photo's file name may hold only letters A to Z, digits, spaces and - _ . ( ), starting with a letter or digit: rename the file, ${like}`;
  }
  if (!photoExtension.test(name)) {
    return `expected a photo file (JPEG, PNG, WebP, AVIF, TIFF or GIF), ${like}`;
  }
  if (deviceName.test(name)) {
    return `a photo cannot be named ${name.split(".")[0]?.trim()}, a name Windows keeps for a device: rename the file, ${like}`;
  }
  return undefined;
}

export const photo = z.strictObject({
  image: z
    .string({ error: "choose a photo file from content/photos/" })
    .trim()
    .regex(photoPath, "expected a photo file in content/photos/, like photos/rink-floor.jpg")
    .superRefine((path, ctx) => {
      const name = photoPath.exec(path)?.groups?.name;
      const problem = name === undefined ? undefined : photoNameProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  alt: z
    .string({
      error:
        "a photo needs alt text: one sentence saying what it shows, for visitors who cannot see it",
    })
    .trim()
    .min(
      1,
      "a photo needs alt text: one sentence saying what it shows, for visitors who cannot see it",
    )
    .max(
      250,
      "alt text must fit in 250 characters: say what the photo shows, not all there is to say",
    ),
  caption: z.string().trim().optional(),
});

export type PhotoEntry = z.infer<typeof photo>;
