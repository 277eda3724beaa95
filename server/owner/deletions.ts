// "Delete this person's data", remembered without remembering the person: each deletion is
// kept as keyed hashes (HMAC-SHA256) of the email and the phone's key, so a restored backup can
// have it applied again, while the table names nobody (without the key, which is not in the
// database, a hash cannot be tested against a guessed address). Kept as long as the nightly
// backups live (the privacy notice's promise), then dropped. Web Crypto: Node and Workers.
import type { SqlRunner } from "../sql.ts";

/** Nightly backups are removed after 30 days (deploy/rink-site-backup.service); one day more. */
export const deletionRecordDays = 31;

/** The person a deletion is asked for, as the inbox keys them: a lower-case email, a phone key. */
export interface PersonKeys {
  email: string;
  phone: string;
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
}

async function hash(key: CryptoKey, text: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface Deletions {
  /** Records that this person's data was deleted at `at`, and drops records past their time. */
  record(person: PersonKeys, at: Date): Promise<void>;
  /** Deletes every submission of a person a record names (after a restore): how many went. */
  reapply(): Promise<number>;
}

export function deletions(sql: SqlRunner, secret: string): Deletions {
  const key = hmacKey(secret);
  const hashesOf = async ({ email, phone }: PersonKeys) => {
    const k = await key;
    return Promise.all([
      ...(email ? [hash(k, `email:${email}`)] : []),
      ...(phone ? [hash(k, `phone:${phone}`)] : []),
    ]);
  };

  return {
    async record(person, at) {
      for (const keyHash of await hashesOf(person)) {
        await sql.run(
          "INSERT OR REPLACE INTO deletions (key_hash, deleted_at) VALUES (?, ?)",
          keyHash,
          at.toISOString(),
        );
      }
      const expired = new Date(at.getTime() - deletionRecordDays * 86_400_000).toISOString();
      await sql.run("DELETE FROM deletions WHERE deleted_at < ?", expired);
    },

    async reapply() {
      const recorded = new Set(
        (await sql.all("SELECT key_hash FROM deletions")).map((r) => String(r.key_hash)),
      );
      if (recorded.size === 0) return 0;
      const rows = await sql.all(
        `SELECT id, lower(trim(coalesce(json_extract(data, '$.email'), ''))) AS email,
                coalesce(phone_key, '') AS phone FROM submissions`,
      );
      let deleted = 0;
      for (const row of rows) {
        const hashes = await hashesOf({ email: String(row.email), phone: String(row.phone) });
        if (hashes.some((h) => recorded.has(h))) {
          deleted += await sql.run("DELETE FROM submissions WHERE id = ?", Number(row.id));
        }
      }
      return deleted;
    },
  };
}
