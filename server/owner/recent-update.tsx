// One of the recent updates on the updates page (update-pages.tsx): its headline, when it was
// posted and ended, its note, and what happened on the site and on each list, in words.
import type { ReactNode } from "react";
import { momentWords } from "../../rink/clock.ts";
import { formatLongDate } from "../../rink/format.ts";
import { plural } from "../../rink/plural.ts";
import type { OwnerUpdateRow } from "../updates/store.ts";
import type { DeliveryReport, ListDelivery } from "../updates/update.ts";
import { listNames, titleOf } from "./update-words.ts";

/** The email list's one email (a broadcast: the service sends it to everyone), in words. */
function broadcastWords(d: ListDelivery): string {
  if (d.sent > 0) return "Sent: one email to everyone on the list.";
  if (d.waiting > 0) return "Waiting: it is tried again by itself.";
  return "Not sent.";
}

/** One list's part of an update, in words: "3 texts delivered, 1 waiting", then why. */
function deliveryWords(d: ListDelivery): ReactNode[] {
  const parts = [
    // Texts count as the carriers report them (status callbacks), not as Twilio took them.
    d.delivered !== undefined
      ? d.delivered > 0
        ? `${plural(d.delivered, "text", "texts")} delivered`
        : ""
      : d.sent > 0
        ? `${plural(d.sent, "text", "texts")} sent`
        : "",
    d.waiting > 0 ? `${d.waiting} waiting` : "",
    d.failed > 0 ? `${d.failed} failed` : "",
    d.skipped > 0 ? `${d.skipped} not sent (opted out)` : "",
  ].filter(Boolean);
  const summary =
    d.list === "email"
      ? broadcastWords(d)
      : parts.length > 0
        ? `${parts.join(", ")}.`
        : "No text sent.";
  return [
    <dt key={`t-${d.list}`}>{listNames[d.list]}</dt>,
    <dd key={`d-${d.list}`}>
      {summary}
      {d.reasons.length > 0 ? (
        <ul className="plain">
          {d.reasons.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
            <li key={i}>{r}</li>
          ))}
        </ul>
      ) : null}
    </dd>,
  ];
}

interface RecentUpdateProps {
  row: OwnerUpdateRow;
  report: DeliveryReport | undefined;
  now: Date;
}

export function RecentUpdate({ row, report, now }: RecentUpdateProps) {
  const ended = row.endedAt
    ? `Ended ${momentWords(new Date(row.endedAt))}`
    : row.until && Date.parse(row.until) <= now.getTime()
      ? `Ended at its time, ${momentWords(new Date(row.until))}`
      : `On the site until ${row.until ? momentWords(new Date(row.until)) : "ended"}`;
  const lists = report?.lists ?? [];
  return (
    <li className="item">
      <article aria-labelledby={`u-${row.id}`}>
        <h3 id={`u-${row.id}`}>{titleOf(row)}</h3>
        <p className="meta">{`Posted ${momentWords(new Date(row.createdAt))} · ${ended}`}</p>
        <p className="note-text">{row.note}</p>
        <dl>
          <dt>The site</dt>
          <dd>
            {row.kind === "closed-on-date" && row.date
              ? `Shown, with ${formatLongDate(row.date)} closed.`
              : "Shown."}
          </dd>
          {lists.flatMap(deliveryWords)}
        </dl>
      </article>
    </li>
  );
}
