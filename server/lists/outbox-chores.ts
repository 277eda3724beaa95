// The outbox's hourly chore, run by the first pass of each hour (outbox.ts), whichever process
// or Worker isolate runs it: confirmation requests a day old are dropped, never sent late;
// finished rows 30 days old are deleted (a person's word on a list, list_consent, stays), but
// for those of the updates the owner's page still reports on (OutboxWords.kept); the clients'
// hashes a day old are cleared, since a client's share is counted over a day. Each statement
// reads through a partial index over what it changes (migrations/0015), so the chore costs
// what it removes, not the outbox's history.

import type { SqlRunner } from "../sql.ts";
import { type OutboxWords, staleConfirmationReason } from "./outbox-job.ts";

/** How long a finished row is kept: the owner's reports of the past month read them. */
export const finishedRowDays = 30;

/** At most this many finished rows deleted an hour: one chore's writes stay small. */
export const finishedRowsPerChore = 1000;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

export function outboxChoreQueries(sql: SqlRunner, words: OutboxWords) {
  return {
    /** Whether this pass runs the hourly chore: true for one pass an hour, across passes. */
    async claimHourlyChore(at: string): Promise<boolean> {
      const hourAgo = new Date(Date.parse(at) - hourMs).toISOString();
      const changed = await sql.run(
        "UPDATE outbox_chores SET at = ? WHERE chore = 'hourly' AND at <= ?",
        at,
        hourAgo,
      );
      return changed === 1;
    },

    /**
     * Confirmation requests still waiting whose signup was before `before` (24 hours ago):
     * dropped, 'skipped' with the reason, never sent. How many.
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
     * Deletes finished rows done before `before` (the oldest first, `limit` of them) but for the
     * ones `words.kept` names, and clears the client of every row made before `dayAgo`.
     */
    async purgeFinished(before: string, dayAgo: string, limit: number) {
      const kept = words.kept ? `AND NOT (${words.kept})` : "";
      await sql.batch([
        [
          `DELETE FROM outbox WHERE id IN (
             SELECT o.id FROM outbox o
             WHERE o.state IN ('sent', 'failed', 'skipped') AND o.done_at < ? ${kept}
             ORDER BY o.done_at LIMIT ?)`,
          before,
          limit,
        ],
        [
          "UPDATE outbox SET client_hash = NULL WHERE client_hash IS NOT NULL AND created_at < ?",
          dayAgo,
        ],
      ]);
    },
  };
}

type ChoreStore = ReturnType<typeof outboxChoreQueries>;

/** Runs the hourly chore when it is this pass's turn; logs what it dropped. */
export async function hourlyChore(store: ChoreStore, now: Date, log: (message: string) => void) {
  const at = now.toISOString();
  if (!(await store.claimHourlyChore(at))) return;
  const dayAgo = new Date(now.getTime() - dayMs).toISOString();
  // A confirmation request not sent within a day of its signup (the day's ceiling, an outage)
  // is dropped, never sent late; a signup a day on asks again.
  const dropped = await store.dropStaleConfirmations(dayAgo, at);
  if (dropped > 0) log(`outbox: ${dropped} confirmation text(s) dropped, a day old`);
  const monthAgo = new Date(now.getTime() - finishedRowDays * dayMs).toISOString();
  await store.purgeFinished(monthAgo, dayAgo, finishedRowsPerChore);
}
