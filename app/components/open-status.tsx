import { upcomingSpecialDates } from "../../rink/calendar-day.ts";
import { buildDate } from "../lib/build-date.ts";
import {
  describeOpenStatus,
  openStatus,
  type RinkHours,
  reservedStatusTexts,
} from "../lib/open-now.ts";

interface OpenStatusProps extends RinkHours {
  timeZone: string;
  tone?: "light" | "dark";
  /**
   * The instant of the build: the HTML then holds the status at that instant (the page's
   * first screen answers at once), and the page's script moves it to the visitor's clock in
   * the same reserved room. Without JavaScript it stays hidden: nothing would update it.
   */
  prerenderAt?: number;
  /** "large" where the status is the first thing to read (home's first screen). */
  size?: "small" | "large";
}

const colours = {
  dark: { open: "bg-emerald-300 text-emerald-950", closed: "bg-white/15 text-white" },
  light: { open: "bg-emerald-100 text-emerald-900", closed: "bg-slate-200 text-slate-900" },
};
const dots = { open: "bg-emerald-600", closed: "bg-slate-500" };

/**
 * "Open now until 9:05 PM" / "Closed, opens Friday at 6:30 PM", with the owner's note on a
 * special date ("Closed for Christmas Day"). Rendered at build as a room the size of the
 * longest text it can show, empty unless `prerenderAt` asks for the build's answer; the
 * visitor's clock fills it, and refreshes it every minute (app/browser/open-status.ts, which
 * swaps the open and closed classes written here in data attributes).
 */
export function OpenStatus({
  hours,
  specialDates,
  timeZone,
  tone = "light",
  prerenderAt,
  size = "small",
}: OpenStatusProps) {
  const rink = { hours, specialDates };
  const status =
    prerenderAt === undefined ? null : openStatus(rink, new Date(prerenderAt), timeZone);
  const open = status?.open ?? false;
  const pill =
    "col-start-1 row-start-1 inline-flex items-start gap-2 self-start justify-self-start rounded-full font-semibold";
  // The dot sits in the middle of the first line, not of the pill: a status that wraps to two
  // lines at the build and to one on the visitor's clock would otherwise move it half a line.
  const dot = "mt-[calc((1lh_-_0.625rem)/2)] size-2.5 shrink-0";
  const text = size === "large" ? "text-base sm:text-lg" : "text-sm";
  const padding = size === "large" ? "px-4 py-1.5" : "px-3 py-1";
  const noteStyle = `col-start-1 row-start-2 mt-1 font-semibold ${text}`;
  // Room is kept for the longest status and for the longest note of the special dates coming,
  // or one line when none is: the owner's live update (app/browser/live-update.ts) writes its
  // note there, cut to the room's width.
  const reserve = reservedStatusTexts(rink, buildDate);
  const all = upcomingSpecialDates(specialDates, buildDate).map((d) => d.note);
  const longest = Math.max(0, ...all.map((n) => n.length));
  const notes =
    all.length > 0 ? [...new Set(all.filter((n) => n.length >= longest - 2))] : ["\u00a0"];
  // One grid holds the status over invisible copies of the longest texts it can show, so it
  // is as tall as the tallest of them at any width and in any font: nothing moves when the
  // status appears or changes (CLS 0).
  return (
    <div data-open-status className={prerenderAt === undefined ? "grid" : "js:grid hidden"}>
      {reserve.map((placeholder) => (
        <span
          key={placeholder}
          aria-hidden="true"
          className={`invisible ${pill} ${padding} ${text}`}
        >
          <span className={dot} />
          {placeholder}
        </span>
      ))}
      {notes.map((note) => (
        <span key={note} aria-hidden="true" className={`invisible ${noteStyle}`}>
          {note}
        </span>
      ))}
      <p
        hidden={status === null}
        data-status
        data-open-class={colours[tone].open}
        data-closed-class={colours[tone].closed}
        className={`${pill} ${padding} ${text} ${colours[tone][open ? "open" : "closed"]}`}
      >
        <span
          aria-hidden="true"
          data-open-class={dots.open}
          data-closed-class={dots.closed}
          className={`${dot} rounded-full ${dots[open ? "open" : "closed"]}`}
        />
        <span>{status ? describeOpenStatus(status) : ""}</span>
      </p>
      <p data-status-note hidden={!status?.note} className={noteStyle}>
        {status?.note ?? ""}
      </p>
    </div>
  );
}
