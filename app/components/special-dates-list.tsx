import { formatDate } from "../../rink/format.ts";
import type { SpecialDate } from "../content/types.ts";
import { buildDate } from "../lib/build-date.ts";
import { fromToday, shownUntil } from "../lib/dated.ts";
import { specialHoursText } from "../lib/hours.ts";

interface SpecialDatesListProps {
  dates: readonly SpecialDate[];
  tone?: "light" | "dark";
}

/**
 * Holiday hours and closures of the next 60 days, each with the owner's note: every date
 * still to come is written, those outside the window hidden (app/lib/dated.ts). An item the
 * owner's live update replaces (app/browser/live-dates.ts) is hidden by its data-replaced
 * (app/app.css); the template is the live item's shape.
 */
export function SpecialDatesList({ dates, tone = "light" }: SpecialDatesListProps) {
  const coming = fromToday(dates, buildDate);
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
              {specialHoursText(d)}
              <span className={`block ${muted}`}>{d.note}</span>
            </dd>
          </div>
        ))}
        <template data-live-item>
          <div data-live-item>
            <dt className="inline font-semibold" />
            <dd className="inline">
              <span />
              <span className={`block ${muted}`} />
            </dd>
          </div>
        </template>
      </dl>
    </div>
  );
}
