// An outbox row as a pass reads it (OutboxJob), the recipient's word on the list read in its
// claim (Consent), and the SQL the outbox's stores share (outbox-store.ts, outbox-pass-store.ts,
// outbox-chores.ts): where an update's words come from, what a confirmation request is.

import type { ListId } from "./service.ts";

export type OutboxAction = "subscribe" | "broadcast" | "text";
export type OutboxState = "waiting" | "sending" | "sent" | "failed" | "skipped";

/** A row to send, with what it sends (an update's words: OutboxWords). */
export interface OutboxJob {
  id: number;
  list: ListId;
  action: OutboxAction;
  submissionId: number | null;
  updateId: string | null;
  recipient: string;
  /** Tries so far, this one included once it is claimed. */
  attempts: number;
  /** What an earlier try made at the service (a broadcast not yet seen sending), else null. */
  serviceRef: string | null;
  createdAt: string;
  subject: string;
  textBody: string;
  note: string;
}

// A person's latest newsletter signup on a list: by their email (any case) or phone's key.
const latestSignup: Record<ListId, string> = {
  email: `(SELECT max(created_at) FROM submissions
           WHERE form = 'newsletter' AND spam = 0
             AND lower(trim(coalesce(json_extract(data, '$.email'), ''))) = c.person)`,
  text: `(SELECT max(created_at) FROM submissions
          WHERE form = 'newsletter' AND spam = 0 AND phone_key = c.person)`,
};

/**
 * An 'out' still in force (c is the list_consent row): on the email list, one no later signup
 * has overridden; on the text list, any (issue 31: only START or YES from that phone undoes a
 * STOP, never a web signup).
 */
export const stillOut = (list: ListId) =>
  list === "text"
    ? `c.list = 'text' AND c.state = 'out'`
    : `c.list = '${list}' AND c.state = 'out' AND c.at >= coalesce(${latestSignup[list]}, '')`;

/** Why a confirmation request was not sent: its signup is a day old (issue 42). */
export const staleConfirmationReason = "Dropped: not sent within 24 hours of the signup";

/**
 * Where the words of a row another room queued come from (an owner's update: its subject,
 * text and note), read in due()'s own statement, so a pass costs no query more: a join onto
 * the outbox row `o`, and the columns `subject`, `text_body` and `note` it gives, each '' for
 * a row it has no words for. Handed by the owner's updates (updates/outbox-rows.ts,
 * updateWords); without it every row's words are '' (a signup's rows need none).
 */
export interface OutboxWords {
  join: string;
  columns: string;
  /**
   * Which finished rows to keep past the 30 days, a condition on `o` (the updates the owner's
   * page still reports on); none without it.
   */
  kept?: string;
}

export const noWords: OutboxWords = {
  join: "",
  columns: "'' AS subject, '' AS text_body, '' AS note",
};

export const jobColumns = `o.id, o.list, o.action, o.submission_id, o.update_id, o.recipient, o.attempts,
  o.service_ref, o.created_at`;

export function toJob(row: Record<string, unknown>): OutboxJob {
  return {
    id: Number(row.id),
    list: String(row.list) as ListId,
    action: String(row.action) as OutboxAction,
    submissionId: row.submission_id == null ? null : Number(row.submission_id),
    updateId: row.update_id == null ? null : String(row.update_id),
    recipient: String(row.recipient),
    attempts: Number(row.attempts),
    serviceRef: row.service_ref == null ? null : String(row.service_ref),
    createdAt: String(row.created_at),
    subject: String(row.subject),
    textBody: String(row.text_body),
    note: String(row.note),
  };
}

/** A person's word on a list, as a send weighs it (outbox.ts). */
export interface Consent {
  state: "in" | "out";
  reason: string;
  at: string;
}

/**
 * The rows a claim took, each with its recipient's word: on the email list an 'out' still in
 * force (stillOut), else null; on the text list the number's latest word (YES/START or STOP).
 */
export type Claimed = Map<number, Consent | null>;

export const consentColumns = (list: ListId) => {
  const word = (column: string) =>
    `(SELECT c.${column} FROM list_consent c
      WHERE c.person = outbox.recipient AND c.list = '${list}'
        ${list === "email" ? `AND ${stillOut("email")}` : ""}) AS consent_${column}`;
  return ["state", "reason", "at"].map(word).join(", ");
};

export function claimedOf(rows: Record<string, unknown>[]): Claimed {
  return new Map(
    rows.map((row) => [
      Number(row.id),
      row.consent_state == null
        ? null
        : {
            state: String(row.consent_state) === "in" ? "in" : "out",
            reason: String(row.consent_reason),
            at: String(row.consent_at),
          },
    ]),
  );
}
