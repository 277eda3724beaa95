import type { SpecialDate } from "../content/types";
import { formatDate, formatTimeRange } from "../lib/format";

interface SpecialDatesListProps {
  dates: readonly SpecialDate[];
  tone?: "light" | "dark";
}

/** Holiday hours and closures coming up, each with the owner's note. */
export function SpecialDatesList({ dates, tone = "light" }: SpecialDatesListProps) {
  if (dates.length === 0) return null;
  const muted = tone === "dark" ? "text-brand-100" : "text-slate-600";
  return (
    <div className="mt-4">
      <p className="font-semibold">Holiday hours and closures</p>
      <dl className="mt-1 space-y-1">
        {dates.map((d) => (
          <div key={d.date}>
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
