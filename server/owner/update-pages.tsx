// The owner's "Post an update" pages, React components rendered on the server in the owner's
// frame (layout.tsx): the updates page (what the site shows now, the form of
// post-update-form.tsx, the recent updates of recent-update.tsx with what happened on each
// list) and the preview, what it would send, with the one button that sends. No script: every
// step is a plain form, and a problem comes back on the page with everything typed, each said
// beside its field.
import { momentWords } from "../../rink/clock.ts";
import { formatLongDate } from "../../rink/format.ts";
import type { LiveUpdate } from "../../rink/live-update.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import type { ListId } from "../lists/service.ts";
import { gsm7Length, segmentLength } from "../lists/text-message.ts";
import type { OwnerUpdateRow } from "../updates/store.ts";
import {
  type DeliveryReport,
  headline,
  type UpdateKind,
  type UpdatePreview,
} from "../updates/update.ts";
import { BackToInbox } from "./back-to-inbox.tsx";
import { layout } from "./layout.tsx";
import { PostUpdateForm, type UpdateFormContext } from "./post-update-form.tsx";
import { RecentUpdate } from "./recent-update.tsx";
import type { FormProblems, UpdateFormValues } from "./update-form.ts";
import { type OfferedLists, titleOf, updatesPath } from "./update-words.ts";

/** The texts' hours hold on each number's own clock too (lists/send-hours.ts, issue 42). */
const otherZones =
  "A number in another time zone (its area code says which) gets its text once those hours are open there too.";

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
        <PostUpdateForm values={data.values} problems={problems} ctx={data.context} />
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
              <RecentUpdate key={row.id} row={row} report={report} now={data.now} />
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
