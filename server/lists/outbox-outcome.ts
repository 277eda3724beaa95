// What became of the outbox's claimed rows (outbox-store.ts claim), and what a person told a
// service, as statements a pass of the outbox (outbox.ts) writes together in one batch
// (OutboxStore.record). Each is conditional on the row's state, so a row another pass has
// taken since is left alone.

import type { SqlStatement } from "../sql.ts";
import type { ListId } from "./service.ts";

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
  /**
   * A text's final status that came before its row was written sent (text_status_early,
   * migrations/0014), moved onto that row and dropped: with the row's `sent` in one batch, or
   * with the early status when the row was written first.
   */
  earlyStatus: (ref: string): SqlStatement[] => [
    [
      `UPDATE outbox SET
         delivery = (SELECT delivery FROM text_status_early WHERE sid = ?1),
         delivery_code = (SELECT code FROM text_status_early WHERE sid = ?1),
         delivery_at = (SELECT at FROM text_status_early WHERE sid = ?1)
       WHERE service_ref = ?1 AND action = 'text' AND state = 'sent' AND delivery IS NULL
         AND EXISTS (SELECT 1 FROM text_status_early WHERE sid = ?1)`,
      ref,
    ],
    [
      `DELETE FROM text_status_early WHERE sid = ?1 AND EXISTS (
         SELECT 1 FROM outbox WHERE service_ref = ?1 AND action = 'text' AND state = 'sent')`,
      ref,
    ],
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
