// Submissions as CSV (RFC 4180) that is safe to open in a spreadsheet: a cell a spreadsheet
// would read as a formula (= + - @, or a leading tab or CR) gets a leading apostrophe, so a
// visitor's "=HYPERLINK(...)" stays text on the owner's machine.

import { phoneKey } from "../../rink/forms/phone.ts";
import { displayValue, type InboxForm, type SignupList } from "../forms/accepted-forms.ts";
import type { Submission } from "../forms/submission.ts";
import { type OptOuts, optOutKey } from "../lists/outbox-store.ts";

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 asks, ending with one. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** The form's list called `id` ("email", "text"), if it has one. */
export function findList(form: InboxForm, id: string): SignupList | undefined {
  return form.lists?.find((list) => list.id === id);
}

/** The person a list knows them by: a lower-case email, a phone's key (lists/outbox-store.ts). */
function personOn(list: SignupList, s: Submission): string {
  const value = s.data[list.field] ?? "";
  return list.id === "text" ? phoneKey(value) : value.trim().toLowerCase();
}

/**
 * Why this signup does not count for `list`: they left it after signing up, or (texts, issue
 * 31) their number has not confirmed by replying YES, or replied STOP at any time; else
 * undefined.
 */
export function leftList(s: Submission, list: SignupList, optOuts?: OptOuts): string | undefined {
  if (!optOuts || !s.data[list.field]) return undefined;
  const out = optOuts.get(optOutKey(list.id, personOn(list, s)));
  if (list.id === "text") {
    if (!out) return "waiting for YES";
    return out.state === "in" ? undefined : `opted out (${out.reason}, ${out.at.slice(0, 10)})`;
  }
  return out && out.at >= s.createdAt
    ? `opted out (${out.reason}, ${out.at.slice(0, 10)})`
    : undefined;
}

/**
 * The submissions that put someone on `list` and who have not left it since; all of them
 * without a list.
 */
export function onList(
  submissions: readonly Submission[],
  list?: SignupList,
  optOuts?: OptOuts,
): Submission[] {
  return submissions.filter((s) => !list || (s.data[list.field] && !leftList(s, list, optOuts)));
}

/**
 * One row per submission, oldest first: id, received time, every declared field, then for a
 * form with mailing lists whether each person agreed to each ("yes"/"no", or "opted out (…)"
 * when they left it since, as the services told us). With `list`, only the people on that list
 * (an email for the email news, a phone for text alerts) who have not left it.
 */
export function submissionsCsv(
  form: InboxForm,
  submissions: readonly Submission[],
  list?: SignupList,
  optOuts?: OptOuts,
): string {
  const fields = Object.entries(form.fields);
  const lists = form.lists ?? [];
  const header = [
    "ID",
    "Received",
    ...fields.map(([, rules]) => rules.label),
    ...lists.map((l) => l.label),
  ];
  const rows = onList(submissions, list, optOuts).map((s) => [
    String(s.id),
    s.createdAt,
    ...fields.map(([name]) => displayValue(form, name, s.data[name] ?? "")),
    ...lists.map((l) => (s.data[l.field] ? (leftList(s, l, optOuts) ?? "yes") : "no")),
  ]);
  return toCsv([header, ...rows]);
}
