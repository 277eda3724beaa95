import type { HoursRow } from "../lib/hours.ts";

interface HoursListProps {
  rows: readonly HoursRow[];
  tone?: "light" | "dark";
}

/** The posted weekly hours as a definition list. */
export function HoursList({ rows, tone = "light" }: HoursListProps) {
  const muted = tone === "dark" ? "text-brand-100" : "text-slate-600";
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows.map((row) => (
        <div key={row.days} className="contents">
          <dt className="font-semibold">{row.days}</dt>
          <dd className={row.hours[0] === "Closed" ? muted : undefined}>
            {row.hours.map((range) => (
              <span key={range} className="block whitespace-nowrap">
                {range}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
