import type { SpecialDate } from "../content/types";
import { buildDate } from "../lib/build-date";
import { fromToday, shownUntil } from "../lib/dated";
import { formatDate, formatTimeRange } from "../lib/format";

interface SpecialDatesListProps {
  dates: readonly SpecialDate[];
  tone?: "light" | "dark";
}

/**
 * Holiday hours and closures of the next 60 days, each with the owner's note: every date
 * still to come is written, those outside the window hidden (app/lib/dated.ts).
 */
export function SpecialDatesList({ dates, tone = "light" }: SpecialDatesListProps) {
  const coming = fromToday(dates, buildDate);
  if (coming.length === 0) return null;
  const muted = tone === "dark" ? "text-brand-100" : "text-slate-600";
  const items = coming.map((d) => ({ d, shown: shownUntil(d.date, buildDate) }));
  return (
    <div data-dated-list hidden={items.every((i) => i.shown.hidden)} className="mt-4">
      <p className="font-semibold">Holiday hours and closures</p>
      <dl className="mt-1 space-y-1">
        {items.map(({ d, shown }) => (
          <div key={d.date} {...shown}>
            <dt className="inline font-semibold">{formatDate(d.date)}: </dt>
            <dd className="inline">
              {d.closed
                ? "Closed"
                : d.hours.length > 0
                  ? d.hours.map(formatTimeRange).join(", ")
                  : "Usual hours"}
              <span className={`block ${muted}`}>{d.note}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
