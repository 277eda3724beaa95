// The outbox and the people's consent (an update's own rows: updates/store.ts), in SQL both
// databases run (migrations/0005): over the Node server's SQLite file
// (node/database.ts, `sql`) or D1 (edge/d1-store.ts, d1Runner). Every state change of a row is one conditional statement, so
// two passes (a timer and a kick, two Worker isolates) never both own a row.

import type { SqlRunner, SqlStatement } from "../sql.ts";
import type { ListId } from "./service.ts";

export type OutboxAction = "subscribe" | "broadcast" | "text";
export type OutboxState = "waiting" | "sending" | "sent" | "failed" | "skipped";

/** A row to send, with what it sends (an update's words). */
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

/** A signup's confirmation request: a text with no update (signup-outbox.ts). */
const isConfirmationRow = "(o.action = 'text' AND o.update_id IS NULL)";

/** Why a confirmation request was not sent: its signup is a day old (issue 42). */
export const staleConfirmationReason = "Dropped: not sent within 24 hours of the signup";

const jobColumns = `o.id, o.list, o.action, o.submission_id, o.update_id, o.recipient, o.attempts,
  o.service_ref, o.created_at, coalesce(u.subject, '') AS subject,
  coalesce(u.text_body, '') AS text_body, coalesce(u.note, '') AS note`;

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

const ids = (list: readonly number[]) => JSON.stringify(list);

/**
 * What became of claimed rows, as statements a pass writes together (OutboxStore.record): one
 * D1 query for a pass's whole share, not one a row (Cloudflare's free plan allows 50).
 */
export const outcome = {
  sent: (id: number, at: string, ref: string | undefined): SqlStatement => [
    `UPDATE outbox SET state = 'sent', done_at = ?, service_ref = ?, last_error = NULL
     WHERE id = ? AND state = 'sending'`,
    at,
    ref ?? null,
    id,
  ],
  /** Back to waiting until `dueAt`, with why it did not go (and what it made, if anything). */
  later: (id: number, dueAt: string, reason: string, ref?: string): SqlStatement => [
    `UPDATE outbox SET state = 'waiting', due_at = ?, last_error = ?,
       service_ref = coalesce(?, service_ref)
     WHERE id = ? AND state = 'sending'`,
    dueAt,
    reason.slice(0, 500),
    ref ?? null,
    id,
  ],
  /** Done without sending: 'failed' (refused, given up) or 'skipped' (the person left). */
  finish: (
    id: number,
    state: "failed" | "skipped",
    at: string,
    reason: string,
    ref?: string,
  ): SqlStatement => [
    `UPDATE outbox SET state = ?, done_at = ?, last_error = ?,
       service_ref = coalesce(?, service_ref)
     WHERE id = ? AND state = 'sending'`,
    state,
    at,
    reason.slice(0, 500),
    ref ?? null,
    id,
  ],
  /** Claimed rows a pass did not get to (its service went down): waiting again, untried. */
  release: (list: readonly number[]): SqlStatement => [
    `UPDATE outbox SET state = 'waiting', attempts = attempts - 1
     WHERE state = 'sending' AND id IN (SELECT value FROM json_each(?))`,
    ids(list),
  ],
  /** A waiting row's time moved on, unclaimed (a text before its recipient's sending hours). */
  postpone: (id: number, dueAt: string): SqlStatement => [
    "UPDATE outbox SET due_at = ? WHERE id = ? AND state = 'waiting'",
    dueAt,
    id,
  ],
  /** What a person told a service; an older message never overrides a newer one. */
  consent: (
    list: ListId,
    person: string,
    state: "in" | "out",
    reason: string,
    at: string,
  ): SqlStatement => [
    `INSERT INTO list_consent (list, person, state, reason, at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (list, person) DO UPDATE
       SET state = excluded.state, reason = excluded.reason, at = excluded.at
       WHERE excluded.at >= list_consent.at`,
    list,
    person,
    state,
    reason.slice(0, 100),
    at,
  ],
};

/** The outbox and the people's word on the lists, over either database. */
export function outboxStore(sql: SqlRunner) {
  return {
    /**
     * Waiting rows of a list whose time has come: the owner's (adds, broadcasts, an update's
     * texts) oldest first, then the signups' confirmation requests newest first, so that
     * older ones waiting at the day's ceiling never hold back a newer signup's (issue 42).
     */
    async due(list: ListId, at: string, limit: number): Promise<OutboxJob[]> {
      const rows = await sql.all(
        `SELECT ${jobColumns} FROM outbox o LEFT JOIN owner_updates u ON u.id = o.update_id
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
      if (!row) return null;
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

/**
 * An update's rows in the outbox, written in the update's own batch (updates/store.ts
 * addUpdate): one broadcast for the email list, one text per number that agreed and has not
 * opted out since. Each only if the update was stored (its limits passed).
 */
export function updateOutboxRows(
  update: { id: string; createdAt: string },
  queue: { email: boolean; text: boolean },
): SqlStatement[] {
  const statements: SqlStatement[] = [];
  if (queue.email) {
    statements.push([
      `INSERT INTO outbox (list, action, update_id, created_at, due_at)
   SELECT 'email', 'broadcast', ?, ?, ? WHERE EXISTS (SELECT 1 FROM owner_updates WHERE id = ?)`,
      update.id,
      update.createdAt,
      update.createdAt,
      update.id,
    ]);
  }
  if (queue.text) {
    statements.push([
      // The text list: the numbers that signed up and confirmed by replying YES (or
      // START) from that phone, whose latest word is still that (issue 31).
      `INSERT INTO outbox (list, action, update_id, recipient, created_at, due_at)
   SELECT 'text', 'text', ?1, c.person, ?2, ?2 FROM list_consent c
   WHERE c.list = 'text' AND c.state = 'in' AND EXISTS (
     SELECT 1 FROM submissions s WHERE s.form = 'newsletter' AND s.spam = 0
   AND s.phone_key = c.person
   ) AND EXISTS (SELECT 1 FROM owner_updates u WHERE u.id = ?1)`,
      update.id,
      update.createdAt,
    ]);
  }
  return statements;
}
