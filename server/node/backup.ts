// Copies of the inbox, safe while the server takes submissions: SQLite's online backup
// (node:sqlite's backup()) reads one consistent snapshot, which WAL lets the server keep
// writing beside. A copy is checked before it gets its name, so a file called a backup is
// always whole.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { deletions } from "../owner/deletions.ts";
import { openDatabase, schemaVersion } from "./database.ts";
import { deletionKeyFor } from "./deletion-key.ts";

// Every page in one step: between steps a write by the server would restart the copy, and a
// busy inbox could keep restarting it. One step holds one read snapshot; WAL lets the
// server write meanwhile. (node:sqlite wants a positive page count, not SQLite's -1.)
const allPages = 2 ** 31 - 1;

export interface BackupReport {
  /** Submissions in the copy. */
  submissions: number;
  /** The copy's size in database pages. */
  pages: number;
}

/** integrity_check, schema version and row count of a database file; throws when it is not a sound inbox. */
export function checkInboxFile(path: string): { submissions: number } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const integrity = db.prepare("PRAGMA integrity_check").all();
    const verdict = integrity.map((row) => String(row.integrity_check)).join("; ");
    if (verdict !== "ok") throw new Error(`${path} is damaged: ${verdict}`);
    const version = Number(db.prepare("PRAGMA user_version").get()?.user_version ?? 0);
    if (version < 1 || version > schemaVersion) {
      throw new Error(`${path} is not an inbox this server knows (schema version ${version}).`);
    }
    const count = db.prepare("SELECT count(*) AS n FROM submissions").get();
    return { submissions: Number(count?.n ?? 0) };
  } finally {
    db.close();
  }
}

/**
 * Writes a consistent copy of the inbox at `databasePath` to `file` (replacing it), as one
 * self-contained file (no -wal beside it), checked with integrity_check before it is renamed
 * into place.
 */
export async function backupInbox(databasePath: string, file: string): Promise<BackupReport> {
  if (!existsSync(databasePath)) throw new Error(`No inbox at ${databasePath}.`);
  const partial = `${file}.partial`;
  const source = new DatabaseSync(databasePath);
  try {
    source.exec("PRAGMA busy_timeout = 5000");
    mkdirSync(dirname(file), { recursive: true });
    rmSync(partial, { force: true });
    const pages = await backup(source, partial, { rate: allPages });
    // The copy inherits WAL mode; a backup is easier to keep and move as one file.
    const copy = new DatabaseSync(partial);
    try {
      copy.exec("PRAGMA journal_mode = DELETE");
    } finally {
      copy.close();
    }
    const { submissions } = checkInboxFile(partial);
    renameSync(partial, file);
    return { submissions, pages };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
}

/** The deletions recorded in an inbox file (none in one from before they were recorded). */
function recordedDeletions(path: string): { key_hash: string; deleted_at: string }[] {
  if (!existsSync(path)) return [];
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'deletions'").get();
    if (!table) return [];
    return db.prepare("SELECT key_hash, deleted_at FROM deletions").all() as {
      key_hash: string;
      deleted_at: string;
    }[];
  } finally {
    db.close();
  }
}

/**
 * Puts the inbox in `file` back at `databasePath`, after checking it, through the same online
 * backup (so a server holding the database open sees the restored content, not a swapped
 * file). What was there is first saved beside it as `<database>.before-restore-<time>`. The
 * deletions made since the backup are then made again: the people who asked to be deleted
 * do not come back with it (`forgotten` counts their submissions).
 */
export async function restoreInbox(
  file: string,
  databasePath: string,
  now: Date = new Date(),
): Promise<{ submissions: number; savedAs: string | null; forgotten: number }> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  const { submissions } = checkInboxFile(file);
  const deleted = [...recordedDeletions(databasePath), ...recordedDeletions(file)];
  let savedAs: string | null = null;
  if (existsSync(databasePath)) {
    savedAs = `${databasePath}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    await backupInbox(databasePath, savedAs);
  }
  mkdirSync(dirname(databasePath), { recursive: true });
  const source = new DatabaseSync(file, { readOnly: true });
  try {
    await backup(source, databasePath, { rate: allPages });
  } finally {
    source.close();
  }
  // Opened as the server opens it: an older backup is brought to today's tables first.
  const inbox = openDatabase(databasePath);
  try {
    for (const { key_hash, deleted_at } of deleted) {
      // The later date wins: the record is kept for the backups' lifetime after the last one.
      inbox.sql.run(
        `INSERT INTO deletions (key_hash, deleted_at) VALUES (?, ?)
         ON CONFLICT (key_hash) DO UPDATE SET deleted_at = max(deleted_at, excluded.deleted_at)`,
        key_hash,
        deleted_at,
      );
    }
    const forgotten = await deletions(inbox.sql, deletionKeyFor(databasePath)).reapply();
    inbox.scrub();
    return { submissions: submissions - forgotten, savedAs, forgotten };
  } finally {
    inbox.close();
  }
}
