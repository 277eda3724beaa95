// How counted beacons reach the database, one seam with one way per host (chosen in node/ and
// edge/): the Worker writes each beacon as it comes, one D1 batch (one call, one transaction);
// Node gathers those of a second into one transaction, so a flood costs one sync to disk a
// second (node:sqlite blocks the event loop while it syncs) and the forms' own commits and the
// pages never wait behind a beacon's. A beacon is not a submission: one lost in a crash within
// that second loses a count, nothing anyone sent.
import type { SqlStatement } from "../sql.ts";
import type { InsightsStore } from "./store.ts";

export interface Recorder {
  /** Stores one beacon's statements (in one transaction with nothing else of another host). */
  record(statements: readonly SqlStatement[]): Promise<void>;
  /** Everything waiting, written now (Node's stop). */
  flush(): Promise<void>;
}

/** The Worker's: each beacon its own batch. */
export function eachRecorder(store: Pick<InsightsStore, "record">): Recorder {
  return { record: (statements) => store.record(statements), flush: async () => {} };
}

export interface GroupOptions {
  /** How long the first beacon waits for others to share its transaction. */
  everyMs?: number;
  /** Beacons waiting at most; past it, more are dropped until the next write (a flood). */
  maxWaiting?: number;
  log?: (message: string) => void;
}

/** Node's: the beacons of `everyMs` in one transaction. */
export function groupRecorder(
  store: Pick<InsightsStore, "record">,
  { everyMs = 1000, maxWaiting = 20_000, log = () => {} }: GroupOptions = {},
): Recorder & { readonly dropped: number } {
  let waiting: (readonly SqlStatement[])[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();

  async function write() {
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    try {
      await store.record(batch.flat());
    } catch (error) {
      // The database's own words name no beacon's values (they are bound parameters).
      log(
        `insights: ${batch.length} beacons not stored: ${error instanceof Error ? error.message : "unknown error"}`,
      );
    }
  }

  return {
    get dropped() {
      return dropped;
    },
    async record(statements) {
      if (waiting.length >= maxWaiting) {
        dropped += 1;
        return;
      }
      waiting.push(statements);
      if (!timer) {
        timer = setTimeout(() => {
          writing = writing.then(write);
        }, everyMs);
        // A beacon waiting must not keep a stopping process alive: stop() flushes it.
        timer.unref?.();
      }
    },
    async flush() {
      if (timer) clearTimeout(timer);
      writing = writing.then(write);
      await writing;
    },
  };
}
