import { formatDate, formatDay, formatPrice, formatTimeRange } from "../../rink/format.ts";
import type { Session } from "../content/types.ts";
import { buildDate } from "../lib/build-date.ts";
import { calendarPath } from "../lib/calendar-path.ts";
import { shownUntil } from "../lib/dated.ts";

interface SessionCardProps {
  session: Session;
  /** Coming dates the rink is closed on the session's day: no session then (each shown in
   * the 60 days before it, app/lib/dated.ts). */
  cancelled?: readonly { date: string; note: string }[];
}

/** One public skating session: when, what it costs, what the price includes. */
export function SessionCard({ session, cancelled = [] }: SessionCardProps) {
  return (
    <article className="flex flex-col rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
      <p className="font-semibold text-pop-700 text-sm uppercase tracking-wide">
        {formatDay(session.day)}
      </p>
      <h3 className="mt-1 font-display font-extrabold text-brand-900 text-xl">{session.name}</h3>
      <p className="mt-2 font-semibold text-slate-800">{formatTimeRange(session.time)}</p>
      <p className="mt-3 text-slate-700">{session.description}</p>
      {session.sensoryFriendly ? (
        <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-slate-900 text-sm">
          <strong>Sensory-friendly:</strong> {session.sensoryFriendly}
        </p>
      ) : null}
      {cancelled.map((c) => (
        <p
          key={c.date}
          {...shownUntil(c.date, buildDate)}
          className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-slate-900 text-sm"
        >
          <strong>No session {formatDate(c.date)}</strong>: {c.note}
        </p>
      ))}
      <div className="mt-auto pt-4">
        <p className="text-slate-900">
          <span className="font-display font-extrabold text-3xl text-brand-800">
            {formatPrice(session.price)}
          </span>
          {session.priceUnit ? ` ${session.priceUnit}` : null}
        </p>
        {session.perks.length > 0 || session.familyDeal ? (
          <ul className="mt-2 space-y-1 text-slate-700">
            {session.perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
            {session.familyDeal ? (
              <li>
                Family of {session.familyDeal.size}:{" "}
                <strong className="text-slate-900">{formatPrice(session.familyDeal.price)}</strong>{" "}
                with {session.familyDeal.includes}
              </li>
            ) : null}
          </ul>
        ) : null}
        <a
          href={calendarPath(session.id)}
          download
          aria-label={`Add to calendar: ${session.name}`}
          className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-600"
        >
          Add to calendar
        </a>
      </div>
    </article>
  );
}
