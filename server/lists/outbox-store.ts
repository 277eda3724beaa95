// The outbox and the people's consent, in SQL both databases run (migrations/0005): over the
// Node server's SQLite file (node/database.ts, `sql`) or D1 (edge/d1-store.ts, d1Runner).
// Every state change of a row is one conditional statement (outbox-outcome.ts), so two passes
// (a timer and a kick, two Worker isolates) never both own a row. An owner's update queues its
// rows and says where their words are (updates/outbox-rows.ts); the outbox sends them.

import type { SqlRunner, SqlStatement } from "../sql.ts";
import { outcome } from "./outbox-outcome.ts";
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

/**
 * A person who left a list after their latest signup, by list then person; on the text list
 * also who confirmed (state 'in': replied YES or START), since only they are on it (issue 31).
 */
export type OptOuts = Map<string, { reason: string; at: string; state?: "in" | "out" }>;
export const optOutKey = (list: ListId, person: string) => `${list} ${person}`;

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
const stillOut = (list: ListId) =>
  list === "text"
    ? `c.list = 'text' AND c.state = 'out'`
    : `c.list = '${list}' AND c.state = 'out' AND c.at >= coalesce(${latestSignup[list]}, '')`;

/**
 * The text list (issue 31), for a statement that queues a text to each number on it (an
 * owner's update: updates/outbox-rows.ts): the numbers that signed up and confirmed by
 * replying YES (or START) from that phone, whose latest word is still that; `c.person` is
 * each one's key.
 */
export const textListNumbers = `FROM list_consent c
   WHERE c.list = 'text' AND c.state = 'in' AND EXISTS (
     SELECT 1 FROM submissions s WHERE s.form = 'newsletter' AND s.spam = 0
   AND s.phone_key = c.person
   )`;

/** A signup's confirmation request: a text with no update (signup-outbox.ts). */
const isConfirmationRow = "(o.action = 'text' AND o.update_id IS NULL)";

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
}

const noWords: OutboxWords = { join: "", columns: "'' AS subject, '' AS text_body, '' AS note" };

const jobColumns = `o.id, o.list, o.action, o.submission_id, o.update_id, o.recipient, o.attempts,
  o.service_ref, o.created_at`;

function toJob(row: Record<string, unknown>): OutboxJob {
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

const consentColumns = (list: ListId) => {
  const word = (column: string) =>
    `(SELECT c.${column} FROM list_consent c
      WHERE c.person = outbox.recipient AND c.list = '${list}'
        ${list === "email" ? `AND ${stillOut("email")}` : ""}) AS consent_${column}`;
  return ["state", "reason", "at"].map(word).join(", ");
};

function claimedOf(rows: Record<string, unknown>[]): Claimed {
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

/**
 * The outbox and the people's word on the lists, over either database; `words`, where the
 * rows' words are, for the store a pass of the outbox sends from.
 */
export function outboxStore(sql: SqlRunner, words: OutboxWords = noWords) {
  return {
    /**
     * Waiting rows of a list whose time has come: the owner's (adds, broadcasts, an update's
     * texts) oldest first, then the signups' confirmation requests newest first, so that
     * older ones waiting at the day's ceiling never hold back a newer signup's (issue 42).
     */
    async due(list: ListId, at: string, limit: number): Promise<OutboxJob[]> {
      const rows = await sql.all(
        `SELECT ${jobColumns}, ${words.columns} FROM outbox o ${words.join}
         WHERE o.state = 'waiting' AND o.list = ? AND o.due_at <= ?
         ORDER BY ${isConfirmationRow}, CASE WHEN ${isConfirmationRow} THEN o.created_at END DESC,
           o.due_at, o.id
         LIMIT ?`,
        list,
        at,
        limit,
      );
      return rows.map(toJob);
    },

    /** The signups whose confirmation request was dropped a day after it (issue 42). */
    async droppedConfirmations(): Promise<Set<number>> {
      const rows = await sql.all(
        `SELECT o.submission_id FROM outbox o
         WHERE ${isConfirmationRow} AND o.state = 'skipped' AND o.last_error = ?`,
        staleConfirmationReason,
      );
      return new Set(rows.map((row) => Number(row.submission_id)));
    },

    /**
     * Confirmation requests still waiting whose signup was before `before` (24 hours ago):
     * dropped, 'skipped' with the reason, never sent (issue 42). How many.
     */
    async dropStaleConfirmations(before: string, at: string): Promise<number> {
      return await sql.run(
        `UPDATE outbox SET state = 'skipped', done_at = ?, last_error = ?
         WHERE state = 'waiting' AND action = 'text' AND update_id IS NULL AND created_at < ?`,
        at,
        staleConfirmationReason,
        before,
      );
    },

    /**
     * Takes these rows of `list` (a pass's share, in its order) for one send each: the ones no
     * other pass has, with the recipient's word on the list read in the same statement, at the
     * moment of sending (a STOP after an update was queued counts).
     */
    async claim(list: ListId, ids: readonly number[], at: string): Promise<Claimed> {
      if (ids.length === 0) return new Map();
      return claimedOf(
        await sql.all(
          `UPDATE outbox SET state = 'sending', claimed_at = ?, attempts = attempts + 1
           WHERE state = 'waiting' AND id IN (SELECT value FROM json_each(?))
           RETURNING id, ${consentColumns(list)}`,
          at,
          JSON.stringify(ids),
        ),
      );
    },

    /**
     * Takes signups' confirmation requests as claim() does, the first ones in `ids` only while
     * fewer than `perDay` of them were sent or are being sent since `since`: the count is in
     * the claim's own statement, so two passes at once cannot both pass the ceiling.
     */
    async claimConfirmations(
      ids: readonly number[],
      at: string,
      since: string,
      perDay: number,
    ): Promise<Claimed> {
      if (ids.length === 0) return new Map();
      return claimedOf(
        await sql.all(
          `UPDATE outbox SET state = 'sending', claimed_at = ?, attempts = attempts + 1
           WHERE state = 'waiting' AND action = 'text' AND update_id IS NULL
             AND id IN (SELECT value FROM json_each(?) ORDER BY key
               LIMIT max(0, ? - (SELECT count(*) FROM outbox
                 WHERE action = 'text' AND update_id IS NULL AND state IN ('sent', 'sending')
                   AND coalesce(done_at, claimed_at) >= ?)))
           RETURNING id, ${consentColumns("text")}`,
          at,
          JSON.stringify(ids),
          perDay,
          since,
        ),
      );
    },

    /** What a pass made of its rows (outcome's statements), written as one batch. */
    async record(statements: readonly SqlStatement[]) {
      if (statements.length > 0) await sql.batch(statements);
    },

    /**
     * Claims older than `before` belong to a pass that stopped midway (a crash, a Worker's
     * isolate ended): an add to the email list is repeated (it is idempotent), and so is a
     * broadcast, whose next try looks for the one the stopped pass may have made before making
     * any (kit.ts); a text may have gone out, so it is not sent again.
     */
    async recoverStale(before: string, at: string) {
      await sql.batch([
        [
          `UPDATE outbox SET state = 'waiting', due_at = ?
           WHERE state = 'sending' AND claimed_at < ? AND action IN ('subscribe', 'broadcast')`,
          at,
          before,
        ],
        [
          `UPDATE outbox SET state = 'failed', done_at = ?,
             last_error = 'Stopped while sending; not sent again, in case it went out'
           WHERE state = 'sending' AND claimed_at < ? AND action = 'text'`,
          at,
          before,
        ],
        // A carrier's word that no row has claimed in as long (migrations/0014).
        ["DELETE FROM text_status_early WHERE at < ?", before],
      ]);
    },

    /**
     * Everyone who left a list after their latest signup, and every number's word on the text
     * list (the CSV, the owner's pages).
     */
    async optOuts(): Promise<OptOuts> {
      const rows = await sql.all(
        `SELECT list, person, state, reason, at FROM list_consent c
         WHERE (${stillOut("email")}) OR c.list = 'text'`,
      );
      return new Map(
        rows.map((r) => [
          optOutKey(String(r.list) as ListId, String(r.person)),
          {
            reason: String(r.reason),
            at: String(r.at),
            state: String(r.state) === "in" ? "in" : "out",
          },
        ]),
      );
    },

    /** Records what a person told a service; an older message never overrides a newer one. */
    async setConsent(...args: Parameters<typeof outcome.consent>) {
      const [statement, ...params] = outcome.consent(...args);
      await sql.run(statement, ...params);
    },

    /** The latest word of a number about the text list ('in': YES/START; 'out': STOP), or null. */
    async textConsent(
      person: string,
    ): Promise<{ state: "in" | "out"; reason: string; at: string } | null> {
      const [row] = await sql.all(
        "SELECT state, reason, at FROM list_consent WHERE list = 'text' AND person = ?",
        person,
      );
      return row
        ? {
            state: String(row.state) as "in" | "out",
            reason: String(row.reason),
            at: String(row.at),
          }
        : null;
    },

    /**
     * What the carrier made of a text (Twilio's status callback), by the message's SID: the
     * first final status counts. The number's key, or null when no sent text has that SID.
     */
    async recordDelivery(
      ref: string,
      delivery: "delivered" | "failed",
      code: number | null,
      at: string,
    ): Promise<string | null> {
      const [row] = await sql.all(
        "SELECT recipient FROM outbox WHERE service_ref = ? AND action = 'text' AND state = 'sent'",
        ref,
      );
      if (!row) {
        // Before the pass that sent it wrote it down (it writes its texts' outcomes together):
        // kept for its row, and moved onto it here if that row was written meanwhile.
        await sql.batch([
          [
            `INSERT INTO text_status_early (sid, delivery, code, at) VALUES (?, ?, ?, ?)
             ON CONFLICT (sid) DO UPDATE
               SET delivery = excluded.delivery, code = excluded.code, at = excluded.at`,
            ref,
            delivery,
            code,
            at,
          ],
          ...outcome.earlyStatus(ref),
        ]);
        return null;
      }
      await sql.run(
        `UPDATE outbox SET delivery = ?, delivery_code = ?, delivery_at = ?
         WHERE service_ref = ? AND action = 'text' AND state = 'sent' AND delivery IS NULL`,
        delivery,
        code,
        at,
        ref,
      );
      return String(row.recipient);
    },

    /** An update's texts that the service accepted, by what the carriers said of them. */
    async textDeliveries(
      updateId: string,
    ): Promise<{ delivery: "delivered" | "failed" | null; code: number | null; count: number }[]> {
      const rows = await sql.all(
        `SELECT delivery, delivery_code, count(*) AS n FROM outbox
         WHERE update_id = ? AND action = 'text' AND state = 'sent'
         GROUP BY delivery, delivery_code ORDER BY delivery, delivery_code`,
        updateId,
      );
      return rows.map((r) => ({
        delivery: r.delivery == null ? null : (String(r.delivery) as "delivered" | "failed"),
        code: r.delivery_code == null ? null : Number(r.delivery_code),
        count: Number(r.n),
      }));
    },

    /** An update's rows counted by list, state and reason. */
    async tally(
      updateId: string,
    ): Promise<{ list: ListId; state: OutboxState; reason: string | null; count: number }[]> {
      const rows = await sql.all(
        `SELECT list, state, last_error, count(*) AS n FROM outbox WHERE update_id = ?
         GROUP BY list, state, last_error ORDER BY list, state`,
        updateId,
      );
      return rows.map((r) => ({
        list: String(r.list) as ListId,
        state: String(r.state) as OutboxState,
        reason: r.last_error == null ? null : String(r.last_error),
        count: Number(r.n),
      }));
    },
  };
}

export type OutboxStore = ReturnType<typeof outboxStore>;
