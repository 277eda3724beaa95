// What a pass of the outbox (outbox.ts) reads and claims, in SQL both databases run. Each read
// goes through a partial index over waiting rows (migrations/0005, 0015), so a pass reads the
// rows it may send and never the outbox's history; the day's ceiling on confirmation requests
// is counted over a day's range of claims. Every state change of a row is one conditional
// statement (outbox-outcome.ts), so two passes (a timer and a kick, two Worker isolates) never
// both own a row.

import type { SqlRunner, SqlStatement } from "../sql.ts";
import {
  type Claimed,
  claimedOf,
  consentColumns,
  jobColumns,
  type OutboxJob,
  type OutboxWords,
  toJob,
} from "./outbox-job.ts";
import type { ListId } from "./service.ts";

/**
 * A list's waiting rows besides the confirmation requests, each through its own partial index:
 * the email list's (adds, broadcasts) by outbox_due, an update's texts by outbox_update_texts_due.
 */
const ownerRows: Record<ListId, string> = {
  email: "o.state = 'waiting' AND o.list = 'email'",
  text: "o.state = 'waiting' AND o.list = 'text' AND o.update_id IS NOT NULL",
};

/** The confirmation requests, counted for the day's ceiling: outbox_confirmations_claimed. */
const claimedConfirmations = `action = 'text' AND update_id IS NULL
  AND state IN ('sent', 'sending') AND claimed_at >= ?`;

export function outboxPassQueries(sql: SqlRunner, words: OutboxWords) {
  return {
    /** A list's waiting rows whose time has come, besides confirmation requests: oldest first. */
    async due(list: ListId, at: string, limit: number): Promise<OutboxJob[]> {
      const rows = await sql.all(
        `SELECT ${jobColumns}, ${words.columns} FROM outbox o ${words.join}
         WHERE ${ownerRows[list]} AND o.due_at <= ?
         ORDER BY o.due_at, o.id LIMIT ?`,
        at,
        limit,
      );
      return rows.map(toJob);
    },

    /**
     * Signups' confirmation requests whose time has come, of signups since `since` (a day ago:
     * older ones are dropped, never sent late), no more than `perDay` less those claimed since
     * then (none past the day's ceiling): every client's first before anyone's second
     * (client_rank), and within that oldest first, so one client's many numbers wait behind
     * everyone else's first (signup-outbox.ts).
     */
    async dueConfirmations(
      at: string,
      since: string,
      limit: number,
      perDay: number,
    ): Promise<OutboxJob[]> {
      if (limit <= 0) return [];
      const rows = await sql.all(
        `SELECT ${jobColumns}, '' AS subject, '' AS text_body, '' AS note FROM outbox o
         WHERE o.state = 'waiting' AND o.action = 'text' AND o.update_id IS NULL
           AND o.due_at <= ? AND o.created_at >= ?
         ORDER BY o.client_rank, o.created_at, o.id
         LIMIT max(0, min(?, ? - (SELECT count(*) FROM outbox WHERE ${claimedConfirmations})))`,
        at,
        since,
        limit,
        perDay,
        since,
      );
      return rows.map(toJob);
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
               LIMIT max(0, ? - (SELECT count(*) FROM outbox WHERE ${claimedConfirmations})))
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
  };
}
