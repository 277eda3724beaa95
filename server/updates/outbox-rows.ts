// An owner's update in the outbox (lists/): the rows its post queues, written in the post's
// own batch (store.ts addUpdate), and where those rows' words are when a pass of the outbox
// sends them (updateWords: the outbox is handed them, it never names this room's table).
import { type OutboxWords, textListNumbers } from "../lists/outbox-store.ts";
import type { SqlStatement } from "../sql.ts";

/** The updates the owner's page reports on (owner/update-routes.ts recentUpdateCount). */
export const updatesReported = 10;

/**
 * The words an update's rows send, read in the outbox's own due() statement: the update's
 * subject, text and note (owner_updates), '' for a row of no update. Handed to the outbox's
 * store by each host (node/index.ts, edge/worker.ts) and by updateRecords (store.ts).
 */
export const updateWords: OutboxWords = {
  join: "LEFT JOIN owner_updates u ON u.id = o.update_id",
  columns: `coalesce(u.subject, '') AS subject,
  coalesce(u.text_body, '') AS text_body, coalesce(u.note, '') AS note`,
  // The outbox deletes finished rows a month old; the owner's page of updates reports on the
  // latest ones whatever their age, from their rows.
  kept: `(o.update_id IS NOT NULL AND o.update_id IN (
    SELECT id FROM owner_updates ORDER BY created_at DESC, id LIMIT ${updatesReported}))`,
};

/**
 * An update's rows in the outbox, written in the update's own batch (store.ts addUpdate): one
 * broadcast for the email list, one text per number on the text list (lists/outbox-store.ts
 * textListNumbers). Each only if the update was stored (its limits passed).
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
      `INSERT INTO outbox (list, action, update_id, recipient, created_at, due_at)
   SELECT 'text', 'text', ?1, c.person, ?2, ?2 ${textListNumbers}
   AND EXISTS (SELECT 1 FROM owner_updates u WHERE u.id = ?1)`,
      update.id,
      update.createdAt,
    ]);
  }
  return statements;
}
