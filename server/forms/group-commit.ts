// Group commit: the submissions that arrive in one turn of the event loop are written in one
// transaction, so one sync to disk covers them all. Each is still answered only after that
// commit, so "answered 2xx" keeps meaning "on disk"; under a burst the server spends one fsync
// per batch instead of one per submission (node:sqlite blocks the event loop while it syncs).
import type { NewSubmission, Submission, SubmissionStore } from "./submission.ts";

interface Waiting {
  submission: NewSubmission;
  resolve(stored: Submission): void;
  reject(error: unknown): void;
}

export function groupCommit(
  inbox: Pick<SubmissionStore, "insert" | "insertMany">,
): (submission: NewSubmission) => Promise<Submission> {
  let queue: Waiting[] = [];

  async function flush() {
    const batch = queue;
    queue = [];
    let stored: Submission[];
    try {
      stored = await inbox.insertMany(batch.map((w) => w.submission));
    } catch {
      // Whatever failed the batch answers each submission on its own: one bad row (or a
      // passing fault) must not fail the others.
      for (const waiting of batch) {
        try {
          waiting.resolve(await inbox.insert(waiting.submission));
        } catch (error) {
          waiting.reject(error);
        }
      }
      return;
    }
    batch.forEach((waiting, i) => {
      const row = stored[i];
      if (row) waiting.resolve(row);
      else waiting.reject(new Error("The inbox stored fewer submissions than it was given."));
    });
  }

  return (submission) =>
    new Promise<Submission>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void flush());
      queue.push({ submission, resolve, reject });
    });
}
