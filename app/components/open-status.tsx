import { useEffect, useMemo, useState } from "react";
import type { DayHours } from "../content/types";
import { describeOpenStatus, openStatus, reservedStatusTexts } from "../lib/open-now";

interface OpenStatusProps {
  hours: readonly DayHours[];
  timeZone: string;
  tone?: "light" | "dark";
}

/**
 * "Open now until 9:05 PM" / "Closed, opens Friday at 6:30 PM", on the visitor's clock.
 * No status is rendered at build (a prerendered status would be stale), only the room it
 * needs: it appears after hydration, so server and client HTML match, and refreshes every
 * minute.
 */
export function OpenStatus({ hours, timeZone, tone = "light" }: OpenStatusProps) {
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const update = () => {
      const status = openStatus(hours, new Date(), timeZone);
      setOpen(status.open);
      setText(describeOpenStatus(status));
    };
    update();
    const timer = window.setInterval(update, 60_000);
    return () => window.clearInterval(timer);
  }, [hours, timeZone]);

  const colours =
    tone === "dark"
      ? open
        ? "bg-emerald-300 text-emerald-950"
        : "bg-white/15 text-white"
      : open
        ? "bg-emerald-100 text-emerald-900"
        : "bg-slate-200 text-slate-900";
  const pill =
    "col-start-1 row-start-1 inline-flex items-center gap-2 self-start justify-self-start rounded-full px-3 py-1 font-semibold text-sm";
  // Fixed for the week's hours: not recomputed on each minute's re-render.
  const reserve = useMemo(() => reservedStatusTexts(hours), [hours]);
  // One grid cell holds the status over invisible copies of the longest texts it can show,
  // so the cell is as tall as the tallest of them at any width and in any font: nothing
  // moves when the status appears after hydration or changes (CLS 0).
  return (
    <div className="grid">
      {reserve.map((placeholder) => (
        <span key={placeholder} aria-hidden="true" className={`invisible ${pill}`}>
          <span className="size-2.5" />
          {placeholder}
        </span>
      ))}
      {text === null ? null : (
        <p className={`${pill} ${colours}`}>
          <span
            aria-hidden="true"
            className={`size-2.5 rounded-full ${open ? "bg-emerald-600" : "bg-slate-500"}`}
          />
          {text}
        </p>
      )}
    </div>
  );
}
