// The owner's sign-in rules: a link emailed to an owner address works once, for 15 minutes,
// and opens a session of 30 days on that device (a phone and a laptop each keep theirs);
// signing out ends this one, "Sign out everywhere" all of the address's, and an address taken
// out of the owner list loses its sessions at their next request. A browser that has signed in
// is a known device for a year: its asks for its address's link pass the ceilings strangers'
// asks share, so a stranger can never keep the owner's link back there. Tokens come from the
// platform's Web Crypto (the same in Node and Workers) and are kept only as their SHA-256, so
// a copy of the database opens nothing.

import { sha256Hex } from "../sha256.ts";
import type { OwnerStore, SignInCeiling } from "./store.ts";

export const linkMinutes = 15;
export const sessionDays = 30;
/** How long a browser that signed in stays a known device (its cookie's life too). */
export const deviceDays = 365;

// The limits on asking for a sign-in link (decision 013, amended by issue 42). Each client (its
// rate-limit key: an IPv4 address, an IPv6 /64) is limited on its own, so a stranger's asks for
// the owner's address, from the stranger's connection, never keep the owner's link back; only
// the ceilings across clients are shared, and they reset within the hour. The emails an owner
// address is sent a day are bounded, and a known device asks past all of these, bounded on its
// own: many connections can keep a link back from a new browser, never from the owner's own.

/** Links an address is sent in `linkMinutes` asked from one client: a typo'd form resent. */
export const linksPerWindow = 3;
/**
 * Asks a day for one address from one client, whoever's address it is (so the answer past it
 * says nothing of whether it is an owner's): a few sign-ins on a device, not 288 emails.
 */
export const signInAsksPerDay = 10;
/** Asks a day from one client, whatever addresses it types. */
export const signInAsksPerClient = 20;
/**
 * Asks an hour for one address from all clients together: a mailbomb spread over many
 * connections stops here. Above `signInAsksPerDay`, so no one client alone can reach it.
 */
export const signInAsksPerHour = 12;
/** Sign-in emails the inbox sends in an hour, all owner addresses together. */
export const signInEmailsPerHour = 20;
/**
 * Sign-in emails an owner address is sent a day asked from browsers it has not signed in on,
 * all together: a stranger's asks from many connections mail the owner this many at most
 * (past it the answer stays the same, and nothing is sent). Above `signInAsksPerDay`, so no
 * one connection alone can reach it.
 */
export const linksPerAddressPerDay = 12;
/** Sign-in emails a day asked from one known device (each device has its own). */
export const linksPerDevicePerDay = 10;

const tryLater = "or use a phone or computer you have signed in on before.";
/** Why a sign-in link is not sent now, in words for the person asking; the same for any address. */
export const signInCeilingWords: Record<SignInCeiling, string> = {
  address: `A sign-in link for this address has been asked for ${signInAsksPerDay} times today from this connection, the most a day allows. Please try again tomorrow, from another connection (mobile data instead of Wi-Fi, say), ${tryLater}`,
  client: `Sign-in links have been asked for ${signInAsksPerClient} times today from this connection, the most a day allows. Please try again tomorrow, from another connection (mobile data instead of Wi-Fi, say), ${tryLater}`,
  addressHour: `A sign-in link for this address has been asked for ${signInAsksPerHour} times in the last hour, the most an hour allows. Please try again in an hour, ${tryLater}`,
  overall: `The inbox has sent the ${signInEmailsPerHour} sign-in emails it sends in an hour. Please try again in an hour, ${tryLater}`,
};

/** A client's key as kept with its asks and links: its SHA-256, never the address itself. */
const clientHash = (client: string) => tokenHash(`sign-in client ${client}`);

/**
 * Counts an ask for a sign-in link for the typed address (owner's or not, by its SHA-256) from
 * `client` (forms/subscriber-key.ts's key), unless a ceiling is reached: which one, or null.
 */
export async function askForLink(
  store: OwnerStore,
  typed: string,
  client: string,
  now: Date,
): Promise<SignInCeiling | null> {
  return store.addSignInAsk(
    {
      addressHash: await tokenHash(`sign-in ${typed.trim().toLowerCase()}`),
      clientHash: await clientHash(client),
      at: now.toISOString(),
    },
    {
      day: plus(now, -86_400_000),
      hour: plus(now, -3_600_000),
      perAddressFromClient: signInAsksPerDay,
      perClient: signInAsksPerClient,
      perAddressPerHour: signInAsksPerHour,
      emailsPerHour: signInEmailsPerHour,
    },
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

export const tokenHash = (token: string): Promise<string> => sha256Hex(token);

/** Whether a string could be one of our tokens at all (a tampered one mostly cannot). */
export const wellFormed = (token: string) => tokenPattern.test(token);

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export function ownerAddress(owners: readonly string[], email: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return owners.find((owner) => owner.toLowerCase() === wanted);
}

/**
 * A new sign-in link's token for an owner address asked for from `client`, or undefined when
 * a limit is reached (counted and added in one statement). From a browser not known: that
 * client's `linksPerWindow` in the last `linkMinutes`, the address's `linksPerAddressPerDay`
 * from all such browsers, or the inbox's `signInEmailsPerHour`. From a known device (`device`,
 * its cookie's token, known for this address: knownDevice), that device's own
 * `linksPerWindow` and `linksPerDevicePerDay`, whatever strangers asked.
 */
export async function issueLink(
  store: OwnerStore,
  email: string,
  client: string,
  now: Date,
  device?: string,
): Promise<string | undefined> {
  const token = newToken();
  const window = { since: plus(now, -linkMinutes * 60_000), max: linksPerWindow };
  const day = plus(now, -86_400_000);
  const added = await store.addLinkUnlessOver(
    {
      tokenHash: await tokenHash(token),
      email,
      clientHash: await clientHash(client),
      deviceHash: device ? await tokenHash(device) : "",
      createdAt: now.toISOString(),
      expiresAt: plus(now, linkMinutes * 60_000),
    },
    device
      ? { window, day: { since: day, max: linksPerDevicePerDay }, dropBefore: day }
      : {
          window,
          day: { since: day, max: linksPerAddressPerDay },
          overall: { since: plus(now, -3_600_000), max: signInEmailsPerHour },
          dropBefore: day,
        },
  );
  return added ? token : undefined;
}

/**
 * The address a known device's cookie (`token`) signed in as, while it is remembered. Looked
 * up for any well-formed token, whatever address was typed, so the time an ask takes says
 * nothing of whether that address is an owner's.
 */
export async function knownDevice(
  store: OwnerStore,
  token: string | undefined,
  now: Date,
): Promise<string | undefined> {
  if (!token || !wellFormed(token)) return undefined;
  return store.deviceEmail(await tokenHash(token), now.toISOString());
}

/**
 * After a sign-in as `email`: the token of a new known device for the browser's cookie, or
 * undefined when its cookie (`current`) already names a device known for this address.
 */
export async function rememberDevice(
  store: OwnerStore,
  email: string,
  current: string | undefined,
  now: Date,
): Promise<string | undefined> {
  const known = await knownDevice(store, current, now);
  if (known !== undefined && known.toLowerCase() === email.toLowerCase()) return undefined;
  return await newStoredToken(store.addDevice, email, now, deviceDays);
}

/** A new session of `sessionDays` for `email`: its token, for the cookie. */
export function openSession(store: OwnerStore, email: string, now: Date): Promise<string> {
  return newStoredToken(store.addSession, email, now, sessionDays);
}

/** A new token for `email`, stored by its hash for `days` by `add`: the token, for a cookie. */
async function newStoredToken(
  add: (hash: string, email: string, createdAt: string, expiresAt: string) => Promise<void>,
  email: string,
  now: Date,
  days: number,
): Promise<string> {
  const token = newToken();
  await add(await tokenHash(token), email, now.toISOString(), plus(now, days * 86_400_000));
  return token;
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
  return { email, session: await openSession(store, email, now) };
}

/**
 * The owner address `typed` names: one of the settings' `owners`, or the owner the first run
 * added (the owners' table, looked up for any address typed, so the time it takes says
 * nothing of which addresses are owners').
 */
export async function ownerNamed(
  store: OwnerStore,
  owners: readonly string[],
  typed: string,
): Promise<string | undefined> {
  const stored = typed.trim() ? await store.storedOwner(typed) : undefined;
  return ownerAddress(owners, typed) ?? stored;
}

/** Whether the site has an owner: the settings name one, or the first run added one. */
export async function ownerExists(store: OwnerStore, owners: readonly string[]): Promise<boolean> {
  return owners.length > 0 || (await store.hasStoredOwner());
}

/** At most this many of the owners' table are emailed: the first run adds one, never more. */
export const storedOwnersEmailed = 10;

/**
 * Who gets the owner's emails (a submission's, the digest, the Monday summary), read afresh
 * for each send: `named`, the settings' addresses, when there are any (the settings win);
 * else the owner the first run added, so a site set up at /setup gets its emails too.
 */
export function ownersToEmail(
  store: Pick<OwnerStore, "storedOwners">,
  named: readonly string[],
): () => Promise<readonly string[]> {
  return async () => (named.length > 0 ? named : await store.storedOwners(storedOwnersEmailed));
}

/**
 * The owner address a session token stands for, while it is current and the address is still
 * one of `owners` or the owners' table's: an address taken out of the list (OWNER_EMAILS) has
 * its sessions ended at their next request.
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
  if ((await store.storedOwner(email)) !== undefined) return email;
  await store.revokeSessionsOf(email, now.toISOString());
  return undefined;
}

/**
 * "Sign out everywhere": every session of this address ends, and its devices are known no
 * more (a lost phone's cookie passes no ceiling); each is known again at its next sign-in.
 */
export async function endAllSessions(store: OwnerStore, email: string, now: Date): Promise<void> {
  await store.revokeSessionsOf(email, now.toISOString());
  await store.forgetDevicesOf(email);
}

export async function endSession(store: OwnerStore, token: string, now: Date): Promise<void> {
  if (wellFormed(token)) await store.revokeSession(await tokenHash(token), now.toISOString());
}
