// The owner's inbox at /inbox/?view=…: the submissions of one kind (messages, signups, spam),
// newest first, searched by name, email or phone, each with its reply and call links, its
// details, a signup's standing on the text list, "Mark handled" and "Delete this person's
// data"; the signups' CSV links, and "Empty the spam". A page of the frame (layout.tsx).
import { momentWords } from "../../rink/clock.ts";
import { phoneKey } from "../../rink/forms/phone.ts";
import { plural } from "../../rink/plural.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { controlStyles } from "../../ui/field-styles.ts";
import { displayValue, fieldLabel, formOfKind } from "../forms/accepted-forms.ts";
import type { Submission } from "../forms/submission.ts";
import { finishedRowDays } from "../lists/outbox-chores.ts";
import { type OptOuts, optOutKey } from "../lists/outbox-store.ts";
import { signupsPerClientPerDay } from "../lists/signup-outbox.ts";
import { layout } from "./layout.tsx";
import { SignOutEverywhere } from "./sign-out-everywhere.tsx";
import type { InboxCounts, InboxView } from "./store.ts";

const views: {
  view: InboxView;
  label: string;
  count(c: InboxCounts): number;
  fresh(c: InboxCounts): number;
}[] = [
  { view: "messages", label: "Messages", count: (c) => c.messages, fresh: (c) => c.newMessages },
  { view: "signups", label: "Signups", count: (c) => c.signups, fresh: (c) => c.newSignups },
  { view: "spam", label: "Spam", count: (c) => c.spam, fresh: () => 0 },
];

function ViewLinks({ current, counts }: { current: InboxView; counts: InboxCounts }) {
  return views.map(({ view, label, count, fresh }) => {
    const news = fresh(counts);
    return (
      <li key={view}>
        <a href={`/inbox/?view=${view}`} aria-current={current === view ? "page" : undefined}>
          {`${label} (${count(counts)})${news > 0 ? " " : ""}`}
          {news > 0 ? <span className="badge">{`${news} new`}</span> : null}
        </a>
      </li>
    );
  });
}

/** mailto: with the subject filled in for a message, so the owner's mail app opens a reply. */
function replyLink(submission: Submission): string {
  const to = `mailto:${encodeURIComponent(submission.data.email ?? "")}`;
  const form = formOfKind(submission.form);
  if (submission.form !== "contact" || !form) return to;
  const subject = submission.data.subject
    ? displayValue(form, "subject", submission.data.subject)
    : "your message";
  return `${to}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

/** Why a signup's confirmation text was not sent, by the outbox's reason. */
export type DroppedConfirmations = ReadonlyMap<number, "stale" | "share">;

const notSentWords = {
  stale:
    "Not on the list: the confirmation text could not go within a day of the signup (the texts for that day had run out), so it was dropped. Signing up again sends a new one.",
  share: `Not on the list: no confirmation text was sent, since more than ${signupsPerClientPerDay} signups came from one connection within 24 hours. Signing up again tomorrow sends one.`,
} as const;

/**
 * Where a signup's number stands on the text list: waiting for its YES, on the list, opted
 * out, or never confirmed; undefined for a row with no phone, or when not known. Past the
 * outbox's keeping of finished rows, whether a text went is no longer known: only that no YES
 * came.
 */
function textStanding(
  submission: Submission,
  optOuts: OptOuts | undefined,
  dropped: DroppedConfirmations | undefined,
  now: Date,
): string | undefined {
  const phone = submission.data.phone;
  if (!optOuts || submission.form !== "newsletter" || submission.spam || !phone) return undefined;
  const word = optOuts.get(optOutKey("text", phoneKey(phone)));
  const why = dropped?.get(submission.id);
  if (!word && why) return notSentWords[why];
  const age = now.getTime() - Date.parse(submission.createdAt);
  if (!word && age > finishedRowDays * 86_400_000)
    return `Not on the list: no YES came from the number within ${finishedRowDays} days of the signup.`;
  if (!word)
    return "Waiting for YES: not on the list until the number replies YES to the confirmation text.";
  const when = momentWords(new Date(word.at));
  return word.state === "in"
    ? `On the list since ${when} (${word.reason}).`
    : `Opted out ${when} (${word.reason}).`;
}

interface ItemProps {
  submission: Submission;
  view: InboxView;
  search: string;
  optOuts?: OptOuts | undefined;
  dropped?: DroppedConfirmations | undefined;
  now: Date;
}

function Item({ submission, view, search, optOuts, dropped, now }: ItemProps) {
  const { data } = submission;
  const form = formOfKind(submission.form);
  const who = data.name || data.email || data.phone || "(no name)";
  const fresh = submission.handledAt === null && !submission.spam;
  const details = Object.keys(form?.fields ?? data)
    .filter((name) => name !== "name" && name !== "email" && name !== "phone" && data[name])
    .flatMap((name) => [
      <dt key={`t-${name}`}>{form ? fieldLabel(form, name) : name}</dt>,
      <dd key={`d-${name}`}>{form ? displayValue(form, name, data[name] ?? "") : data[name]}</dd>,
    ]);
  const standing = textStanding(submission, optOuts, dropped, now);
  return (
    <li className={fresh ? "item fresh" : "item"}>
      <article aria-labelledby={`s${submission.id}`}>
        <h2 id={`s${submission.id}`}>
          {fresh ? <span className="badge">New</span> : null}
          {fresh ? ` ${who}` : who}
        </h2>
        <p className="meta">{`${momentWords(new Date(submission.createdAt))} · #${submission.id}`}</p>
        <p className="contact">
          {data.email ? <a href={replyLink(submission)}>{`Reply to ${data.email}`}</a> : null}
          {data.phone ? (
            <a href={`tel:${data.phone.replace(/[^\d+]/g, "")}`}>{`Call ${data.phone}`}</a>
          ) : null}
        </p>
        {details.length > 0 ? <dl>{details}</dl> : null}
        {standing ? <p className="standing">{`Text alerts: ${standing}`}</p> : null}
        <div className="actions">
          {submission.spam ? null : (
            <form method="post" action={`/inbox/handled/${submission.id}`}>
              <input type="hidden" name="handled" defaultValue={fresh ? "1" : "0"} />
              <input
                type="hidden"
                name="back"
                defaultValue={`/inbox/?${new URLSearchParams({ view, q: search })}`}
              />
              <button type="submit" className={fresh ? buttonStyles.brand : buttonStyles.outline}>
                {fresh ? "Mark handled" : "Mark as new again"}
              </button>
            </form>
          )}
          <a className="danger-link" href={`/inbox/forget?id=${submission.id}`}>
            Delete this person's data
          </a>
        </div>
      </article>
    </li>
  );
}

export interface InboxPageData {
  email: string;
  view: InboxView;
  search: string;
  counts: InboxCounts;
  rows: Submission[];
  /** Whether "Post an update" is there (owner/update-routes.ts). */
  updates?: boolean;
  /** The lists' words per person (the signups: each number's standing on the text list). */
  optOuts?: OptOuts;
  /** The signups whose confirmation text was not sent, and why. */
  dropped?: DroppedConfirmations;
  /** The page's moment: how old each signup is. */
  now: Date;
}

function InboxBody({ view, search, counts, rows, updates, optOuts, dropped, now }: InboxPageData) {
  const newCount = counts.newMessages + counts.newSignups;
  const lists = formOfKind("newsletter")?.lists ?? [];
  return (
    <>
      <h1>Inbox</h1>
      <p className="summary" role="status">
        {newCount === 0
          ? "Nothing new."
          : `${newCount} new: ${plural(counts.newMessages, "message", "messages")}, ${plural(counts.newSignups, "signup", "signups")}.`}
      </p>
      {updates ? (
        <p>
          <a className={`${buttonStyles.brand} no-underline`} href="/inbox/updates">
            Post an update
          </a>
        </p>
      ) : null}
      <nav aria-label="Kinds">
        <ul className="tabs">
          <ViewLinks current={view} counts={counts} />
        </ul>
      </nav>
      {/* biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself, as it has been */}
      <form method="get" action="/inbox/" className="search" role="search">
        <input type="hidden" name="view" defaultValue={view} />
        <label htmlFor="q">Search by name, email or phone</label>
        <div className="row">
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={100}
            className={controlStyles.light}
          />
          <button type="submit" className={buttonStyles.brand}>
            Search
          </button>
        </div>
      </form>
      {view === "signups" ? (
        <p className="downloads">
          <a
            className={`${buttonStyles.brand} no-underline`}
            href="/inbox/export/newsletter.csv"
            download
          >
            Download the signups (CSV)
          </a>
          {lists.map((list) => (
            <a key={list.id} href={`/inbox/export/newsletter.csv?list=${list.id}`} download>
              {`${list.name} (CSV)`}
            </a>
          ))}
        </p>
      ) : null}
      {view === "spam" && counts.spam > 0 ? (
        <form method="post" action="/inbox/spam/empty">
          <button type="submit" className={buttonStyles.danger}>
            {`Empty the spam (${counts.spam})`}
          </button>
        </form>
      ) : null}
      {rows.length === 0 ? (
        <p>
          {search
            ? `Nothing matches “${search}”.`
            : `No ${views.find((v) => v.view === view)?.label.toLowerCase()} yet.`}
        </p>
      ) : (
        <ul className="items">
          {rows.map((row) => (
            <Item
              key={row.id}
              submission={row}
              view={view}
              search={search}
              optOuts={optOuts}
              dropped={dropped}
              now={now}
            />
          ))}
        </ul>
      )}
      <SignOutEverywhere />
    </>
  );
}

export function inboxPage(data: InboxPageData): Promise<string> {
  return layout("Inbox", <InboxBody {...data} />, data.email);
}
