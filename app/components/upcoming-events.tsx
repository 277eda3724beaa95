import { formatDate, formatPrice, formatTimeRange } from "../../rink/format.ts";
import type { SpecialDate } from "../content/types.ts";
import { buildDate } from "../lib/build-date.ts";
import { calendarPath, eventId } from "../lib/calendar-path.ts";
import { shownUntil } from "../lib/dated.ts";

export type UpcomingEvent = SpecialDate["events"][number] & { date: string };

/** One-off sessions on the owner's special dates: a theme night, a holiday matinee. */
export function UpcomingEvents({ events }: { events: readonly UpcomingEvent[] }) {
  if (events.length === 0) return null;
  const items = events.map((event) => ({ event, shown: shownUntil(event.date, buildDate) }));
  return (
    <div data-dated-list hidden={items.every((i) => i.shown.hidden)} className="mt-12">
      <h3 className="font-display font-extrabold text-2xl text-brand-900">Special events</h3>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(({ event, shown }) => (
          <li
            key={`${event.date}-${event.name}`}
            {...shown}
            className="flex flex-col rounded-2xl border-2 border-pop-600 bg-white p-6"
          >
            <p className="font-semibold text-pop-700 text-sm uppercase tracking-wide">
              {formatDate(event.date)}
            </p>
            <h4 className="mt-1 font-display font-extrabold text-brand-900 text-xl">
              {event.name}
            </h4>
            <p className="mt-2 font-semibold text-slate-800">{formatTimeRange(event.time)}</p>
            {event.description ? <p className="mt-3 text-slate-700">{event.description}</p> : null}
            <p className="mt-auto pt-4 font-display font-extrabold text-3xl text-brand-800">
              {formatPrice(event.price)}
            </p>
            <a
              href={calendarPath(eventId(event.date, event.name))}
              download
              aria-label={`Add to calendar: ${event.name}, ${formatDate(event.date)}`}
              className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-600"
            >
              Add to calendar
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
