// The inbox on D1: the SubmissionStore of the Node server's SQLite file, over Cloudflare's
// SQLite at the edge, with the same statements. D1 commits each statement durably before it
// answers, and batch() is one transaction, so "answered 2xx" still means "stored".
import {
  failureText,
  insertParams,
  type NewSubmission,
  type SubmissionStore,
  statements,
  toDigestClaim,
  toRecentCount,
  toSubmission,
} from "../forms/submission.ts";
import { signupOutbox } from "../lists/signup-outbox.ts";
import type { SqlRunner } from "../sql.ts";
import type { D1Database, D1PreparedStatement } from "./bindings.ts";

export function d1Store(db: D1Database): SubmissionStore {
  const insert = (s: NewSubmission) => db.prepare(statements.insert).bind(...insertParams(s));
  /** The row, then what it queues for the lists (lists/signup-outbox.ts): one batch's share. */
  const writes = (s: NewSubmission): D1PreparedStatement[] => [
    insert(s),
    ...signupOutbox(s).map(([sql, ...params]) => db.prepare(sql).bind(...params)),
  ];

  return {
    async insert(submission) {
      const batch = writes(submission);
      // A batch is one transaction: a signup and its outbox rows are stored together or not at all.
      const row =
        batch.length === 1 ? await batch[0]?.first() : (await db.batch(batch))[0]?.results[0];
      if (!row) throw new Error("The inbox did not return the stored submission.");
      return toSubmission(row);
    },
    async insertMany(list) {
      const each = list.map(writes);
      const results = await db.batch(each.flat());
      let at = 0;
      return each.map((statements) => {
        const row = results[at]?.results[0];
        at += statements.length;
        if (!row) throw new Error("The inbox did not return a stored submission.");
        return toSubmission(row);
      });
    },
    async listUnsent(maxAttempts, limit) {
      const { results } = await db.prepare(statements.unsent).bind(maxAttempts, limit).all();
      return results.map(toSubmission);
    },
    async markSent(id, at) {
      await db.prepare(statements.markSent).bind(at, id).run();
    },
    async markFailed(id, error) {
      await db.prepare(statements.markFailed).bind(failureText(error), id).run();
    },
    async countSince(form, spam, since, cap) {
      const count = db.prepare(statements.countSince).bind(form, spam ? 1 : 0, since, cap);
      return toRecentCount(await count.first());
    },
    async claimShare(form, client, at, since, share) {
      await db.prepare(statements.dropShares).bind(since).run();
      const claim = db.prepare(statements.claimShare).bind(form, client, at, since, share);
      return (await claim.run()).meta.changes === 1;
    },
    async oldestShare(form, client, since) {
      const row = await db.prepare(statements.oldestShare).bind(form, client, since).first();
      return row?.oldest == null ? null : String(row.oldest);
    },
    async claimEmail(id, at, since, perHour) {
      const claim = db.prepare(statements.claimEmail).bind(at, id, since, perHour);
      return (await claim.run()).meta.changes === 1;
    },
    async claimDigest(at, since, perHour, maxAttempts) {
      const claim = db.prepare(statements.claimDigest).bind(at, since, perHour, maxAttempts);
      return toDigestClaim(await claim.first());
    },
    async markDigested(lastId, at, since, maxAttempts) {
      await db.prepare(statements.markDigested).bind(at, since, maxAttempts, lastId).run();
    },
    async releaseDigest(id) {
      await db.prepare(statements.releaseDigest).bind(id).run();
    },
    async ping() {
      try {
        await db.prepare(statements.ping).all();
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** D1 for the owner's inbox (owner/store.ts). */
export function d1Runner(db: D1Database): SqlRunner {
  return {
    all: async (sql, ...params) =>
      (
        await db
          .prepare(sql)
          .bind(...params)
          .all()
      ).results,
    run: async (sql, ...params) =>
      (
        await db
          .prepare(sql)
          .bind(...params)
          .run()
      ).meta.changes,
    batch: async (list) => {
      await db.batch(list.map(([sql, ...params]) => db.prepare(sql).bind(...params)));
    },
  };
}
