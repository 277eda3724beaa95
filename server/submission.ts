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
  "id, form, created_at, data, spam, notify_sent_at, notify_attempts, notify_last_error";

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
  };
}

/** Bounded: an SMTP server's reply can be long, and the column is for a glance. */
export const failureText = (error: string) => error.slice(0, 500);
