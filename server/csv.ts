// Submissions as CSV (RFC 4180) that is safe to open in a spreadsheet: a cell a spreadsheet
// would read as a formula (= + - @, or a leading tab or CR) gets a leading apostrophe, so a
// visitor's "=HYPERLINK(...)" stays text on the owner's machine.
import type { Submission } from "./inbox.ts";
import { displayValue, type InboxForm, type SignupList } from "./inbox-forms.ts";

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

/** The submissions that put someone on `list`; all of them without one. */
export function onList(submissions: readonly Submission[], list?: SignupList): Submission[] {
  return submissions.filter((s) => !list || s.data[list.field]);
}

/**
 * One row per submission, oldest first: id, received time, every declared field, then for a
 * form with mailing lists whether each person agreed to each ("yes"/"no"). With `list`, only
 * the people on that list (an email for the email news, a phone for text alerts).
 */
export function submissionsCsv(
  form: InboxForm,
  submissions: readonly Submission[],
  list?: SignupList,
): string {
  const fields = Object.entries(form.fields);
  const lists = form.lists ?? [];
  const header = [
    "ID",
    "Received",
    ...fields.map(([, rules]) => rules.label),
    ...lists.map((l) => l.label),
  ];
  const rows = onList(submissions, list).map((s) => [
    String(s.id),
    s.createdAt,
    ...fields.map(([name]) => displayValue(form, name, s.data[name] ?? "")),
    ...lists.map((l) => (s.data[l.field] ? "yes" : "no")),
  ]);
  return toCsv([header, ...rows]);
}
