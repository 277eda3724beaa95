// The site's first run, its rules (decision 028): while no owner exists, the setup code (the
// SETUP_CODE setting) makes whoever types it the owner, signed in at once. The code is compared
// by its SHA-256 against the setting's, every byte of both digests looked at whatever they hold,
// so the time an answer takes says nothing of how much of a guess was right. Each client may
// try it a few times in a quarter of an hour, and all clients together a few dozen times an
// hour, so a code of the least length cannot be guessed in the time a first run lasts.

import { sha256 } from "../sha256.ts";
import { tokenHash } from "./auth.ts";
import type { OwnerStore, SetupCeiling } from "./store.ts";

/** Tries of the setup code from one client in `setupTryMinutes`. */
export const setupTriesPerClient = 5;
export const setupTryMinutes = 15;
/** Tries of the setup code an hour from all clients together. */
export const setupTriesPerHour = 50;
/** What a typed code is cut to before it is hashed: any real code is far shorter. */
export const setupCodeMaxLength = 200;

/**
 * Whether `typed` is the setup code `code`, in time that does not depend on where they
 * differ: both are hashed (so their lengths are the digest's), and every byte of the two
 * digests is compared before the answer.
 */
export async function sameCode(typed: string, code: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(typed), sha256(code)]);
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Counts a try of the setup code from `client` (forms/subscriber-key.ts's key, kept only as a
 * hash), unless a limit is reached: which one, or null when it may be compared.
 */
export async function countSetupTry(
  store: OwnerStore,
  client: string,
  now: Date,
): Promise<SetupCeiling | null> {
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return store.addSetupTry(await tokenHash(`setup client ${client}`), now.toISOString(), {
    since: ago(setupTryMinutes * 60_000),
    perClient: setupTriesPerClient,
    hour: ago(3_600_000),
    perHour: setupTriesPerHour,
  });
}
