// What runs outside the Worker's isolate on Cloudflare, run outside the bench's main thread:
// D1 (SQLite, node:sqlite) and the HTTP client that makes the Worker's fetch() calls (Node's,
// undici, which costs 0.6 to 10 ms of CPU a request on the 2-core machine: more than some whole
// jobs). `npm run bench:edge` runs the Worker's bundle on the main thread and reads that
// thread's CPU time (process.threadCpuUsage) around a job, so a query or a request costs the
// job only its handing over (structured clone, as workerd hands a query or a request to its
// runtime), not SQLite's work or undici's. This file is both sides: `startOutside()` on the main
// thread, and the worker thread it starts (this file again).
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

/** A fetch() call as bytes, and its answer. */
export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body?: Uint8Array;
}
export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array;
}

/** What a job asked of D1, as Cloudflare counts it. */
export interface D1Tally {
  /** Requests to D1: each all/first/run/raw, and each batch as one. */
  queries: number;
  /** Statements D1 ran, a batch's each counted. */
  statements: number;
}
export const emptyTally = (): D1Tally => ({ queries: 0, statements: 0 });

type Statement = { sql: string; values: unknown[] };
type Question =
  | { kind: "open"; file: string }
  | { kind: "query"; statement: Statement }
  | { kind: "batch"; statements: Statement[] }
  | { kind: "fetch"; request: WireRequest };
type Ask = Question & { id: number };
type Result = {
  results: Record<string, unknown>[];
  meta: { changes: number; last_row_id?: number };
};
type Reply = { id: number; value?: unknown; error?: string };

export interface Outside {
  /** From now on D1 is this SQLite file (each run of the bench has a copy of its own). */
  open(file: string): Promise<void>;
  /** D1's binding over that file, as far as the Worker uses it (server/edge/bindings.ts). */
  d1(tally: () => D1Tally): unknown;
  /** A request made by the thread's HTTP client, its answer whole. */
  fetch(request: WireRequest): Promise<WireResponse>;
  stop(): Promise<void>;
}

export function startOutside(): Outside {
  const thread = new Worker(new URL(import.meta.url));
  let next = 0;
  const waiting = new Map<number, (reply: Reply) => void>();
  thread.on("message", (reply: Reply) => waiting.get(reply.id)?.(reply));
  const ask = <T>(what: Question, transfer: ArrayBuffer[] = []) =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (reply) => {
        waiting.delete(id);
        if (reply.error !== undefined) reject(new Error(reply.error));
        else resolve(reply.value as T);
      });
      thread.postMessage({ id, ...what }, transfer);
    });

  const d1 = (tally: () => D1Tally) => {
    const statement = (sql: string, values: unknown[] = []) => {
      const query = async () => {
        tally().queries += 1;
        tally().statements += 1;
        return {
          success: true,
          ...(await ask<Result>({ kind: "query", statement: { sql, values } })),
        };
      };
      return {
        sql,
        values,
        bind: (...more: unknown[]) => statement(sql, more),
        all: query,
        run: query,
        async first(column?: string) {
          const row = (await query()).results[0] ?? null;
          return column && row ? (row[column] ?? null) : row;
        },
        async raw() {
          return (await query()).results.map((row) => Object.values(row));
        },
      };
    };
    return {
      prepare: (sql: string) => statement(sql),
      /** One transaction, as D1's batch: all of them, or none. */
      async batch(list: { sql: string; values: unknown[] }[]) {
        tally().queries += 1;
        tally().statements += list.length;
        const statements = list.map(({ sql, values }) => ({ sql, values }));
        const results = await ask<Result[]>({ kind: "batch", statements });
        return results.map((result) => ({ success: true, ...result }));
      },
    };
  };

  return {
    open: (file) => ask({ kind: "open", file }),
    d1,
    fetch: (request) =>
      ask<WireResponse>(
        { kind: "fetch", request },
        request.body ? [request.body.buffer as ArrayBuffer] : [],
      ),
    stop: async () => {
      await thread.terminate();
    },
  };
}

/** The thread: SQLite and the HTTP client, one message at a time. */
function serve() {
  const port = parentPort;
  if (!port) return;
  let db: DatabaseSync | undefined;
  let prepared = new Map<string, StatementSync>();
  const execute = ({ sql, values }: Statement): Result => {
    if (!db) throw new Error("No database is open");
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    const params = values as SQLInputValue[];
    if (statement.columns().length > 0) {
      const results = statement.all(...params) as Record<string, unknown>[];
      return { results, meta: { changes: results.length } };
    }
    const { changes, lastInsertRowid } = statement.run(...params);
    return {
      results: [],
      meta: { changes: Number(changes), last_row_id: Number(lastInsertRowid) },
    };
  };
  port.on("message", async (ask: Ask) => {
    try {
      if (ask.kind === "open") {
        db?.close();
        db = new DatabaseSync(ask.file);
        // D1 commits durably, but its time is not the Worker's: no fsync here.
        db.exec("PRAGMA synchronous = OFF");
        prepared = new Map();
        port.postMessage({ id: ask.id, value: null } satisfies Reply);
      } else if (ask.kind === "query") {
        port.postMessage({ id: ask.id, value: execute(ask.statement) } satisfies Reply);
      } else if (ask.kind === "batch") {
        const database = db;
        if (!database) throw new Error("No database is open");
        database.exec("BEGIN");
        try {
          const results = ask.statements.map(execute);
          database.exec("COMMIT");
          port.postMessage({ id: ask.id, value: results } satisfies Reply);
        } catch (error) {
          database.exec("ROLLBACK");
          throw error;
        }
      } else {
        const { url, method, headers, body } = ask.request;
        const answer = await fetch(url, {
          method,
          headers,
          ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
        });
        const bytes = new Uint8Array(await answer.arrayBuffer());
        const value: WireResponse = {
          status: answer.status,
          statusText: answer.statusText,
          headers: [...answer.headers],
          body: bytes,
        };
        port.postMessage({ id: ask.id, value } satisfies Reply, [bytes.buffer]);
      }
    } catch (error) {
      port.postMessage({
        id: ask.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies Reply);
    }
  });
}

if (!isMainThread) serve();
