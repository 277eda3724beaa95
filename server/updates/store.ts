// The owner's updates (the table owner_updates, migrations/0005, 0006, 0010, 0011) over
// either database, the Node server's SQLite file or D1: the update in force the pages read
// (current(), exactly what rink/live-update.ts's LiveUpdate says), and the owner's posts,
// End now and list. An update's emails and texts are outbox rows (lists/), written in the
// post's own batch (outbox-rows.ts).
import type { LiveUpdate, UpdateKind } from "../../rink/live-update.ts";
import type { TimeRange } from "../../rink/week.ts";
import { outboxStore } from "../lists/outbox-store.ts";
import type { ListId } from "../lists/service.ts";
import type { SqlRunner, SqlStatement } from "../sql.ts";
import { updateOutboxRows, updateWords } from "./outbox-rows.ts";

/** A day's hours on the rink's clock, as the content files write a time range. */
export interface UpdateHours {
  start: string;
  end: string;
}

export interface OwnerUpdateRow {
  id: string;
  createdAt: string;
  kind: string;
  note: string;
  until: string | null;
  subject: string;
  textBody: string;
  /** Per list asked for: "queued", or why nothing was queued ("The text service is not set up"). */
  lists: Partial<Record<ListId, string>>;
  /** The rink's date it is about ("YYYY-MM-DD"); null for news (migrations/0006). */
  date: string | null;
  /** Different hours: that day's hours; else null. */
  hours: UpdateHours | null;
  /** When "End now" was pressed, or a newer update replaced it on the site. */
  endedAt: string | null;
}

/** What holds an update back, counted in its insert (updates.ts says them in words). */
export interface UpdateLimits {
  /** At most `perDay` updates stored since `daySince`. */
  daySince: string;
  perDay: number;
  /** For an update to the text list: at most `textsPerMonth` such since `monthSince`. */
  monthSince?: string;
  textsPerMonth?: number;
}

export function updatesStore(sql: SqlRunner) {
  return {
    /**
     * The update the site shows at `at`: not ended, its end still ahead, the newest of them.
     * One statement over the partial index owner_updates_in_force (migrations/0010).
     */
    async current(at: string): Promise<LiveUpdate | null> {
      const [row] = await sql.all(
        `SELECT id, kind, note, applies_on, hours, until FROM owner_updates
         WHERE ended_at IS NULL AND until > ? ORDER BY created_at DESC, id LIMIT 1`,
        at,
      );
      if (!row) return null;
      return {
        id: String(row.id),
        kind: String(row.kind) as UpdateKind,
        note: String(row.note),
        date: row.applies_on == null ? null : String(row.applies_on),
        hours: row.hours == null ? null : (JSON.parse(String(row.hours)) as TimeRange[]),
        until: String(row.until),
      };
    },

    /** Updates sent to the text list since `since` (the signup promises a few a month). */
    async textUpdatesSince(since: string): Promise<number> {
      const [row] = await sql.all(
        `SELECT count(*) AS n FROM owner_updates
         WHERE created_at >= ? AND json_extract(lists, '$.text') = 'queued'`,
        since,
      );
      return Number(row?.n ?? 0);
    },

    /** Updates stored since `since` (at most a handful a day). */
    async updatesSince(since: string): Promise<number> {
      const [row] = await sql.all(
        "SELECT count(*) AS n FROM owner_updates WHERE created_at >= ?",
        since,
      );
      return Number(row?.n ?? 0);
    },

    /**
     * The update and its outbox rows in one transaction: one broadcast for the email list,
     * one text per number that agreed and has not opted out since.
     */
    async addUpdate(
      update: OwnerUpdateRow,
      queue: { email: boolean; text: boolean },
      limits: UpdateLimits,
    ): Promise<boolean> {
      const statements: SqlStatement[] = [
        // The limits are counted in the insert's own statement, so two posts at once cannot
        // both pass them (D1's batch and SQLite's transaction each hold the write lock).
        [
          `INSERT INTO owner_updates (id, created_at, kind, note, until, subject, text_body, lists,
             applies_on, hours)
           SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
           WHERE (SELECT count(*) FROM owner_updates WHERE created_at >= ?) < ?
             AND (? IS NULL OR (SELECT count(*) FROM owner_updates
                   WHERE created_at >= ? AND json_extract(lists, '$.text') = 'queued') < ?)`,
          update.id,
          update.createdAt,
          update.kind,
          update.note,
          update.until,
          update.subject,
          update.textBody,
          JSON.stringify(update.lists),
          update.date,
          update.hours ? JSON.stringify([update.hours]) : null,
          limits.daySince,
          limits.perDay,
          limits.monthSince ?? null,
          limits.monthSince ?? null,
          limits.textsPerMonth ?? 0,
        ],
        // The site shows one update at a time: the one it showed ends as this one starts.
        [
          `UPDATE owner_updates SET ended_at = ?
           WHERE ended_at IS NULL AND until > ? AND id <> ?
             AND EXISTS (SELECT 1 FROM owner_updates WHERE id = ?)`,
          update.createdAt,
          update.createdAt,
          update.id,
          update.id,
        ],
      ];
      statements.push(...updateOutboxRows(update, queue));
      await sql.batch(statements);
      // Stored, or held back by a limit (then nothing else was written either).
      const [stored] = await sql.all(
        "SELECT 1 AS found FROM owner_updates WHERE id = ?",
        update.id,
      );
      return stored !== undefined;
    },

    async update(id: string): Promise<OwnerUpdateRow | undefined> {
      const [row] = await sql.all("SELECT * FROM owner_updates WHERE id = ?", id);
      return row ? toUpdate(row) : undefined;
    },

    /** "End now": the site stops showing it. False when there is no such update in force. */
    async end(id: string, at: string): Promise<boolean> {
      const changed = await sql.run(
        "UPDATE owner_updates SET ended_at = ? WHERE id = ? AND ended_at IS NULL AND until > ?",
        at,
        id,
        at,
      );
      return changed === 1;
    },

    async recentUpdates(limit: number): Promise<OwnerUpdateRow[]> {
      const rows = await sql.all(
        "SELECT * FROM owner_updates ORDER BY created_at DESC, id LIMIT ?",
        limit,
      );
      return rows.map(toUpdate);
    },
  };
}

export type UpdatesStore = ReturnType<typeof updatesStore>;

/**
 * The owner's updates with the outbox beside them (its rows reading their words from the
 * updates: outbox-rows.ts): what an update's post, the owner's pages and an update's report
 * read (the rows each list got of it).
 */
export const updateRecords = (sql: SqlRunner) => ({
  ...outboxStore(sql, updateWords),
  ...updatesStore(sql),
});

function toUpdate(row: Record<string, unknown>): OwnerUpdateRow {
  return {
    id: String(row.id),
    createdAt: String(row.created_at),
    kind: String(row.kind),
    note: String(row.note),
    until: row.until == null ? null : String(row.until),
    subject: String(row.subject),
    textBody: String(row.text_body),
    lists: JSON.parse(String(row.lists)) as OwnerUpdateRow["lists"],
    date: row.applies_on == null ? null : String(row.applies_on),
    hours: row.hours == null ? null : ((JSON.parse(String(row.hours)) as UpdateHours[])[0] ?? null),
    endedAt: row.ended_at == null ? null : String(row.ended_at),
  };
}
