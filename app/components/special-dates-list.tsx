import type { SpecialDate } from "../content/types";
import { buildDate } from "../lib/build-date";
import { fromToday, shownUntil } from "../lib/dated";
import { formatDate } from "../lib/format";
import { specialHoursText } from "../lib/hours";

interface SpecialDatesListProps {
  dates: readonly SpecialDate[];
  tone?: "light" | "dark";
}

/**
 * Holiday hours and closures of the next 60 days, each with the owner's note: every date
 * still to come is written, those outside the window hidden (app/lib/dated.ts). An item the
 * owner's live update replaces (app/browser/live-dates.ts) is hidden by its data-replaced;
 * the template is the live item's shape.
 */
export function SpecialDatesList({ dates, tone = "light" }: SpecialDatesListProps) {
  const coming = fromToday(dates, buildDate);
  const muted = tone === "dark" ? "text-brand-100" : "text-slate-600";
  const items = coming.map((d) => ({ d, shown: shownUntil(d.date, buildDate) }));
  const item = (key: string, attributes: object, date: string, hours: string, note: string) => (
    <div key={key} className="data-replaced:hidden" {...attributes}>
      <dt className="inline font-semibold">{date}: </dt>
      <dd className="inline">
        <span data-item-hours>{hours}</span>
        <span data-item-note className={`block ${muted}`}>
          {note}
        </span>
      </dd>
    </div>
  );
  return (
    <div data-dated-list hidden={items.every((i) => i.shown.hidden)} className="mt-4">
      <p className="font-semibold">Holiday hours and closures</p>
      <dl className="mt-1 space-y-1">
        {items.map(({ d, shown }) =>
          item(
            d.date,
            { "data-date": d.date, ...shown },
            formatDate(d.date),
            specialHoursText(d),
            d.note,
          ),
        )}
        <template data-live-item>{item("live", { "data-live-item": "" }, "", "", "")}</template>
      </dl>
    </div>
  );
}
