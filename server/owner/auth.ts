// The owner's sign-in rules: a link emailed to an owner address works once, for 15 minutes,
// and opens a session of 30 days; using a link ends the address's other sessions; signing out
// ends this one. Tokens come from the platform's Web Crypto (the same in Node and Workers) and
// are kept only as their SHA-256, so a copy of the database opens nothing.
import type { OwnerStore } from "./store.ts";

export const linkMinutes = 15;
export const sessionDays = 30;

/** 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether a string could be one of our tokens at all (a tampered one mostly cannot). */
export const wellFormed = (token: string) => tokenPattern.test(token);

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export function ownerAddress(owners: readonly string[], email: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return owners.find((owner) => owner.toLowerCase() === wanted);
}

/** A new sign-in link's token for an owner address. */
export async function issueLink(store: OwnerStore, email: string, now: Date): Promise<string> {
  const token = newToken();
  await store.addLink(
    await tokenHash(token),
    email,
    now.toISOString(),
    plus(now, linkMinutes * 60_000),
  );
  return token;
}

/** The link's address and a new session token, or undefined for a link that cannot be used. */
export async function redeemLink(
  store: OwnerStore,
  token: string,
  now: Date,
): Promise<{ email: string; session: string } | undefined> {
  if (!wellFormed(token)) return undefined;
  const email = await store.spendLink(await tokenHash(token), now.toISOString());
  if (!email) return undefined;
  await store.revokeSessionsOf(email, now.toISOString());
  const session = newToken();
  await store.addSession(
    await tokenHash(session),
    email,
    now.toISOString(),
    plus(now, sessionDays * 86_400_000),
  );
  return { email, session };
}

/** The owner address a session token stands for, while it is current. */
export async function sessionOwner(
  store: OwnerStore,
  token: string | undefined,
  now: Date,
): Promise<string | undefined> {
  if (!token || !wellFormed(token)) return undefined;
  return store.sessionEmail(await tokenHash(token), now.toISOString());
}

export async function endSession(store: OwnerStore, token: string, now: Date): Promise<void> {
  if (wellFormed(token)) await store.revokeSession(await tokenHash(token), now.toISOString());
}
