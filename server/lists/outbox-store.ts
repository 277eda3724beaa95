// The outbox and the people's consent, in SQL both databases run (migrations/0005): over the
// Node server's SQLite file (node/database.ts, `sql`) or D1 (edge/d1-store.ts, d1Runner). One
// store of three parts: what a pass reads and claims (outbox-pass-store.ts), its hourly chore
// (outbox-chores.ts), and here the people's word on the lists and the owner's reports. An
// owner's update queues its rows and says where their words are (updates/outbox-rows.ts); the
// outbox sends them.

import type { SqlRunner } from "../sql.ts";
import { outboxChoreQueries } from "./outbox-chores.ts";
import {
  noWords,
  type OutboxState,
  type OutboxWords,
  staleConfirmationReason,
  stillOut,
} from "./outbox-job.ts";
import { outcome } from "./outbox-outcome.ts";
import { outboxPassQueries } from "./outbox-pass-store.ts";
import type { ListId } from "./service.ts";
import { pastShareReason } from "./signup-outbox.ts";

export type {
  Claimed,
  Consent,
  OutboxAction,
  OutboxJob,
  OutboxState,
  OutboxWords,
} from "./outbox-job.ts";
export { staleConfirmationReason } from "./outbox-job.ts";

/**
 * A person who left a list after their latest signup, by list then person; on the text list
 * also who confirmed (state 'in': replied YES or START), since only they are on it (issue 31).
 */
export type OptOuts = Map<string, { reason: string; at: string; state?: "in" | "out" }>;
export const optOutKey = (list: ListId, person: string) => `${list} ${person}`;

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

/**
 * The outbox and the people's word on the lists, over either database; `words`, where the
 * rows' words are, for the store a pass of the outbox sends from.
 */
export function outboxStore(sql: SqlRunner, words: OutboxWords = noWords) {
  return {
    ...outboxPassQueries(sql, words),
    ...outboxChoreQueries(sql, words),
    /**
     * The signups whose confirmation request was not sent: dropped a day after the signup, or
     * past its client's share of the day (signup-outbox.ts). Kept 30 days (outbox-chores.ts).
     */
    async droppedConfirmations(): Promise<Map<number, "stale" | "share">> {
      const rows = await sql.all(
        `SELECT o.submission_id, o.last_error FROM outbox o
         WHERE o.action = 'text' AND o.update_id IS NULL AND o.state = 'skipped'
           AND o.last_error IN (?, ?)`,
        staleConfirmationReason,
        pastShareReason,
      );
      return new Map(
        rows.map((row) => [
          Number(row.submission_id),
          row.last_error === pastShareReason ? "share" : "stale",
        ]),
      );
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
