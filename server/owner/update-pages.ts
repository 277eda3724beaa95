// The owner's "Post an update" pages, React components rendered on the server like the
// inbox's (pages.ts): the form, what it would send (the preview, with the one button that
// sends), and the recent updates with what happened on each list. No script: every step is a
// plain form, and a problem comes back on the page with everything typed, each said beside its
// field.
import type { ReactNode } from "react";
import { momentWords } from "../../rink/clock.ts";
import { formatLongDate } from "../../rink/format.ts";
import type { LiveUpdate } from "../../rink/live-update.ts";
import { plural } from "../../rink/plural.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { controlStyles } from "../../ui/field-styles.ts";
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
import { h } from "./html.ts";
import { layout, messagesPath } from "./pages.ts";
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

const errorId = (field: FormField) => `${field}-error`;

/** The field's own problems, said under it; its id is in the field's aria-describedby. */
function FieldError({ problems, field }: { problems: FormProblems; field: FormField }) {
  const list = problems[field];
  if (!list?.length) return null;
  return h("p", { className: "error", id: errorId(field) }, list.join(" "));
}

/**
 * aria-describedby (the hint, the error) for a field, and aria-invalid for a control (a
 * group of radios or checkboxes has none: ARIA gives a fieldset's group role no such state).
 */
function described(problems: FormProblems, field: FormField, hint?: string) {
  const ids = [hint, problems[field]?.length ? errorId(field) : undefined].filter(Boolean);
  const group = field === "kind" || field === "lists";
  return {
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
    "aria-invalid": problems[field]?.length && !group ? ("true" as const) : undefined,
  };
}

/** Every problem at the top, each a link to its field, announced and focused on arrival. */
function ErrorSummary({ problems }: { problems: FormProblems }) {
  const entries = Object.entries(problems).flatMap(([field, list]) =>
    (list ?? []).map((message) => ({ field, message })),
  );
  if (entries.length === 0) return null;
  const target = (field: string) => (field === "kind" ? "kind-closed-today" : field);
  return h(
    "div",
    {
      className: "error-summary",
      role: "alert",
      tabIndex: -1,
      autoFocus: true,
      "aria-labelledby": "error-summary-title",
    },
    h(
      "h2",
      { id: "error-summary-title" },
      entries.length === 1
        ? "Please fix this first"
        : `Please fix these ${entries.length} things first`,
    ),
    h(
      "ul",
      null,
      entries.map(({ field, message }, i) =>
        h(
          "li",
          { key: `${field}-${i}` },
          field ? h("a", { href: `#${target(field)}` }, message) : message,
        ),
      ),
    ),
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
  const error = (field: FormField) => h(FieldError, { problems, field });
  return h(
    "form",
    { method: "post", action: `${updatesPath}/preview`, className: "stack update-form" },
    h(
      "fieldset",
      described(problems, "kind"),
      h("legend", null, "What it means"),
      kinds.map(([kind, label]) =>
        h(
          "label",
          { key: kind, className: "choice", htmlFor: `kind-${kind}` },
          h("input", {
            type: "radio",
            id: `kind-${kind}`,
            name: "kind",
            defaultValue: kind,
            required: true,
            defaultChecked: values.kind === kind,
          }),
          ` ${label}`,
        ),
      ),
      error("kind"),
    ),

    h("label", { htmlFor: "note" }, "The note"),
    h(
      "p",
      { className: "hint", id: "note-hint" },
      `Short, plain text: it shows on the site and is sent as written (at most ${maxNoteLength} characters${ctx.textRoom !== undefined ? `; a text carries ${ctx.textRoom} of them` : ""}).`,
    ),
    h("textarea", {
      className: controlStyles.light,
      id: "note",
      name: "note",
      rows: 4,
      maxLength: maxNoteLength,
      required: true,
      ...described(problems, "note", "note-hint"),
      defaultValue: values.note,
    }),
    error("note"),

    h("label", { htmlFor: "date" }, "The date it is closed"),
    h("p", { className: "hint", id: "date-hint" }, "Only for “Closed on a date”."),
    h("input", {
      className: controlStyles.light,
      type: "date",
      id: "date",
      name: "date",
      defaultValue: values.date,
      min: ctx.today,
      max: ctx.lastDay,
      ...described(problems, "date", "date-hint"),
    }),
    error("date"),

    h(
      "fieldset",
      { className: "hours", "aria-describedby": "hours-hint" },
      h("legend", null, "Today's hours"),
      h("p", { className: "hint", id: "hours-hint" }, "Only for “Different hours today”."),
      h(
        "div",
        { className: "row" },
        h(
          "div",
          { className: "stack" },
          h("label", { htmlFor: "opens" }, "Opens"),
          h("input", {
            className: controlStyles.light,
            type: "time",
            id: "opens",
            name: "opens",
            defaultValue: values.opens,
            ...described(problems, "opens"),
          }),
        ),
        h(
          "div",
          { className: "stack" },
          h("label", { htmlFor: "closes" }, "Closes"),
          h("input", {
            className: controlStyles.light,
            type: "time",
            id: "closes",
            name: "closes",
            defaultValue: values.closes,
            ...described(problems, "closes"),
          }),
        ),
      ),
      error("opens"),
      error("closes"),
    ),

    h("label", { htmlFor: "until" }, "Until when"),
    h(
      "p",
      { className: "hint", id: "until-hint" },
      `When the site stops showing it, on the rink's clock: at most ${maxDaysAhead} days ahead.`,
    ),
    h("input", {
      className: controlStyles.light,
      type: "datetime-local",
      id: "until",
      name: "until",
      defaultValue: values.until,
      required: true,
      min: ctx.nowLocal,
      max: ctx.untilMax,
      ...described(problems, "until", "until-hint"),
    }),
    error("until"),

    h(
      "fieldset",
      described(problems, "lists", "lists-hint"),
      h("legend", null, "Where it goes"),
      h(
        "p",
        { className: "hint", id: "lists-hint" },
        `It always shows on the site.${offered.length === 0 ? " The email and text lists are not set up, so it goes on the site only." : ""}`,
      ),
      offered.map((list) =>
        h(
          "label",
          { key: list, className: "choice", htmlFor: `lists-${list}` },
          h("input", {
            type: "checkbox",
            id: `lists-${list}`,
            name: "lists",
            defaultValue: list,
            defaultChecked: values.lists.includes(list),
          }),
          ` ${listNames[list]} (sent by ${ctx.lists[list]})`,
        ),
      ),
      error("lists"),
    ),

    h("button", { type: "submit", className: buttonStyles.brand }, "Preview"),
  );
}

/** The update the site shows now, with "End now". */
function OnTheSite({ current, row }: { current: LiveUpdate | null; row?: OwnerUpdateRow }) {
  if (!current) {
    return h("p", null, "Nothing: the site shows its usual hours and announcement.");
  }
  const title = row ? titleOf(row) : current.kind;
  return h(
    "div",
    { className: "sample" },
    h("p", { className: "sample-title", id: "now-title" }, title),
    h("p", null, current.note),
    h("p", { className: "meta" }, `Until ${momentWords(new Date(current.until))}`),
    h(
      "form",
      { method: "post", action: `${updatesPath}/${current.id}/end` },
      h(
        "button",
        { type: "submit", className: buttonStyles.danger, "aria-describedby": "now-title" },
        "End now",
      ),
    ),
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
    h("dt", { key: `t-${d.list}` }, listNames[d.list]),
    h(
      "dd",
      { key: `d-${d.list}` },
      summary,
      d.reasons.length > 0
        ? h(
            "ul",
            { className: "plain" },
            d.reasons.map((r, i) => h("li", { key: i }, r)),
          )
        : null,
    ),
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
  return h(
    "li",
    { className: "item" },
    h(
      "article",
      { "aria-labelledby": `u-${row.id}` },
      h("h3", { id: `u-${row.id}` }, titleOf(row)),
      h("p", { className: "meta" }, `Posted ${momentWords(new Date(row.createdAt))} · ${ended}`),
      h("p", { className: "note-text" }, row.note),
      h(
        "dl",
        null,
        h("dt", null, "The site"),
        h(
          "dd",
          null,
          row.kind === "closed-on-date" && row.date
            ? `Shown, with ${formatLongDate(row.date)} closed.`
            : "Shown.",
        ),
        lists.flatMap(deliveryWords),
      ),
    ),
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
  return [
    h("h1", { key: "h" }, "Updates"),
    data.notice ? h("p", { key: "n", className: "summary", role: "status" }, data.notice) : null,
    h(ErrorSummary, { key: "e", problems }),
    h(
      "section",
      { key: "now", "aria-labelledby": "now-heading" },
      h("h2", { id: "now-heading" }, "On the site now"),
      h(OnTheSite, { current, row: currentRow }),
    ),
    h(
      "section",
      { key: "post", "aria-labelledby": "post-heading" },
      h("h2", { id: "post-heading" }, "Post an update"),
      h(
        "p",
        null,
        "Closed for snow, different hours, news: the site shows it within a minute, and the lists you choose get it by email or text. You see each message before anything is sent.",
      ),
      h(UpdateForm, { values: data.values, problems, ctx: data.context }),
    ),
    h(
      "section",
      { key: "recent", "aria-labelledby": "recent-heading" },
      h("h2", { id: "recent-heading" }, "Recent updates"),
      data.textsWait
        ? h(
            "p",
            { className: "when" },
            `Texts go only from ${data.textsWait.hours} on the rink's clock: waiting texts go at ${data.textsWait.until}. ${otherZones}`,
          )
        : null,
      recent.length === 0
        ? h("p", null, "None yet.")
        : h(
            "ul",
            { className: "items" },
            recent.map(({ row, report }) =>
              h(RecentItem, { key: row.id, row, report, now: data.now }),
            ),
          ),
    ),
    h("p", { key: "back" }, h("a", { href: messagesPath }, "Back to the inbox")),
  ];
}

export function updatesPage(data: UpdatesPageData): Promise<string> {
  const failing = Object.keys(data.problems).length > 0;
  return layout(failing ? "Error: Post an update" : "Updates", h(UpdatesBody, data), data.email);
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
  const hidden = (name: string, value: string, key: string = name) =>
    h("input", { key, type: "hidden", name, defaultValue: value });
  return [
    h("h1", { key: "h" }, "Check the update"),
    h(
      "p",
      { key: "s", className: "summary", role: "status" },
      "Nothing is sent until you press “Post it now”.",
    ),
    h(
      "section",
      { key: "site", "aria-labelledby": "site-heading" },
      h("h2", { id: "site-heading" }, "On the site"),
      h(
        "div",
        { className: "sample" },
        h("p", { className: "sample-title" }, headline(data.kind, preview.date, preview.hours)),
        h("p", { className: "note-text" }, preview.email),
        h("p", { className: "meta" }, `Until ${momentWords(new Date(data.until))}`),
      ),
      h("p", null, siteEffect(data.kind, preview)),
      data.replaces
        ? h(
            "p",
            { className: "note" },
            `It replaces the update on the site now: “${data.replaces.note}”.`,
          )
        : null,
    ),
    lists.includes("email")
      ? h(
          "section",
          { key: "email", "aria-labelledby": "email-heading" },
          h("h2", { id: "email-heading" }, "Email to the email list"),
          h(
            "dl",
            { className: "sample" },
            h("dt", null, "Subject"),
            h("dd", null, preview.subject),
            h("dt", null, "Message"),
            h("dd", null, preview.email),
          ),
          h(
            "p",
            null,
            `${offered.email ?? "The service"} sends it to everyone who confirmed their signup, with its unsubscribe link.`,
          ),
        )
      : null,
    lists.includes("text") && preview.text
      ? h(
          "section",
          { key: "text", "aria-labelledby": "text-heading" },
          h("h2", { id: "text-heading" }, "Text to the text list"),
          h("p", { className: "sample note-text" }, preview.text),
          h(
            "p",
            { className: "meta" },
            `${septets(preview.text)} of ${segmentLength} characters: one message to each number that confirmed by replying YES and has not replied STOP.`,
          ),
          h(
            "p",
            { className: "when" },
            data.textsWait
              ? `Texts go only from ${data.textsWait.hours} on the rink's clock: these wait, and go at ${data.textsWait.until}. ${otherZones}`
              : `The texts go now. ${otherZones}`,
          ),
        )
      : null,
    lists.length === 0
      ? h("p", { key: "none" }, "No email or text goes out: it shows on the site only.")
      : null,
    h(
      "form",
      { key: "f", method: "post", action: updatesPath, className: "actions" },
      hidden("id", values.id),
      hidden("kind", values.kind),
      hidden("note", values.note),
      hidden("date", values.date),
      hidden("opens", values.opens),
      hidden("closes", values.closes),
      hidden("until", values.until),
      lists.map((list) => hidden("lists", list, `lists-${list}`)),
      h("button", { type: "submit", className: buttonStyles.brand }, "Post it now"),
      h(
        "button",
        { type: "submit", className: buttonStyles.outline, formAction: `${updatesPath}/edit` },
        "Change it",
      ),
    ),
  ];
}

export function previewPage(data: PreviewPageData): Promise<string> {
  return layout("Check the update", h(PreviewBody, data), data.email);
}
