// Submissions as CSV (RFC 4180) that is safe to open in a spreadsheet: a cell a spreadsheet
// would read as a formula (= + - @, or a leading tab or CR) gets a leading apostrophe, so a
// visitor's "=HYPERLINK(...)" stays text on the owner's machine.
import type { Submission } from "./inbox.ts";
import { displayValue, type InboxForm } from "./inbox-forms.ts";

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 asks, ending with one. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** One row per submission, oldest first: id, received time, then every declared field. */
export function submissionsCsv(form: InboxForm, submissions: readonly Submission[]): string {
  const fields = Object.entries(form.fields);
  const header = ["ID", "Received", ...fields.map(([, rules]) => rules.label)];
  const rows = submissions.map((s) => [
    String(s.id),
    s.createdAt,
    ...fields.map(([name]) => displayValue(form, name, s.data[name] ?? "")),
  ]);
  return toCsv([header, ...rows]);
}
