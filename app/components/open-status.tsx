import { useEffect, useState } from "react";
import type { DayHours } from "../content/types";
import { describeOpenStatus, openStatus } from "../lib/open-now";

interface OpenStatusProps {
  hours: readonly DayHours[];
  timeZone: string;
  tone?: "light" | "dark";
}

/**
 * "Open now until 9:05 PM" / "Closed, opens Friday at 6:30 PM", on the visitor's clock.
 * Nothing is rendered at build (a prerendered status would be stale): it appears after
 * hydration, so server and client HTML match, and refreshes every minute.
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

  if (text === null) return null;
  const colours =
    tone === "dark"
      ? open
        ? "bg-emerald-300 text-emerald-950"
        : "bg-white/15 text-white"
      : open
        ? "bg-emerald-100 text-emerald-900"
        : "bg-slate-200 text-slate-900";
  return (
    <p
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 font-semibold text-sm ${colours}`}
    >
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${open ? "bg-emerald-600" : "bg-slate-500"}`}
      />
      {text}
    </p>
  );
}
