// The owner's sign-in rules: a link emailed to an owner address works once, for 15 minutes,
// and opens a session of 30 days on that device (a phone and a laptop each keep theirs);
// signing out ends this one, "Sign out everywhere" all of the address's, and an address taken
// out of the owner list loses its sessions at their next request. Tokens come from the platform's Web Crypto (the same in Node and Workers) and
// are kept only as their SHA-256, so a copy of the database opens nothing.
import type { OwnerStore } from "./store.ts";

export const linkMinutes = 15;
export const sessionDays = 30;
/** Links an address may be sent in `linkMinutes`: a typo'd form resent, not a mailbomb. */
export const linksPerWindow = 3;
/**
 * Asks for a link an address may have in 24 hours, whoever's it is (so the answer past it
 * says nothing of whether it is an owner's): a few sign-ins on each device, not 288 emails.
 */
export const signInAsksPerDay = 10;
/** Sign-in emails the inbox sends in 24 hours, all owner addresses together. */
export const signInEmailsPerDay = 30;

/** Why a sign-in link is not sent today, in words for the person asking; the same for any address. */
export const signInCeilingWords = {
  address: `A sign-in link for this address has been asked for ${signInAsksPerDay} times today, the most a day allows. Please try again tomorrow, or use a phone or computer that is still signed in.`,
  overall: `The inbox has sent the ${signInEmailsPerDay} sign-in emails it sends in a day. Please try again tomorrow, or use a phone or computer that is still signed in.`,
} as const;

/**
 * Counts an ask for a sign-in link for the typed address (owner's or not, by its SHA-256),
 * unless that address or the inbox has reached its day's ceiling: which one, or null.
 */
export async function askForLink(
  store: OwnerStore,
  typed: string,
  now: Date,
): Promise<keyof typeof signInCeilingWords | null> {
  return store.addSignInAsk(
    await tokenHash(`sign-in ${typed.trim().toLowerCase()}`),
    now.toISOString(),
    plus(now, -86_400_000),
    signInAsksPerDay,
    signInEmailsPerDay,
  );
}

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

/**
 * A new sign-in link's token for an owner address, or undefined when the address has had
 * `linksPerWindow` links in the last `linkMinutes`, or the inbox `signInEmailsPerDay` in 24
 * hours (counted and added in one statement).
 */
export async function issueLink(
  store: OwnerStore,
  email: string,
  now: Date,
): Promise<string | undefined> {
  const token = newToken();
  const added = await store.addLinkUnlessOver(
    {
      tokenHash: await tokenHash(token),
      email,
      createdAt: now.toISOString(),
      expiresAt: plus(now, linkMinutes * 60_000),
    },
    plus(now, -linkMinutes * 60_000),
    linksPerWindow,
    { since: plus(now, -86_400_000), max: signInEmailsPerDay },
  );
  return added ? token : undefined;
}

/** The link's address and a new session token, or undefined for a link that cannot be used. */
export async function redeemLink(
  store: OwnerStore,
  token: string | undefined,
  now: Date,
): Promise<{ email: string; session: string } | undefined> {
  if (!token || !wellFormed(token)) return undefined;
  const email = await store.spendLink(await tokenHash(token), now.toISOString());
  if (!email) return undefined;
  const session = newToken();
  await store.addSession(
    await tokenHash(session),
    email,
    now.toISOString(),
    plus(now, sessionDays * 86_400_000),
  );
  return { email, session };
}

/**
 * The owner address a session token stands for, while it is current and the address is still
 * one of `owners`: an address taken out of the list (OWNER_EMAILS) has its sessions ended at
 * their next request.
 */
export async function sessionOwner(
  store: OwnerStore,
  token: string | undefined,
  now: Date,
  owners: readonly string[],
): Promise<string | undefined> {
  if (!token || !wellFormed(token)) return undefined;
  const email = await store.sessionEmail(await tokenHash(token), now.toISOString());
  if (email === undefined) return undefined;
  if (ownerAddress(owners, email) !== undefined) return email;
  await store.revokeSessionsOf(email, now.toISOString());
  return undefined;
}

/** "Sign out everywhere": every session of this address ends. */
export async function endAllSessions(store: OwnerStore, email: string, now: Date): Promise<void> {
  await store.revokeSessionsOf(email, now.toISOString());
}

export async function endSession(store: OwnerStore, token: string, now: Date): Promise<void> {
  if (wellFormed(token)) await store.revokeSession(await tokenHash(token), now.toISOString());
}
