// What a signup queues for the list services, written beside its insert and in its transaction
// (forms/submission.ts's statements.insert, then signupOutbox's statements: node/database.ts
// runs them in one SQLite transaction, edge/d1-store.ts in one D1 batch): a signup and its outbox rows are stored together or not
// at all. Which lists a form feeds, and from which fields, is the form's own (forms/accepted-forms.ts,
// rink/forms/): an email asks the email list's service (Kit) to add it; a phone asks that
// number, by one text, to reply YES (issue 31), at most one a number in 24 hours, and none for
// a number that has already answered (YES/START: on the list; STOP: only START or YES from that
// phone puts it back, never a web signup). The number joins the text list when its YES arrives
// (list_consent 'in', hooks.ts). Spam queues nothing.
import { phoneKey } from "../../rink/forms/phone.ts";
import { formOfKind } from "../forms/accepted-forms.ts";
import type { NewSubmission } from "../forms/submission.ts";
import type { SqlStatement } from "../sql.ts";

// Each runs right after the submission's insert in the same transaction, so the newest row of
// submissions is the one just inserted (writes are serialised, and a new rowid is above all).
// ?1: the phone's key (rink/forms/phone.ts) for confirmText, a confirmation request with no
// update; the email as given for subscribeEmail, kept lower-case and trimmed. ?2: created_at.
const insertRow = `INSERT INTO outbox (list, action, submission_id, recipient, created_at, due_at)
SELECT`;
const justInserted = "(SELECT max(id) FROM submissions)";
export const signupOutboxStatements = {
  confirmText: `${insertRow} 'text', 'text', ${justInserted}, ?1, ?2, ?2
WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE action = 'text' AND update_id IS NULL
  AND recipient = ?1 AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '-1 day'))
AND NOT EXISTS (SELECT 1 FROM list_consent WHERE list = 'text' AND person = ?1)`,
  subscribeEmail: `${insertRow} 'email', 'subscribe', ${justInserted}, lower(trim(?1)), ?2, ?2`,
} as const;

/**
 * The statements that queue `submission` for its form's lists, to run right after its insert
 * in the same transaction; none for spam or a form without lists. The text's request comes
 * first, as the triggers of migrations/0005 and 0007 wrote them (0009 dropped those).
 */
export function signupOutbox(submission: NewSubmission): SqlStatement[] {
  if (submission.spam) return [];
  const lists = formOfKind(submission.form)?.lists ?? [];
  const queued: SqlStatement[] = [];
  for (const id of ["text", "email"] as const) {
    const list = lists.find((l) => l.id === id);
    const value = list ? submission.data[list.field] : undefined;
    if (typeof value !== "string" || value === "") continue;
    if (id === "text") {
      const key = phoneKey(value);
      if (key) queued.push([signupOutboxStatements.confirmText, key, submission.createdAt]);
    } else {
      queued.push([signupOutboxStatements.subscribeEmail, value, submission.createdAt]);
    }
  }
  return queued;
}
