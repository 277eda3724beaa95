// The key of the deletions record (owner/deletions.ts) under Node: random, made at the first
// start and kept in a file beside the database (owner-only permissions), never in it, so a
// copy of the database (a nightly backup) holds hashes nobody can test a guessed address
// against. The Worker's is the DELETION_KEY secret.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

export function deletionKeyFor(databasePath: string): string {
  if (databasePath === ":memory:") return randomBytes(32).toString("base64url");
  const file = `${databasePath}.key`;
  try {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Made at an earlier start (or by the CLI a moment ago): that one is the key.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
