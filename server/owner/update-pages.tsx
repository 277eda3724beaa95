// The owner's "Post an update" pages, React components rendered on the server like the
// inbox's (pages.tsx): the form, what it would send (the preview, with the one button that
// sends), and the recent updates with what happened on each list. No script: every step is a
// plain form, and a problem comes back on the page with everything typed, each said beside its
// field.
import type { ReactNode } from "react";
import { momentWords } from "../../rink/clock.ts";
import { formatLongDate } from "../../rink/format.ts";
import type { LiveUpdate } from "../../rink/live-update.ts";
import { plural } from "../../rink/plural.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { controlAria, controlStyles, errorId, groupAria, hintId } from "../../ui/field-styles.ts";
import type { ListId } from "../lists/service.ts";
import { gsm7Length, segmentLength } from "../lists/text-message.ts";
import type { OwnerUpdateRow } from "../updates/store.ts";
import {
  type DeliveryReport,
  headline,
  type ListDelivery,
  maxDaysAhead,
  maxNoteLength,
  type UpdateKind,
  type UpdatePreview,
  updateKinds,
} from "../updates/update.ts";
import { BackToInbox } from "./back-to-inbox.tsx";
import { layout } from "./layout.tsx";
import type { FormField, FormProblems, UpdateFormValues } from "./update-form.ts";

export const updatesPath = "/inbox/updates";

/** The lists whose service is set up, by the service's name ("Kit", "Twilio"). */
export type OfferedLists = Partial<Record<ListId, string>>;

/** The texts' hours hold on each number's own clock too (lists/send-hours.ts, issue 42). */
const otherZones =
  "A number in another time zone (its area code says which) gets its text once those hours are open there too.";

const listNames: Record<ListId, string> = { email: "The email list", text: "The text list" };

const kindOf = (kind: string): UpdateKind | undefined =>
  Object.hasOwn(updateKinds, kind) ? (kind as UpdateKind) : undefined;

/** A row's headline, as the preview named it. */
const titleOf = (u: Pick<OwnerUpdateRow, "kind" | "date" | "hours">) => {
  const kind = kindOf(u.kind);
  return kind ? headline(kind, u.date, u.hours) : u.kind;
};

/** A field's problems as one text, or undefined. */
const problemOf = (problems: FormProblems, field: FormField) =>
  problems[field]?.length ? problems[field].join(" ") : undefined;

/** The field's own problems, said under it; its id is in the field's aria-describedby. */
function FieldError({ problems, field }: { problems: FormProblems; field: FormField }) {
  const problem = problemOf(problems, field);
  if (!problem) return null;
  return (
    <p className="error" id={errorId(field)}>
      {problem}
    </p>
  );
}

/** Every problem at the top, each a link to its field, announced and focused on arrival. */
function ErrorSummary({ problems }: { problems: FormProblems }) {
  const entries = Object.entries(problems).flatMap(([field, list]) =>
    (list ?? []).map((message) => ({ field, message })),
  );
  if (entries.length === 0) return null;
  const target = (field: string) => (field === "kind" ? "kind-closed-today" : field);
  return (
    <div
      className="error-summary"
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the summary of what to fix takes the focus on arrival, as GOV.UK's does
      autoFocus
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title">
        {entries.length === 1
          ? "Please fix this first"
          : `Please fix these ${entries.length} things first`}
      </h2>
      <ul>
        {entries.map(({ field, message }, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
          <li key={`${field}-${i}`}>
            {field ? <a href={`#${target(field)}`}>{message}</a> : message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface UpdateFormContext {
  /** The rink's date today, and the latest date an update may hold to. */
  today: string;
  lastDay: string;
  /** Now and 14 days on, on the rink's clock ("YYYY-MM-DDTHH:MM"): the end's bounds. */
  nowLocal: string;
  untilMax: string;
  lists: OfferedLists;
  /** How many characters of the note fit in one text, when texts are set up. */
  textRoom?: number;
}

interface UpdateFormProps {
  values: UpdateFormValues;
  problems: FormProblems;
  ctx: UpdateFormContext;
}

function UpdateForm({ values, problems, ctx }: UpdateFormProps) {
  const offered = (Object.keys(listNames) as ListId[]).filter((list) => ctx.lists[list]);
  const kinds = Object.entries(updateKinds) as [UpdateKind, string][];
  const error = (field: FormField) => <FieldError problems={problems} field={field} />;
  return (
    <form method="post" action={`${updatesPath}/preview`} className="stack update-form">
      <fieldset {...groupAria("kind", problemOf(problems, "kind"))}>
        <legend>What it means</legend>
        {kinds.map(([kind, label]) => (
          <label key={kind} className="choice" htmlFor={`kind-${kind}`}>
            <input
              type="radio"
              id={`kind-${kind}`}
              name="kind"
              defaultValue={kind}
              required
              defaultChecked={values.kind === kind}
            />
            {` ${label}`}
          </label>
        ))}
        {error("kind")}
      </fieldset>

      <label htmlFor="note">The note</label>
      <p className="hint" id={hintId("note")}>
        {`Short, plain text: it shows on the site and is sent as written (at most ${maxNoteLength} characters${ctx.textRoom !== undefined ? `; a text carries ${ctx.textRoom} of them` : ""}).`}
      </p>
      <textarea
        className={controlStyles.light}
        {...controlAria("note", problemOf(problems, "note"), true)}
        name="note"
        rows={4}
        maxLength={maxNoteLength}
        required
        defaultValue={values.note}
      />
      {error("note")}

      <label htmlFor="date">The date it is closed</label>
      <p className="hint" id={hintId("date")}>
        Only for “Closed on a date”.
      </p>
      <input
        className={controlStyles.light}
        type="date"
        {...controlAria("date", problemOf(problems, "date"), true)}
        name="date"
        defaultValue={values.date}
        min={ctx.today}
        max={ctx.lastDay}
      />
      {error("date")}

      <fieldset className="hours" aria-describedby={hintId("hours")}>
        <legend>Today's hours</legend>
        <p className="hint" id={hintId("hours")}>
          Only for “Different hours today”.
        </p>
        <div className="row">
          <div className="stack">
            <label htmlFor="opens">Opens</label>
            <input
              className={controlStyles.light}
              type="time"
              {...controlAria("opens", problemOf(problems, "opens"))}
              name="opens"
              defaultValue={values.opens}
            />
          </div>
          <div className="stack">
            <label htmlFor="closes">Closes</label>
            <input
              className={controlStyles.light}
              type="time"
              {...controlAria("closes", problemOf(problems, "closes"))}
              name="closes"
              defaultValue={values.closes}
            />
          </div>
        </div>
        {error("opens")}
        {error("closes")}
      </fieldset>

      <label htmlFor="until">Until when</label>
      <p className="hint" id={hintId("until")}>
        {`When the site stops showing it, on the rink's clock: at most ${maxDaysAhead} days ahead.`}
      </p>
      <input
        className={controlStyles.light}
        type="datetime-local"
        {...controlAria("until", problemOf(problems, "until"), true)}
        name="until"
        defaultValue={values.until}
        required
        min={ctx.nowLocal}
        max={ctx.untilMax}
      />
      {error("until")}

      <fieldset {...groupAria("lists", problemOf(problems, "lists"), true)}>
        <legend>Where it goes</legend>
        <p className="hint" id={hintId("lists")}>
          {`It always shows on the site.${offered.length === 0 ? " The email and text lists are not set up, so it goes on the site only." : ""}`}
        </p>
        {offered.map((list) => (
          <label key={list} className="choice" htmlFor={`lists-${list}`}>
            <input
              type="checkbox"
              id={`lists-${list}`}
              name="lists"
              defaultValue={list}
              defaultChecked={values.lists.includes(list)}
            />
            {` ${listNames[list]} (sent by ${ctx.lists[list]})`}
          </label>
        ))}
        {error("lists")}
      </fieldset>

      <button type="submit" className={buttonStyles.brand}>
        Preview
      </button>
    </form>
  );
}

/** The update the site shows now, with "End now". */
function OnTheSite({ current, row }: { current: LiveUpdate | null; row?: OwnerUpdateRow }) {
  if (!current) {
    return <p>Nothing: the site shows its usual hours and announcement.</p>;
  }
  const title = row ? titleOf(row) : current.kind;
  return (
    <div className="sample">
      <p className="sample-title" id="now-title">
        {title}
      </p>
      <p>{current.note}</p>
      <p className="meta">{`Until ${momentWords(new Date(current.until))}`}</p>
      <form method="post" action={`${updatesPath}/${current.id}/end`}>
        <button type="submit" className={buttonStyles.danger} aria-describedby="now-title">
          End now
        </button>
      </form>
    </div>
  );
}

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

interface RecentItemProps {
  row: OwnerUpdateRow;
  report: DeliveryReport | undefined;
  now: Date;
}

function RecentItem({ row, report, now }: RecentItemProps) {
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

export interface UpdatesPageData {
  email: string;
  values: UpdateFormValues;
  problems: FormProblems;
  context: UpdateFormContext;
  current: LiveUpdate | null;
  recent: { row: OwnerUpdateRow; report: DeliveryReport | undefined }[];
  now: Date;
  /** What just happened ("Posted. …"), said at the top. */
  notice?: string;
  /** Outside the texts' sending hours: when waiting texts go, and the hours. */
  textsWait?: { until: string; hours: string } | null;
}

function UpdatesBody(data: UpdatesPageData) {
  const { problems, current, recent } = data;
  const currentRow = recent.find((r) => r.row.id === current?.id)?.row;
  return (
    <>
      <h1>Updates</h1>
      {data.notice ? (
        <p className="summary" role="status">
          {data.notice}
        </p>
      ) : null}
      <ErrorSummary problems={problems} />
      <section aria-labelledby="now-heading">
        <h2 id="now-heading">On the site now</h2>
        <OnTheSite current={current} row={currentRow} />
      </section>
      <section aria-labelledby="post-heading">
        <h2 id="post-heading">Post an update</h2>
        <p>
          Closed for snow, different hours, news: the site shows it within a minute, and the lists
          you choose get it by email or text. You see each message before anything is sent.
        </p>
        <UpdateForm values={data.values} problems={problems} ctx={data.context} />
      </section>
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recent updates</h2>
        {data.textsWait ? (
          <p className="when">
            {`Texts go only from ${data.textsWait.hours} on the rink's clock: waiting texts go at ${data.textsWait.until}. ${otherZones}`}
          </p>
        ) : null}
        {recent.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="items">
            {recent.map(({ row, report }) => (
              <RecentItem key={row.id} row={row} report={report} now={data.now} />
            ))}
          </ul>
        )}
      </section>
      <BackToInbox />
    </>
  );
}

export function updatesPage(data: UpdatesPageData): Promise<string> {
  const failing = Object.keys(data.problems).length > 0;
  return layout(
    failing ? "Error: Post an update" : "Updates",
    <UpdatesBody {...data} />,
    data.email,
  );
}

export interface PreviewPageData {
  email: string;
  values: UpdateFormValues;
  preview: UpdatePreview;
  kind: UpdateKind;
  /** The end as an instant (ISO). */
  until: string;
  lists: ListId[];
  offered: OfferedLists;
  /** The update the site shows now, which this one replaces. */
  replaces: LiveUpdate | null;
  /** Outside the texts' sending hours: when they go ("Thu, Nov 26, 9:00 AM"), and the hours. */
  textsWait?: { until: string; hours: string } | null;
}

/** A text's length as the carrier counts it. */
const septets = (text: string) => {
  const measured = gsm7Length(text);
  return "length" in measured ? measured.length : text.length;
};

/** What the site will say of the rink's hours. */
function siteEffect(kind: UpdateKind, preview: UpdatePreview): string {
  if (kind === "closed-today")
    return "Today's status on every page turns to Closed, with the note.";
  if (kind === "closed-on-date" && preview.date) {
    return `The hours shown for ${formatLongDate(preview.date)} turn to Closed, with the note.`;
  }
  if (kind === "different-hours")
    return "Today's hours on every page turn to these, with the note.";
  return "Every page's announcement shows the note.";
}

function PreviewBody(data: PreviewPageData) {
  const { preview, values, lists, offered } = data;
  const hidden = (name: string, value: string, key: string = name) => (
    <input key={key} type="hidden" name={name} defaultValue={value} />
  );
  return (
    <>
      <h1>Check the update</h1>
      <p className="summary" role="status">
        Nothing is sent until you press “Post it now”.
      </p>
      <section aria-labelledby="site-heading">
        <h2 id="site-heading">On the site</h2>
        <div className="sample">
          <p className="sample-title">{headline(data.kind, preview.date, preview.hours)}</p>
          <p className="note-text">{preview.email}</p>
          <p className="meta">{`Until ${momentWords(new Date(data.until))}`}</p>
        </div>
        <p>{siteEffect(data.kind, preview)}</p>
        {data.replaces ? (
          <p className="note">{`It replaces the update on the site now: “${data.replaces.note}”.`}</p>
        ) : null}
      </section>
      {lists.includes("email") ? (
        <section aria-labelledby="email-heading">
          <h2 id="email-heading">Email to the email list</h2>
          <dl className="sample">
            <dt>Subject</dt>
            <dd>{preview.subject}</dd>
            <dt>Message</dt>
            <dd>{preview.email}</dd>
          </dl>
          <p>
            {`${offered.email ?? "The service"} sends it to everyone who confirmed their signup, with its unsubscribe link.`}
          </p>
        </section>
      ) : null}
      {lists.includes("text") && preview.text ? (
        <section aria-labelledby="text-heading">
          <h2 id="text-heading">Text to the text list</h2>
          <p className="sample note-text">{preview.text}</p>
          <p className="meta">
            {`${septets(preview.text)} of ${segmentLength} characters: one message to each number that confirmed by replying YES and has not replied STOP.`}
          </p>
          <p className="when">
            {data.textsWait
              ? `Texts go only from ${data.textsWait.hours} on the rink's clock: these wait, and go at ${data.textsWait.until}. ${otherZones}`
              : `The texts go now. ${otherZones}`}
          </p>
        </section>
      ) : null}
      {lists.length === 0 ? <p>No email or text goes out: it shows on the site only.</p> : null}
      <form method="post" action={updatesPath} className="actions">
        {hidden("id", values.id)}
        {hidden("kind", values.kind)}
        {hidden("note", values.note)}
        {hidden("date", values.date)}
        {hidden("opens", values.opens)}
        {hidden("closes", values.closes)}
        {hidden("until", values.until)}
        {lists.map((list) => hidden("lists", list, `lists-${list}`))}
        <button type="submit" className={buttonStyles.brand}>
          Post it now
        </button>
        <button type="submit" className={buttonStyles.outline} formAction={`${updatesPath}/edit`}>
          Change it
        </button>
      </form>
    </>
  );
}

export function previewPage(data: PreviewPageData): Promise<string> {
  return layout("Check the update", <PreviewBody {...data} />, data.email);
}
