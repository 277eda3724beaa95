// What the inbox keeps, and the storage seam the shared inbox code writes through: node:sqlite
// under Node (node/database.ts), D1 on Workers (edge/d1-store.ts). Either may answer synchronously or
// with a promise, so callers always await.
import { phoneKey } from "../../rink/forms/phone.ts";
import { sha256Hex } from "../sha256.ts";
import { subscriberKey } from "./subscriber-key.ts";

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
  /**
   * The connection it came from, as submissionClient keeps it (never the address): a signup's
   * rows for the lists count against that client's share of the day (lists/signup-outbox.ts).
   * Absent when unknown (the owner's import, a test).
   */
  client?: string | null;
}

/**
 * A client's address as the lists' outbox keeps it beside a signup's rows: the SHA-256 of its
 * rate-limit key (subscriber-key.ts: the IPv4 address, or an IPv6 address's /64); null when
 * the host could not tell the address ("unknown").
 */
export async function submissionClient(address: string | undefined): Promise<string | null> {
  if (!address || address === "unknown") return null;
  return await sha256Hex(`signup client ${subscriberKey(address)}`);
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
  /**
   * A form's real rows (or its spam) created after `since`, counted up to `cap`; `oldest` is
   * the earliest of the newest `cap` of them (null when none): once it is out of the window,
   * the form is below `cap` again. The daily ceiling's query (daily-ceiling.ts).
   */
  countSince(form: string, spam: boolean, since: string, cap: number): Awaitable<RecentCount>;
  /**
   * Claims one of a client's `share` of a form's day at `at` (claims after `since` count);
   * false when they are all taken. One statement, so exact across isolates; a day-old claim
   * is deleted.
   */
  claimShare(
    form: string,
    client: string,
    at: string,
    since: string,
    share: number,
  ): Awaitable<boolean>;
  /** The oldest of a client's claims on a form after `since`: its share has room a day later. */
  oldestShare(form: string, client: string, since: string): Awaitable<string | null>;
  /**
   * Claims one of the owner's `perHour` emails an hour for row `id` at `at` (claims made at or
   * after `since` count); false when they are all taken. Atomic, so exact across isolates.
   */
  claimEmail(id: number, at: string, since: string, perHour: number): Awaitable<boolean>;
  /**
   * Claims the hour's digest, at `at`: only when all `perHour` emails of the hour since `since`
   * are claimed, no digest went out since then, and some rows wait (unsent, not spam, fewer
   * than `maxAttempts` tries, not claimed since `since`). Null otherwise.
   */
  claimDigest(
    at: string,
    since: string,
    perHour: number,
    maxAttempts: number,
  ): Awaitable<DigestClaim | null>;
  /** After the digest went out: the waiting rows up to `lastId` count as notified at `at`. */
  markDigested(lastId: number, at: string, since: string, maxAttempts: number): Awaitable<void>;
  /** After the digest failed: the claim is dropped, so a later pass tries again. */
  releaseDigest(id: number): Awaitable<void>;
}

export interface RecentCount {
  count: number;
  oldest: string | null;
}

export interface DigestClaim {
  id: number;
  /** How many submissions it tells of. */
  count: number;
  /** The newest of them. */
  lastId: number;
}

/** The columns every read returns, in the order toSubmission expects. */
export const submissionColumns =
  "id, form, created_at, data, spam, notify_sent_at, notify_attempts, notify_last_error, handled_at";

/** The statements both stores run, with their parameters in the order shown. */
export const statements = {
  // Each store runs it with what the submission queues for the lists (lists/signup-outbox.ts)
  // in one transaction.
  /** form, created_at, data (JSON), spam (0/1), phone_key: insertParams() */
  insert: `INSERT INTO submissions (form, created_at, data, spam, phone_key) VALUES (?, ?, ?, ?, ?)
           RETURNING ${submissionColumns}`,
  /** maxAttempts, limit */
  unsent: `SELECT ${submissionColumns} FROM submissions
           WHERE notify_sent_at IS NULL AND spam = 0 AND notify_attempts < ?
           ORDER BY id LIMIT ?`,
  /** at, id */
  markSent: `UPDATE submissions
             SET notify_sent_at = ?, notify_attempts = notify_attempts + 1, notify_last_error = NULL
             WHERE id = ?`,
  /** error, id: the hour's email claim is given back too */
  markFailed: `UPDATE submissions
               SET notify_attempts = notify_attempts + 1, notify_last_error = ?,
                   notify_claimed_at = NULL
               WHERE id = ?`,
  /** form, spam (0/1), since, cap: the window's newest `cap`, submissions_by_form_spam_time */
  countSince: `SELECT count(*) AS count, min(created_at) AS oldest FROM (
                 SELECT created_at FROM submissions WHERE form = ? AND spam = ? AND created_at > ?
                 ORDER BY created_at DESC LIMIT ?)`,
  /** since: a claim on a share a day old says nothing any more */
  dropShares: "DELETE FROM form_shares WHERE at <= ?",
  /** ?1 form, ?2 client, ?3 at, ?4 since, ?5 share: one statement, so no two see one count */
  claimShare: `INSERT INTO form_shares (form, client_hash, at)
               SELECT ?1, ?2, ?3
               WHERE (SELECT count(*) FROM form_shares
                      WHERE form = ?1 AND client_hash = ?2 AND at > ?4) < ?5`,
  /** form, client, since */
  oldestShare: `SELECT min(at) AS oldest FROM form_shares
                WHERE form = ? AND client_hash = ? AND at > ?`,
  /** at, id, since, perHour: one statement, so no two claims see the same count */
  claimEmail: `UPDATE submissions SET notify_claimed_at = ?
               WHERE id = ?
                 AND (SELECT count(*) FROM submissions WHERE notify_claimed_at >= ?) < ?`,
  /** ?1 at, ?2 since, ?3 perHour, ?4 maxAttempts: returns id, submissions, last_id */
  claimDigest: `INSERT INTO notify_digests (sent_at, submissions, last_id)
                SELECT ?1, waiting.count, waiting.last_id FROM (
                  SELECT count(*) AS count, max(id) AS last_id FROM submissions
                  WHERE notify_sent_at IS NULL AND spam = 0 AND notify_attempts < ?4
                    AND (notify_claimed_at IS NULL OR notify_claimed_at < ?2)
                ) AS waiting
                WHERE waiting.count > 0
                  AND NOT EXISTS (SELECT 1 FROM notify_digests WHERE sent_at >= ?2)
                  AND (SELECT count(*) FROM submissions WHERE notify_claimed_at >= ?2) >= ?3
                RETURNING id, submissions, last_id`,
  /** ?1 at, ?2 since, ?3 maxAttempts, ?4 lastId: the rows claimDigest counted */
  markDigested: `UPDATE submissions SET notify_sent_at = ?1
                 WHERE notify_sent_at IS NULL AND spam = 0 AND notify_attempts < ?3
                   AND (notify_claimed_at IS NULL OR notify_claimed_at < ?2) AND id <= ?4`,
  /** id */
  releaseDigest: "DELETE FROM notify_digests WHERE id = ?",
  /** limit: newest first */
  recent: `SELECT ${submissionColumns} FROM submissions ORDER BY id DESC LIMIT ?`,
  /** form, includeSpam (0/1): oldest first, the order an export reads best in */
  byForm: `SELECT ${submissionColumns} FROM submissions
           WHERE form = ? AND (spam = 0 OR ?) ORDER BY id`,
  // Reads the table itself, so a closed database or an unreadable file answers false.
  ping: "SELECT 1 FROM submissions LIMIT 1",
} as const;

/** The insert statement's parameters: the phone also as its key (rink/forms/phone.ts). */
export function insertParams(s: NewSubmission): [string, string, string, number, string | null] {
  const phone = s.data.phone;
  const key = typeof phone === "string" ? phoneKey(phone) : "";
  return [s.form, s.createdAt, JSON.stringify(s.data), s.spam ? 1 : 0, key || null];
}

/** countSince's row on either database. */
export function toRecentCount(row: Record<string, unknown> | undefined | null): RecentCount {
  return {
    count: Number(row?.count ?? 0),
    oldest: row?.oldest == null ? null : String(row.oldest),
  };
}

/** claimDigest's returned row on either database; null when nothing was claimed. */
export function toDigestClaim(row: Record<string, unknown> | undefined | null): DigestClaim | null {
  if (!row) return null;
  return { id: Number(row.id), count: Number(row.submissions), lastId: Number(row.last_id) };
}

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
