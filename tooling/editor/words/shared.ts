// The editor's words that several content files share: the Words of one field, the patterns'
// messages, the date pickers' formats, a time range, a price, a short name, a day, a page's
// title and description, a photo. The build only (tooling/editor/): the Worker never loads it.
import { patterns } from "../../../rink/content/fields.ts";
import { dayNames } from "../../../rink/format.ts";

/**
 * What the editor shows of one field, beside what the schema says of it (tooling/editor/fields.ts):
 * Sveltia CMS's own keys, written into the field as they are, and a few the generator reads.
 */
export interface Words {
  label: string;
  label_singular?: string;
  hint?: string;
  /** How a list shows each item when folded, like "{{fields.name}}". */
  summary?: string;
  /** A new item goes at the top of the list (dated lists: the newest first). */
  add_to_top?: boolean;
  /** A text of several lines ("text") instead of one ("string", the default). */
  widget?: "text";
  /** The message when the text does not fit the schema's pattern (else `patternMessages`). */
  pattern?: string;
  /** A choice's label by its value; without it the values are the labels. */
  options?: Record<string, string>;
  /** A number's step in the editor when the schema's own (its multipleOf) is none. */
  step?: number;
  /** An object's fields, or a list's when each item has several. */
  fields?: Record<string, Words>;
  /** A list of single values: its one field, named for the editor. */
  field?: Words & { name: string };
}

/** A pattern's message when the field's words give none, by the pattern's source. */
export const patternMessages: Record<string, string> = {
  [patterns.date.source]: "Pick a date",
  [patterns.dateTime.source]: "Pick a date and a time",
  [patterns.id.source]: "Lowercase letters, digits and dashes only",
};

/** The date pickers: the text they save is the schema's format, a date or a date and a time. */
export const datetimeFormats = {
  date: { type: "date", format: "YYYY-MM-DD", time_format: false, date_format: "YYYY-MM-DD" },
  dateTime: {
    format: "YYYY-MM-DDTHH:mm",
    date_format: "YYYY-MM-DD",
    time_format: "HH:mm",
    picker_utc: false,
  },
};

export const start: Words = {
  label: "Opens at",
  hint: "24-hour time, like 18:30",
  pattern: "Write the time as 24-hour hours:minutes, like 18:30",
};
export const end: Words = {
  label: "Closes at",
  hint: "24-hour time, like 21:00 (23:59 for midnight)",
  pattern: "Write the time as 24-hour hours:minutes, like 21:00",
};
/** An object of a start and an end (fields.ts's timeRange). */
export const time: Words = { label: "Time", fields: { start, end } };
export const price: Words = {
  label: "Price per skater, in dollars",
  hint: "Dollars, like 8 or 8.50",
};
export const id: Words = {
  label: "Short name for the web address",
  hint: "Lowercase letters, digits and dashes, like friday-family-pizza-party. Keep it once set.",
};

/** The days' names, as the site writes them (rink/format.ts). */
export const dayLabels = dayNames;
export const day: Words = { label: "Day", options: dayLabels };

/** A page's title and description in search results (fields.ts's pageMeta). */
export const pageMeta: Record<string, Words> = {
  title: { label: "Title in search results", hint: "5 to 70 characters" },
  description: {
    label: "Description in search results",
    widget: "text",
    hint: "50 to 160 characters",
  },
};

/** A photo's file and alt text (fields.ts's photo); `shows` is the alt text's example. */
export const photo = (shows: string): Record<string, Words> => ({
  image: {
    label: "Photo",
    hint: "A JPEG or PNG from a phone or camera; the site makes it small and fast for phones.",
  },
  alt: {
    label: "Alt text: what the photo shows",
    hint: `One sentence for visitors who cannot see it, like: ${shows}`,
  },
});

/** The hint of a text with the site's placeholders and links (rink/rich-text.ts). */
export const richHint =
  "`{rink}`, `{phone}` and `{texts-a-month}` are filled in by the site. A link: its words in square brackets followed by a page of the site in brackets, like `[our text alert terms](/text-alerts)`";
