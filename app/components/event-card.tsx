import { formatDate, formatPrice, formatTimeRange } from "../../rink/format.ts";
import { repeatWords } from "../../rink/repeats.ts";
import { buildDate } from "../lib/build-date.ts";
import { shownUntil } from "../lib/dated.ts";
import { type Occurrence, occurrenceCalendarPath } from "../lib/event-occurrences.ts";
import type { Photo } from "../lib/photo.ts";
import { ResponsivePhoto } from "./responsive-photo.tsx";

/** The owner's tags on an event, as small labels. */
export function EventTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-accent-300 px-3 py-0.5 font-semibold text-brand-900 text-sm"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

/**
 * How wide a card's photo shows: the card's column (one on a phone, two from 640 px, three
 * from 1024 px, in a 1152 px page with 16 px margins and gaps) less the card's 20 px padding
 * and 2 px border on each side.
 */
export const eventPhotoSizes =
  "(min-width: 1152px) 319px, (min-width: 1024px) calc((100vw - 64px) / 3 - 44px), (min-width: 640px) calc((100vw - 48px) / 2 - 44px), calc(100vw - 76px)";

/**
 * One date of an event: its photo when it has one, when, what it costs, its tags and its
 * calendar file. An item of a dated list: shown until its date, on the visitor's clock
 * (app/browser/today.ts).
 */
/**
 * "Cancelled: Closed for Christmas Eve": an event on a day the rink is closed. Also the
 * template the page's script fills when the owner closes the rink that day (live-dates.ts).
 */
export function CancelledNote({ note }: { note: string }) {
  return (
    <p data-cancelled className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-slate-900 text-sm">
      <strong>Cancelled</strong>: <span data-cancelled-why>{note}</span>
    </p>
  );
}

/** The note's template, once in a page that lists events, for a closure posted live. */
export function CancelledNoteTemplate() {
  return (
    <template data-cancelled-note>
      <CancelledNote note="" />
    </template>
  );
}

export function EventCard({
  occurrence: { event, date, cancelled },
  heading: Heading = "h3",
  photo,
  photoFirst = false,
  showFrom,
}: {
  occurrence: Occurrence;
  heading?: "h3" | "h4";
  /** The event's photo, processed at build (virtual:rink-photos/events); none on Home. */
  photo?: Photo | undefined;
  /**
   * The page's first card, whose photo a phone shows in its first screen (and may be its
   * largest paint): fetched at once. Every other card's photo loads lazily as it nears.
   */
  photoFirst?: boolean;
  /** The first day the card shows (by default the 60 days up to its date). */
  showFrom?: string | undefined;
}) {
  return (
    <li
      {...shownUntil(date, buildDate, showFrom)}
      data-event-date={date}
      className="flex flex-col rounded-2xl border-2 border-pop-600 bg-white p-5"
    >
      {photo ? (
        <ResponsivePhoto
          photo={photo}
          sizes={eventPhotoSizes}
          priority={photoFirst}
          pictureClassName="mb-5 block"
          className="block aspect-3/2 h-auto w-full rounded-lg object-cover"
        />
      ) : null}
      <p className="font-semibold text-pop-700 text-sm uppercase tracking-wide">
        <time dateTime={date}>{formatDate(date)}</time>
      </p>
      <Heading className="mt-1 font-display font-extrabold text-brand-900 text-xl">
        {event.title}
      </Heading>
      <p data-event-when className="mt-1 font-semibold text-slate-800">
        {formatTimeRange(event.time)}
        <span className="font-normal text-slate-700">
          {" "}
          · {event.repeats === "no" ? "one day only" : repeatWords(event)}
        </span>
      </p>
      {cancelled !== undefined ? <CancelledNote note={cancelled} /> : null}
      <EventTags tags={event.tags} />
      <p className="mt-3 text-slate-700">{event.description}</p>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-4">
        <p className="font-display font-extrabold text-3xl text-brand-800">
          {formatPrice(event.price)}
        </p>
        {/* Not for a date it will not happen (its file says CANCELLED, for a calendar that has it). */}
        {cancelled === undefined ? (
          <a
            href={occurrenceCalendarPath({ event, date })}
            download
            aria-label={`Add to calendar: ${event.title}, ${formatDate(date)}`}
            className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-600"
          >
            Add to calendar
          </a>
        ) : null}
      </div>
    </li>
  );
}
