// The submissions, kept in one SQLite file. Every write is committed and synced before the
// function returns, so a submission the server answered 2xx survives a crash or power cut.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  failureText,
  insertParams,
  type NewSubmission,
  type Submission,
  type SubmissionStore,
  statements,
  submissionColumns,
  toDigestClaim,
  toRecentCount,
  toSubmission,
} from "../forms/submission.ts";
import { signupOutbox } from "../lists/signup-outbox.ts";
import type { SqlRunner } from "../sql.ts";

export type { NewSubmission, Submission } from "../forms/submission.ts";

/** The store under Node: synchronous, with the reads the owner's CLI needs. */
export interface Database extends SubmissionStore {
  insert(submission: NewSubmission): Submission;
  /** One transaction, so one sync to disk. */
  insertMany(submissions: readonly NewSubmission[]): Submission[];
  get(id: number): Submission | undefined;
  /** Newest first. */
  listRecent(limit: number): Submission[];
  /** Oldest first, spam left out unless asked for: the order an export reads best in. */
  listByForm(form: string, options?: { includeSpam?: boolean }): Submission[];
  listUnsent(maxAttempts: number, limit: number): Submission[];
  markSent(id: number, at: string): void;
  markFailed(id: number, error: string): void;
  ping(): boolean;
  /** The same file for the owner's inbox (owner/store.ts). */
  sql: SqlRunner;
  /**
   * After a deletion: copies the WAL into the file and empties it, so the deleted rows' old
   * pages are gone from the WAL as secure_delete has zeroed them in the file.
   */
  scrub(): void;
  close(): void;
}

// The numbered files in server/migrations/, shared with D1. Each moves the schema one version on;
// PRAGMA user_version records how far a file got.
const migrationsDir = join(import.meta.dirname, "..", "migrations");
const migrations = readdirSync(migrationsDir)
  .filter((name) => /^\d{4}_.+\.sql$/.test(name))
  .sort()
  .map((name) => readFileSync(join(migrationsDir, name), "utf8"));

export const schemaVersion = migrations.length;

function migrate(db: DatabaseSync): void {
  const row = db.prepare("PRAGMA user_version").get();
  const current = Number(row?.user_version ?? 0);
  if (current > migrations.length) {
    throw new Error(
      `The inbox database is schema version ${current}, newer than this server knows (${migrations.length}).`,
    );
  }
  for (let version = current; version < migrations.length; version++) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(migrations[version] ?? "");
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}

export function openDatabase(path: string): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  // WAL lets the owner's CLI read while the server writes; FULL syncs the WAL on every
  // commit, which is what makes "answered 2xx" mean "on disk". busy_timeout covers the
  // moments the CLI and the server both want the write lock.
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA foreign_keys = ON");
  // A deleted row's bytes are overwritten, not left in free pages for a copy of the file to
  // carry (with scrub() after a deletion, nothing of it stays in the WAL either).
  db.exec("PRAGMA secure_delete = ON");
  migrate(db);

  const insert = db.prepare(statements.insert);
  const get = db.prepare(`SELECT ${submissionColumns} FROM submissions WHERE id = ?`);
  const recent = db.prepare(statements.recent);
  const byForm = db.prepare(statements.byForm);
  const unsent = db.prepare(statements.unsent);
  const markSent = db.prepare(statements.markSent);
  const markFailed = db.prepare(statements.markFailed);
  const countSince = db.prepare(statements.countSince);
  const dropShares = db.prepare(statements.dropShares);
  const claimShare = db.prepare(statements.claimShare);
  const oldestShare = db.prepare(statements.oldestShare);
  const claimEmail = db.prepare(statements.claimEmail);
  const claimDigest = db.prepare(statements.claimDigest);
  const markDigested = db.prepare(statements.markDigested);
  const releaseDigest = db.prepare(statements.releaseDigest);

  const prepared = new Map<string, StatementSync>();
  const prepare = (query: string) => {
    const known = prepared.get(query);
    if (known) return known;
    const statement = db.prepare(query);
    prepared.set(query, statement);
    return statement;
  };

  function inTransaction<T>(write: () => T): T {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = write();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }

  /** The row and what it queues for the lists (lists/signup-outbox.ts), in the caller's transaction. */
  function write(s: NewSubmission, queued: ReturnType<typeof signupOutbox>): Submission {
    const row = insert.get(...insertParams(s));
    if (!row) throw new Error("The inbox did not return the stored submission.");
    for (const [query, ...params] of queued) prepare(query).run(...params);
    return toSubmission(row);
  }

  function insertOne(s: NewSubmission): Submission {
    const queued = signupOutbox(s);
    // A lone statement is its own transaction; a signup and its outbox rows share one.
    if (queued.length === 0 || db.isTransaction) return write(s, queued);
    return inTransaction(() => write(s, queued));
  }

  return {
    insert: insertOne,
    insertMany(list) {
      const [only] = list;
      if (list.length === 1 && only) return [insertOne(only)];
      return inTransaction(() => list.map(insertOne));
    },
    get(id) {
      const row = get.get(id);
      return row ? toSubmission(row) : undefined;
    },
    listRecent(limit) {
      return recent.all(limit).map(toSubmission);
    },
    listByForm(form, options = {}) {
      return byForm.all(form, options.includeSpam ? 1 : 0).map(toSubmission);
    },
    listUnsent(maxAttempts, limit) {
      return unsent.all(maxAttempts, limit).map(toSubmission);
    },
    markSent(id, at) {
      markSent.run(at, id);
    },
    markFailed(id, error) {
      markFailed.run(failureText(error), id);
    },
    countSince(form, spam, since, cap) {
      return toRecentCount(countSince.get(form, spam ? 1 : 0, since, cap));
    },
    claimShare(form, client, at, since, share) {
      dropShares.run(since);
      return Number(claimShare.run(form, client, at, since, share).changes) === 1;
    },
    oldestShare(form, client, since) {
      const oldest = oldestShare.get(form, client, since)?.oldest;
      return oldest == null ? null : String(oldest);
    },
    claimEmail(id, at, since, perHour) {
      return Number(claimEmail.run(at, id, since, perHour).changes) === 1;
    },
    claimDigest(at, since, perHour, maxAttempts) {
      return toDigestClaim(claimDigest.get(at, since, perHour, maxAttempts));
    },
    markDigested(lastId, at, since, maxAttempts) {
      markDigested.run(at, since, maxAttempts, lastId);
    },
    releaseDigest(id) {
      releaseDigest.run(id);
    },
    sql: {
      all: (query, ...params) => db.prepare(query).all(...params),
      run: (query, ...params) => Number(db.prepare(query).run(...params).changes),
      batch(list) {
        db.exec("BEGIN IMMEDIATE");
        try {
          // Prepared once per text (the statements are the code's own, a few dozen): a second's
          // beacons (insights/recorder.ts) are hundreds of the same four.
          for (const [query, ...params] of list) prepare(query).run(...params);
          db.exec("COMMIT");
        } catch (error) {
          if (db.isTransaction) db.exec("ROLLBACK");
          throw error;
        }
      },
    },
    scrub() {
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    },
    ping() {
      try {
        db.prepare(statements.ping).all();
        return true;
      } catch {
        return false;
      }
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
