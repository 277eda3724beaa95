// What every room that keeps rows is handed: SQL with `?` parameters over either database, the
// Node server's node:sqlite file (node/database.ts) or D1 (edge/d1-store.ts). At the server's
// top, so the rooms that use it (the inbox, the lists, the owner's, the counts) and the hosts
// that make it need no room of each other's for it.

type Awaitable<T> = T | Promise<T>;

/**
 * SQL with `?` parameters on either database.
 */
export interface SqlRunner {
  all(sql: string, ...params: (string | number | null)[]): Awaitable<Record<string, unknown>[]>;
  /** How many rows the statement changed. */
  run(sql: string, ...params: (string | number | null)[]): Awaitable<number>;
  /** The statements in one transaction: all of them, or none (an update and its outbox rows). */
  batch(statements: readonly SqlStatement[]): Awaitable<void>;
}

/** One statement and its parameters, for SqlRunner.batch. */
export type SqlStatement = readonly [sql: string, ...params: (string | number | null)[]];
