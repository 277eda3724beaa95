// The owner's update in force, read from the owner's updates (the table owner_updates,
// migrations/0005, 0006, 0010, 0011) over either database: the Node server's SQLite file or D1.
// What the pages receive (rink/live-update.ts's LiveUpdate) is exactly this read.
import type { LiveUpdate, UpdateKind } from "../../rink/live-update.ts";
import type { TimeRange } from "../../rink/week.ts";
import type { SqlRunner } from "../sql.ts";

export interface LiveUpdateStore {
  /**
   * The update the site shows at `at`: not ended, its end still ahead, the newest of them.
   * One statement over the partial index owner_updates_in_force (migrations/0010).
   */
  current(at: string): Promise<LiveUpdate | null>;
}

export function liveUpdateStore(sql: SqlRunner): LiveUpdateStore {
  return {
    async current(at) {
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
  };
}
