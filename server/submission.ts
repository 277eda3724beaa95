// What the inbox keeps, and the storage seam the shared inbox code writes through: node:sqlite
// under Node (inbox.ts), D1 on Workers (edge/d1-store.ts). Either may answer synchronously or
// with a promise, so callers always await.

export interface Submission {
  id: number;
  form: string;
  /** ISO date-time the server received it. */
  createdAt: string;
  /** The validated fields (for spam, whatever text the declared fields held). */
  data: Record<string, string>;
  spam: boolean;
  /** When the owner's email went out; null while unsent. */
  notifySentAt: string | null;
  notifyAttempts: number;
  notifyLastError: string | null;
  /** When the owner marked it dealt with (/inbox/); null while it is new. */
  handledAt: string | null;
}

export interface NewSubmission {
  form: string;
  createdAt: string;
  data: Record<string, string>;
  spam: boolean;
}

type Awaitable<T> = T | Promise<T>;

export interface SubmissionStore {
  insert(submission: NewSubmission): Awaitable<Submission>;
  /** All in one transaction, or none of them. */
  insertMany(submissions: readonly NewSubmission[]): Awaitable<Submission[]>;
  /** Non-spam rows whose email has not gone out and has been tried fewer than `maxAttempts` times. */
  listUnsent(maxAttempts: number, limit: number): Awaitable<Submission[]>;
  markSent(id: number, at: string): Awaitable<void>;
  markFailed(id: number, error: string): Awaitable<void>;
  /** True when the database answers a trivial query (the health check); never throws. */
  ping(): Awaitable<boolean>;
}

/** The columns every read returns, in the order toSubmission expects. */
export const submissionColumns =
  "id, form, created_at, data, spam, notify_sent_at, notify_attempts, notify_last_error, handled_at";

/** The statements both stores run, with their parameters in the order shown. */
export const statements = {
  /** form, created_at, data (JSON), spam (0/1) */
  insert: `INSERT INTO submissions (form, created_at, data, spam) VALUES (?, ?, ?, ?)
           RETURNING ${submissionColumns}`,
  /** maxAttempts, limit */
  unsent: `SELECT ${submissionColumns} FROM submissions
           WHERE notify_sent_at IS NULL AND spam = 0 AND notify_attempts < ?
           ORDER BY id LIMIT ?`,
  /** at, id */
  markSent: `UPDATE submissions
             SET notify_sent_at = ?, notify_attempts = notify_attempts + 1, notify_last_error = NULL
             WHERE id = ?`,
  /** error, id */
  markFailed: `UPDATE submissions
               SET notify_attempts = notify_attempts + 1, notify_last_error = ?
               WHERE id = ?`,
  /** limit: newest first */
  recent: `SELECT ${submissionColumns} FROM submissions ORDER BY id DESC LIMIT ?`,
  /** form, includeSpam (0/1): oldest first, the order an export reads best in */
  byForm: `SELECT ${submissionColumns} FROM submissions
           WHERE form = ? AND (spam = 0 OR ?) ORDER BY id`,
  // Reads the table itself, so a closed database or an unreadable file answers false.
  ping: "SELECT 1 FROM submissions LIMIT 1",
} as const;

/** A row of either database as a Submission (SQLite hands back numbers or bigints). */
export function toSubmission(row: Record<string, unknown>): Submission {
  return {
    id: Number(row.id),
    form: String(row.form),
    createdAt: String(row.created_at),
    data: JSON.parse(String(row.data)) as Record<string, string>,
    spam: row.spam === 1 || row.spam === 1n,
    notifySentAt: row.notify_sent_at == null ? null : String(row.notify_sent_at),
    notifyAttempts: Number(row.notify_attempts),
    notifyLastError: row.notify_last_error == null ? null : String(row.notify_last_error),
    handledAt: row.handled_at == null ? null : String(row.handled_at),
  };
}

/** Bounded: an SMTP server's reply can be long, and the column is for a glance. */
export const failureText = (error: string) => error.slice(0, 500);

/**
 * SQL with `?` parameters on either database, for the owner's inbox (owner/store.ts): the
 * Node server's node:sqlite file (inbox.ts) or D1 (edge/d1-store.ts).
 */
export interface SqlRunner {
  all(sql: string, ...params: (string | number | null)[]): Awaitable<Record<string, unknown>[]>;
  /** How many rows the statement changed. */
  run(sql: string, ...params: (string | number | null)[]): Awaitable<number>;
}
