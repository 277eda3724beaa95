import { useEffect, useMemo, useState } from "react";
import { buildDate } from "../lib/build-date";
import { upcomingSpecialDates } from "../lib/calendar-day";
import {
  describeOpenStatus,
  openStatus,
  type RinkHours,
  reservedStatusTexts,
} from "../lib/open-now";

interface OpenStatusProps extends RinkHours {
  timeZone: string;
  tone?: "light" | "dark";
  /**
   * The instant of the build: the prerendered HTML then holds the status at that instant (the
   * page's first screen answers at once), and hydration moves it to the visitor's clock in the
   * same reserved room. Without JavaScript it stays hidden: nothing would update it.
   */
  prerenderAt?: number;
  /** "large" where the status is the first thing to read (home's first screen). */
  size?: "small" | "large";
}

type Shown = { text: string; open: boolean; note?: string };

const describeAt = (rink: RinkHours, at: Date, timeZone: string): Shown => {
  const now = openStatus(rink, at, timeZone);
  return { text: describeOpenStatus(now), open: now.open, note: now.note };
};

/**
 * "Open now until 9:05 PM" / "Closed, opens Friday at 6:30 PM", on the visitor's clock, with
 * the owner's note on a special date ("Closed for Christmas Day"). No status is rendered at
 * build (a prerendered status would be stale) unless `prerenderAt` asks for the build's
 * answer, only the room it needs: it appears after hydration, so server and client HTML
 * match, and refreshes every minute.
 */
export function OpenStatus({
  hours,
  specialDates,
  timeZone,
  tone = "light",
  prerenderAt,
  size = "small",
}: OpenStatusProps) {
  const rink = useMemo(() => ({ hours, specialDates }), [hours, specialDates]);
  const [status, setStatus] = useState<Shown | null>(() =>
    prerenderAt === undefined
      ? null
      : describeAt({ hours, specialDates }, new Date(prerenderAt), timeZone),
  );

  useEffect(() => {
    const update = () => setStatus(describeAt(rink, new Date(), timeZone));
    update();
    const timer = window.setInterval(update, 60_000);
    return () => window.clearInterval(timer);
  }, [rink, timeZone]);

  const open = status?.open ?? false;
  const colours =
    tone === "dark"
      ? open
        ? "bg-emerald-300 text-emerald-950"
        : "bg-white/15 text-white"
      : open
        ? "bg-emerald-100 text-emerald-900"
        : "bg-slate-200 text-slate-900";
  const pill =
    "col-start-1 row-start-1 inline-flex items-center gap-2 self-start justify-self-start rounded-full font-semibold";
  const text = size === "large" ? "text-base sm:text-lg" : "text-sm";
  const padding = size === "large" ? "px-4 py-1.5" : "px-3 py-1";
  const noteStyle = `col-start-1 row-start-2 mt-1 font-semibold ${text}`;
  // Fixed for the content: not recomputed on each minute's re-render. Room is kept for the
  // longest status and, when special dates are coming, for the longest of their notes.
  const reserve = useMemo(() => reservedStatusTexts(rink, buildDate), [rink]);
  const notes = useMemo(() => {
    const all = upcomingSpecialDates(rink.specialDates, buildDate).map((d) => d.note);
    const longest = Math.max(0, ...all.map((n) => n.length));
    return [...new Set(all.filter((n) => n.length >= longest - 2))];
  }, [rink]);
  // One grid holds the status over invisible copies of the longest texts it can show, so it
  // is as tall as the tallest of them at any width and in any font: nothing moves when the
  // status appears after hydration or changes (CLS 0).
  return (
    <div className={prerenderAt === undefined ? "grid" : "js:grid hidden"}>
      {reserve.map((placeholder) => (
        <span
          key={placeholder}
          aria-hidden="true"
          className={`invisible ${pill} ${padding} ${text}`}
        >
          <span className="size-2.5" />
          {placeholder}
        </span>
      ))}
      {notes.map((note) => (
        <span key={note} aria-hidden="true" className={`invisible ${noteStyle}`}>
          {note}
        </span>
      ))}
      {status === null ? null : (
        <>
          <p className={`${pill} ${padding} ${text} ${colours}`}>
            <span
              aria-hidden="true"
              className={`size-2.5 rounded-full ${open ? "bg-emerald-600" : "bg-slate-500"}`}
            />
            {status.text}
          </p>
          {status.note ? <p className={noteStyle}>{status.note}</p> : null}
        </>
      )}
    </div>
  );
}
