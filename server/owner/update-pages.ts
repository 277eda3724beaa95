// The owner's "Post an update" pages, made on the server like the inbox's (pages.ts): the
// form, what it would send (the preview, with the one button that sends), and the recent
// updates with what happened on each list. No script: every step is a plain form, and a
// problem comes back on the page with everything typed, each said beside its field.
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { momentWords } from "../../rink/clock.ts";
import { formatLongDate } from "../../rink/format.ts";
import type { LiveUpdate } from "../../rink/live-update.ts";
import { plural } from "../../rink/plural.ts";
import type { OwnerUpdateRow } from "../lists/outbox-store.ts";
import type { ListId } from "../lists/service.ts";
import { gsm7Length, segmentLength } from "../lists/text-message.ts";
import {
  type DeliveryReport,
  headline,
  type ListDelivery,
  maxDaysAhead,
  maxNoteLength,
  type UpdateKind,
  type UpdatePreview,
  updateKinds,
} from "../lists/updates.ts";
import { layout } from "./pages.ts";
import type { FormField, FormProblems, UpdateFormValues } from "./update-form.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const updatesPath = "/inbox/updates";

/** The lists whose service is set up, by the service's name ("Kit", "Twilio"). */
export type OfferedLists = Partial<Record<ListId, string>>;

const listNames: Record<ListId, string> = { email: "The email list", text: "The text list" };

const kindOf = (kind: string): UpdateKind | undefined =>
  Object.hasOwn(updateKinds, kind) ? (kind as UpdateKind) : undefined;

/** A row's headline, as the preview named it. */
const titleOf = (u: Pick<OwnerUpdateRow, "kind" | "date" | "hours">) => {
  const kind = kindOf(u.kind);
  return kind ? headline(kind, u.date, u.hours) : u.kind;
};

const errorId = (field: FormField) => `${field}-error`;

/** The field's own problems, said under it; its id is in the field's aria-describedby. */
function fieldError(problems: FormProblems, field: FormField): Html | string {
  const list = problems[field];
  if (!list?.length) return "";
  return html`<p class="error" id="${errorId(field)}">${list.join(" ")}</p>`;
}

/**
 * aria-describedby (the hint, the error) for a field, and aria-invalid for a control (a
 * group of radios or checkboxes has none: ARIA gives a fieldset's group role no such state).
 */
function described(problems: FormProblems, field: FormField, hint?: string) {
  const ids = [hint, problems[field]?.length ? errorId(field) : undefined].filter(Boolean);
  const group = field === "kind" || field === "lists";
  const invalid = problems[field]?.length && !group ? ' aria-invalid="true"' : "";
  return raw(`${ids.length ? ` aria-describedby="${ids.join(" ")}"` : ""}${invalid}`);
}

const checked = (on: boolean) => raw(on ? " checked" : "");

/** Every problem at the top, each a link to its field, announced and focused on arrival. */
function errorSummary(problems: FormProblems): Html | string {
  const entries = Object.entries(problems).flatMap(([field, list]) =>
    (list ?? []).map((message) => ({ field, message })),
  );
  if (entries.length === 0) return "";
  const target = (field: string) => (field === "kind" ? "kind-closed-today" : field);
  return html`<div class="error-summary" role="alert" tabindex="-1" autofocus aria-labelledby="error-summary-title">
        <h2 id="error-summary-title">${entries.length === 1 ? "Please fix this first" : `Please fix these ${entries.length} things first`}</h2>
        <ul>
          ${entries.map(({ field, message }) =>
            field
              ? html`<li><a href="#${target(field)}">${message}</a></li>`
              : html`<li>${message}</li>`,
          )}
        </ul>
      </div>`;
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

function updateForm(values: UpdateFormValues, problems: FormProblems, ctx: UpdateFormContext) {
  const offered = (Object.keys(listNames) as ListId[]).filter((list) => ctx.lists[list]);
  const kinds = Object.entries(updateKinds) as [UpdateKind, string][];
  return html`<form method="post" action="${updatesPath}/preview" class="stack update-form">
        <fieldset${described(problems, "kind")}>
          <legend>What it means</legend>
          ${kinds.map(
            ([kind, label]) =>
              html`<label class="choice" for="kind-${kind}"><input type="radio" id="kind-${kind}" name="kind" value="${kind}" required${checked(values.kind === kind)}> ${label}</label>`,
          )}
          ${fieldError(problems, "kind")}
        </fieldset>

        <label for="note">The note</label>
        <p class="hint" id="note-hint">Short, plain text: it shows on the site and is sent as written (at most ${maxNoteLength} characters${ctx.textRoom !== undefined ? html`; a text carries ${ctx.textRoom} of them` : ""}).</p>
        <textarea id="note" name="note" rows="4" maxlength="${maxNoteLength}" required${described(problems, "note", "note-hint")}>${values.note}</textarea>
        ${fieldError(problems, "note")}

        <label for="date">The date it is closed</label>
        <p class="hint" id="date-hint">Only for “Closed on a date”.</p>
        <input type="date" id="date" name="date" value="${values.date}" min="${ctx.today}" max="${ctx.lastDay}"${described(problems, "date", "date-hint")}>
        ${fieldError(problems, "date")}

        <fieldset class="hours" aria-describedby="hours-hint">
          <legend>Today's hours</legend>
          <p class="hint" id="hours-hint">Only for “Different hours today”.</p>
          <div class="row">
            <div class="stack">
              <label for="opens">Opens</label>
              <input type="time" id="opens" name="opens" value="${values.opens}"${described(problems, "opens")}>
            </div>
            <div class="stack">
              <label for="closes">Closes</label>
              <input type="time" id="closes" name="closes" value="${values.closes}"${described(problems, "closes")}>
            </div>
          </div>
          ${fieldError(problems, "opens")}
          ${fieldError(problems, "closes")}
        </fieldset>

        <label for="until">Until when</label>
        <p class="hint" id="until-hint">When the site stops showing it, on the rink's clock: at most ${maxDaysAhead} days ahead.</p>
        <input type="datetime-local" id="until" name="until" value="${values.until}" required min="${ctx.nowLocal}" max="${ctx.untilMax}"${described(problems, "until", "until-hint")}>
        ${fieldError(problems, "until")}

        <fieldset${described(problems, "lists", "lists-hint")}>
          <legend>Where it goes</legend>
          <p class="hint" id="lists-hint">It always shows on the site.${offered.length === 0 ? " The email and text lists are not set up, so it goes on the site only." : ""}</p>
          ${offered.map(
            (list) =>
              html`<label class="choice" for="lists-${list}"><input type="checkbox" id="lists-${list}" name="lists" value="${list}"${checked(values.lists.includes(list))}> ${listNames[list]} (sent by ${ctx.lists[list]})</label>`,
          )}
          ${fieldError(problems, "lists")}
        </fieldset>

        <button type="submit">Preview</button>
      </form>`;
}

/** The update the site shows now, with "End now". */
function onTheSite(current: LiveUpdate | null, row: OwnerUpdateRow | undefined) {
  if (!current) {
    return html`<p>Nothing: the site shows its usual hours and announcement.</p>`;
  }
  const title = row ? titleOf(row) : current.kind;
  return html`<div class="sample">
        <p class="sample-title" id="now-title">${title}</p>
        <p>${current.note}</p>
        <p class="meta">Until ${momentWords(new Date(current.until))}</p>
        <form method="post" action="${updatesPath}/${current.id}/end">
          <button type="submit" class="danger" aria-describedby="now-title">End now</button>
        </form>
      </div>`;
}

/** The email list's one email (a broadcast: the service sends it to everyone), in words. */
function broadcastWords(d: ListDelivery): string {
  if (d.sent > 0) return "Sent: one email to everyone on the list.";
  if (d.waiting > 0) return "Waiting: it is tried again by itself.";
  return "Not sent.";
}

/** One list's part of an update, in words: "3 texts delivered, 1 waiting", then why. */
function deliveryWords(d: ListDelivery): Html {
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
  return html`<dt>${listNames[d.list]}</dt>
            <dd>${summary}${
              d.reasons.length > 0
                ? html`<ul class="plain">${d.reasons.map((r) => html`<li>${r}</li>`)}</ul>`
                : ""
            }</dd>`;
}

function recentItem(row: OwnerUpdateRow, report: DeliveryReport | undefined, now: Date) {
  const ended = row.endedAt
    ? `Ended ${momentWords(new Date(row.endedAt))}`
    : row.endsAt && Date.parse(row.endsAt) <= now.getTime()
      ? `Ended at its time, ${momentWords(new Date(row.endsAt))}`
      : `On the site until ${row.endsAt ? momentWords(new Date(row.endsAt)) : "ended"}`;
  const lists = report?.lists ?? [];
  return html`<li class="item">
          <article aria-labelledby="u-${row.id}">
            <h3 id="u-${row.id}">${titleOf(row)}</h3>
            <p class="meta">Posted ${momentWords(new Date(row.createdAt))} · ${ended}</p>
            <p class="note-text">${row.note}</p>
            <dl>
              <dt>The site</dt>
              <dd>${row.kind === "closed-on-date" && row.date ? `Shown, with ${formatLongDate(row.date)} closed.` : "Shown."}</dd>
              ${lists.map(deliveryWords)}
            </dl>
          </article>
        </li>`;
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

export function updatesPage(data: UpdatesPageData): Html {
  const { problems, current, recent } = data;
  const failing = Object.keys(problems).length > 0;
  return layout(
    failing ? "Error: Post an update" : "Updates",
    html`<h1>Updates</h1>
      ${data.notice ? html`<p class="summary" role="status">${data.notice}</p>` : ""}
      ${errorSummary(problems)}
      <section aria-labelledby="now-heading">
        <h2 id="now-heading">On the site now</h2>
        ${onTheSite(current, recent.find((r) => r.row.id === current?.id)?.row)}
      </section>
      <section aria-labelledby="post-heading">
        <h2 id="post-heading">Post an update</h2>
        <p>Closed for snow, different hours, news: the site shows it within a minute, and the
          lists you choose get it by email or text. You see each message before anything is sent.</p>
        ${updateForm(data.values, problems, data.context)}
      </section>
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recent updates</h2>
        ${data.textsWait ? html`<p class="when">Texts go only from ${data.textsWait.hours} on the rink's clock: waiting texts go at ${data.textsWait.until}.</p>` : ""}
        ${
          recent.length === 0
            ? html`<p>None yet.</p>`
            : html`<ul class="items">${recent.map(({ row, report }) => recentItem(row, report, data.now))}</ul>`
        }
      </section>
      <p><a href="/inbox/">Back to the inbox</a></p>`,
    data.email,
  );
}

export interface PreviewPageData {
  email: string;
  values: UpdateFormValues;
  preview: UpdatePreview;
  kind: UpdateKind;
  /** The end as an instant (ISO). */
  endsAt: string;
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

export function previewPage(data: PreviewPageData): Html {
  const { preview, values, lists, offered } = data;
  const hidden = (name: string, value: string) =>
    html`<input type="hidden" name="${name}" value="${value}">`;
  return layout(
    "Check the update",
    html`<h1>Check the update</h1>
      <p class="summary" role="status">Nothing is sent until you press “Post it now”.</p>
      <section aria-labelledby="site-heading">
        <h2 id="site-heading">On the site</h2>
        <div class="sample">
          <p class="sample-title">${headline(data.kind, preview.date, preview.hours)}</p>
          <p class="note-text">${preview.email}</p>
          <p class="meta">Until ${momentWords(new Date(data.endsAt))}</p>
        </div>
        <p>${siteEffect(data.kind, preview)}</p>
        ${
          data.replaces
            ? html`<p class="note">It replaces the update on the site now: “${data.replaces.note}”.</p>`
            : ""
        }
      </section>
      ${
        lists.includes("email")
          ? html`<section aria-labelledby="email-heading">
        <h2 id="email-heading">Email to the email list</h2>
        <dl class="sample">
          <dt>Subject</dt><dd>${preview.subject}</dd>
          <dt>Message</dt><dd>${preview.email}</dd>
        </dl>
        <p>${offered.email ?? "The service"} sends it to everyone who confirmed their signup, with its unsubscribe link.</p>
      </section>`
          : ""
      }
      ${
        lists.includes("text") && preview.text
          ? html`<section aria-labelledby="text-heading">
        <h2 id="text-heading">Text to the text list</h2>
        <p class="sample note-text">${preview.text}</p>
        <p class="meta">${septets(preview.text)} of ${segmentLength} characters: one message to each number that confirmed by replying YES and has not replied STOP.</p>
        <p class="when">${data.textsWait ? `Texts go only from ${data.textsWait.hours} on the rink's clock: these wait, and go at ${data.textsWait.until}.` : "The texts go now."}</p>
      </section>`
          : ""
      }
      ${
        lists.length === 0 ? html`<p>No email or text goes out: it shows on the site only.</p>` : ""
      }
      <form method="post" action="${updatesPath}" class="actions">
        ${hidden("id", values.id)}
        ${hidden("kind", values.kind)}
        ${hidden("note", values.note)}
        ${hidden("date", values.date)}
        ${hidden("opens", values.opens)}
        ${hidden("closes", values.closes)}
        ${hidden("until", values.until)}
        ${lists.map((list) => hidden("lists", list))}
        <button type="submit">Post it now</button>
        <button type="submit" class="quiet" formaction="${updatesPath}/edit">Change it</button>
      </form>`,
    data.email,
  );
}
