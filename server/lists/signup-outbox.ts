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

/**
 * A client's share of a day's signups on each list: its first this many numbers get a
 * confirmation request, its first this many emails an add to Kit (docs/decisions/027).
 */
export const signupsPerClientPerDay = 5;

/** Why a signup's row was not sent: its client had had its share of the day. */
export const pastShareReason = `Not sent: more than ${signupsPerClientPerDay} signups from one connection within 24 hours`;

// Each runs right after the submission's insert in the same transaction, so the newest row of
// submissions is the one just inserted (writes are serialised, and a new rowid is above all).
// ?1: the phone's key (rink/forms/phone.ts) for confirmText, a confirmation request with no
// update; the email as given for subscribeEmail, kept lower-case and trimmed. ?2: created_at.
// ?3: the client's hash (forms/submission.ts submissionClient) or NULL. ?4: the share.
//
// A client's share: its rows of this action in the 24 hours before are counted (outbox_by_client,
// a day's range). Within the share the row waits, ranked after them (client_rank: a pass sends
// every client's first confirmation request before anyone's second). Past it the row is written
// already finished, 'skipped' with why, and no client: the signup is stored, the owner's page
// says its text was not sent, and nothing goes to Kit or Twilio.
const insertRow = `INSERT INTO outbox (list, action, submission_id, recipient, created_at, due_at,
  client_hash, client_rank, state, done_at, last_error)
SELECT`;
const justInserted = "(SELECT max(id) FROM submissions)";
const withinShare = "share.n < ?4";
const shareColumns = `CASE WHEN ${withinShare} THEN ?3 END, share.n + 1,
  CASE WHEN ${withinShare} THEN 'waiting' ELSE 'skipped' END,
  CASE WHEN ${withinShare} THEN NULL ELSE ?2 END,
  CASE WHEN ${withinShare} THEN NULL ELSE '${pastShareReason}' END`;
const shareOf = (action: string) => `FROM (SELECT count(*) AS n FROM outbox
  WHERE client_hash = ?3 AND action = '${action}'
    AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '-1 day')) AS share`;
export const signupOutboxStatements = {
  confirmText: `${insertRow} 'text', 'text', ${justInserted}, ?1, ?2, ?2, ${shareColumns}
${shareOf("text")}
WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE action = 'text' AND update_id IS NULL
  AND recipient = ?1 AND state <> 'skipped'
  AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '-1 day'))
AND NOT EXISTS (SELECT 1 FROM list_consent WHERE list = 'text' AND person = ?1)`,
  subscribeEmail: `${insertRow} 'email', 'subscribe', ${justInserted}, lower(trim(?1)), ?2, ?2,
  ${shareColumns}
${shareOf("subscribe")}`,
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
    const client = submission.client ?? null;
    if (id === "text") {
      const key = phoneKey(value);
      if (key) {
        queued.push([
          signupOutboxStatements.confirmText,
          key,
          submission.createdAt,
          client,
          signupsPerClientPerDay,
        ]);
      }
    } else {
      const params = [value, submission.createdAt, client, signupsPerClientPerDay] as const;
      queued.push([signupOutboxStatements.subscribeEmail, ...params]);
    }
  }
  return queued;
}
