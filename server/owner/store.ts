// What the owner's inbox reads and writes, in SQL both databases run (migrations/0002, 0004): the
// submissions by kind with a search, marked handled, one person's data deleted on request,
// spam emptied; the sign-in links and sessions by the hash of their token; the owner's log; the
// owner the first run added (migrations/0019) and the setup code's tries.
import { phoneKey } from "../../rink/forms/phone.ts";
import {
  type Submission,
  statements,
  submissionColumns,
  toSubmission,
} from "../forms/submission.ts";
import { outboxStore } from "../lists/outbox-store.ts";
import type { SqlRunner } from "../sql.ts";
import type { PersonKeys } from "./deletions.ts";

export type InboxView = "messages" | "signups" | "spam";

const viewFilter: Record<InboxView, string> = {
  messages: "form = 'contact' AND spam = 0",
  signups: "form = 'newsletter' AND spam = 0",
  spam: "spam = 1",
};

export interface InboxCounts {
  messages: number;
  signups: number;
  spam: number;
  newMessages: number;
  newSignups: number;
}

/** A person as their submission names them: the keys a deletion goes by, and the words shown. */
export interface Person extends PersonKeys {
  /** "pat@example.com or (317) 555-0100", as they wrote them. */
  shown: string;
}

/** What a deletion removed, by kind (a spam row counts as spam, whatever its form). */
export interface Deleted {
  messages: number;
  signups: number;
  spam: number;
}

// A person is their email (any case) or their phone's key (rink/forms/phone.ts), whichever they gave.
const storedEmail = "lower(trim(coalesce(json_extract(data, '$.email'), '')))";
const personFilter = `((? <> '' AND ${storedEmail} = ?) OR (? <> '' AND phone_key = ?))`;
const personParams = ({ email, phone }: PersonKeys) => [email, email, phone, phone];

/** `%text%` for LIKE, with LIKE's own wildcards in the text taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A sign-in link to add: by its token's hash, and where it was asked from. */
export interface NewLink {
  tokenHash: string;
  email: string;
  clientHash: string;
  /** The known device that asked ('' for a browser not known). */
  deviceHash: string;
  createdAt: string;
  expiresAt: string;
}

/** What a new link is counted against (auth.ts sets them): each a count since a time. */
export interface LinkLimits {
  /** Links from this client for this address, or from this known device. */
  window: { since: string; max: number };
  /** Links to this address from every unknown browser together, or from this known device. */
  day: { since: string; max: number };
  /** Links to all addresses together (asks from unknown browsers only). */
  overall?: { since: string; max: number };
  dropBefore: string;
}

/** Which of the sign-in's ceilings holds an ask back (auth.ts's words for each). */
export type SignInCeiling = "address" | "client" | "addressHour" | "overall";

/** What an ask for a sign-in link is counted against (auth.ts sets them). */
export interface SignInAskLimits {
  /** A day ago: the day's counts start here, and older asks are dropped. */
  day: string;
  /** An hour ago: the hour's counts start here. */
  hour: string;
  /** Asks a day for one address from one client. */
  perAddressFromClient: number;
  /** Asks a day from one client, whatever the addresses. */
  perClient: number;
  /** Asks an hour for one address from all clients together. */
  perAddressPerHour: number;
  /** Sign-in emails (links) an hour, all addresses together. */
  emailsPerHour: number;
}

/** What a try of the setup code is counted against (first-run.ts sets them). */
export interface SetupTryLimits {
  /** The client's window starts here. */
  since: string;
  /** Tries from one client in its window. */
  perClient: number;
  /** An hour ago: the count of all clients' tries starts here, and older tries are dropped. */
  hour: string;
  /** Tries an hour from all clients together. */
  perHour: number;
}

/** Which limit holds a try of the setup code back: this client's, or everyone's together. */
export type SetupCeiling = "client" | "everyone";

export interface OwnerStoreOptions {
  /**
   * Runs after rows are deleted, so nothing of them stays on disk: node:sqlite checkpoints its
   * WAL (node/database.ts, scrub). D1 keeps its own history (docs/deploy.md).
   */
  afterDelete?: () => void | Promise<void>;
}

export function ownerStore(sql: SqlRunner, { afterDelete }: OwnerStoreOptions = {}) {
  return {
    /** Newest first; `search` matches a name, an email or a phone (digits alone will do). */
    async list(view: InboxView, search: string, limit: number): Promise<Submission[]> {
      const text = search.trim();
      if (!text) {
        const rows = await sql.all(
          `SELECT ${submissionColumns} FROM submissions WHERE ${viewFilter[view]} ORDER BY id DESC LIMIT ?`,
          limit,
        );
        return rows.map(toSubmission);
      }
      const like = likePattern(text.toLowerCase());
      const phone = phoneKey(text);
      const rows = await sql.all(
        `SELECT ${submissionColumns} FROM submissions WHERE ${viewFilter[view]} AND (
           lower(coalesce(json_extract(data, '$.name'), '')) LIKE ? ESCAPE '\\'
           OR ${storedEmail} LIKE ? ESCAPE '\\'
           OR (? <> '' AND phone_key LIKE ?)
         ) ORDER BY id DESC LIMIT ?`,
        like,
        like,
        phone.length >= 3 ? phone : "",
        `%${phone}%`,
        limit,
      );
      return rows.map(toSubmission);
    },

    async counts(): Promise<InboxCounts> {
      const [row] = await sql.all(
        `SELECT
           sum(form = 'contact' AND spam = 0) AS messages,
           sum(form = 'newsletter' AND spam = 0) AS signups,
           sum(spam = 1) AS spam,
           sum(form = 'contact' AND spam = 0 AND handled_at IS NULL) AS newMessages,
           sum(form = 'newsletter' AND spam = 0 AND handled_at IS NULL) AS newSignups
         FROM submissions`,
      );
      const n = (key: string) => Number(row?.[key] ?? 0);
      return {
        messages: n("messages"),
        signups: n("signups"),
        spam: n("spam"),
        newMessages: n("newMessages"),
        newSignups: n("newSignups"),
      };
    },

    /** One form's submissions without spam, oldest first: the rows `npm run inbox -- export` gives. */
    async byForm(form: string): Promise<Submission[]> {
      return (await sql.all(statements.byForm, form, 0)).map(toSubmission);
    },

    /** Who left the email or text list after signing up (the CSV says so, and leaves them out). */
    optOuts: () => outboxStore(sql).optOuts(),
    droppedConfirmations: () => outboxStore(sql).droppedConfirmations(),

    /** `at` marks it handled, null makes it new again; false when there is no such row. */
    async setHandled(id: number, at: string | null): Promise<boolean> {
      return (await sql.run("UPDATE submissions SET handled_at = ? WHERE id = ?", at, id)) > 0;
    },

    /** The person a submission is from, as deletions key them; undefined when it is gone. */
    async personOf(id: number): Promise<Person | undefined> {
      const [row] = await sql.all(
        `SELECT ${storedEmail} AS email, coalesce(phone_key, '') AS phone,
                json_extract(data, '$.email') AS shownEmail, json_extract(data, '$.phone') AS shownPhone
         FROM submissions WHERE id = ?`,
        id,
      );
      if (!row) return undefined;
      const shown = [row.shownEmail, row.shownPhone].filter((v) => typeof v === "string" && v);
      return { email: String(row.email), phone: String(row.phone), shown: shown.join(" or ") };
    },

    /** Every submission, spam included, that holds this email or this phone. */
    async findPerson(person: PersonKeys): Promise<Submission[]> {
      const rows = await sql.all(
        `SELECT ${submissionColumns} FROM submissions WHERE ${personFilter} ORDER BY id`,
        ...personParams(person),
      );
      return rows.map(toSubmission);
    },

    /** Deletes them, leaving no trace in the file: how many went, by kind. */
    async forgetPerson(person: PersonKeys): Promise<Deleted> {
      const rows = await sql.all(
        `DELETE FROM submissions WHERE ${personFilter} RETURNING form, spam`,
        ...personParams(person),
      );
      // Their rows for the list services (a signup's own went with it) and what they told them.
      const keys = [person.email, person.phone];
      await sql.run("DELETE FROM outbox WHERE recipient <> '' AND recipient IN (?, ?)", ...keys);
      await sql.run("DELETE FROM list_consent WHERE person <> '' AND person IN (?, ?)", ...keys);
      await afterDelete?.();
      const spam = (r: Record<string, unknown>) => Number(r.spam) === 1;
      return {
        messages: rows.filter((r) => !spam(r) && r.form === "contact").length,
        signups: rows.filter((r) => !spam(r) && r.form === "newsletter").length,
        spam: rows.filter(spam).length,
      };
    },

    async emptySpam(): Promise<number> {
      const deleted = await sql.run("DELETE FROM submissions WHERE spam = 1");
      await afterDelete?.();
      return deleted;
    },

    /**
     * Adds a sign-in link unless one of `limits` is reached, in one statement (so two requests
     * at once cannot both pass the count): whether it was added. Asked from a known device
     * (`deviceHash`), its counts are that device's own; else those of this client for this
     * address (`window`), of every unknown browser for this address (`day`) and of all
     * addresses (`overall`). Links older than `dropBefore`, out of every count, go first.
     */
    async addLinkUnlessOver(link: NewLink, limits: LinkLimits): Promise<boolean> {
      await sql.run("DELETE FROM owner_links WHERE created_at <= ?", limits.dropBefore);
      const known = link.deviceHash !== "";
      const fromHere = known
        ? { where: "device_hash = ?", params: [link.deviceHash] }
        : {
            where: "email = ? AND client_hash = ? AND device_hash = ''",
            params: [link.email, link.clientHash],
          };
      const toAddress = known
        ? fromHere
        : { where: "email = ? AND device_hash = ''", params: [link.email] };
      const overall = limits.overall ?? { since: limits.dropBefore, max: Number.MAX_SAFE_INTEGER };
      const added = await sql.run(
        `INSERT INTO owner_links (token_hash, email, client_hash, device_hash, created_at, expires_at)
         SELECT ?, ?, ?, ?, ?, ?
         WHERE (SELECT count(*) FROM owner_links WHERE ${fromHere.where} AND created_at > ?) < ?
           AND (SELECT count(*) FROM owner_links WHERE ${toAddress.where} AND created_at > ?) < ?
           AND (SELECT count(*) FROM owner_links WHERE created_at > ?) < ?`,
        link.tokenHash,
        link.email,
        link.clientHash,
        link.deviceHash,
        link.createdAt,
        link.expiresAt,
        ...fromHere.params,
        limits.window.since,
        limits.window.max,
        ...toAddress.params,
        limits.day.since,
        limits.day.max,
        overall.since,
        overall.max,
      );
      return added > 0;
    },

    /** Remembers a browser that signed in as `email` (by its token's hash) until `expiresAt`. */
    async addDevice(tokenHash: string, email: string, createdAt: string, expiresAt: string) {
      await sql.run("DELETE FROM owner_devices WHERE expires_at <= ?", createdAt);
      await sql.run(
        "INSERT INTO owner_devices (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)",
        tokenHash,
        email,
        createdAt,
        expiresAt,
      );
    },

    /** The address a known device signed in as, while it is remembered. */
    async deviceEmail(tokenHash: string, now: string): Promise<string | undefined> {
      const [row] = await sql.all(
        "SELECT email FROM owner_devices WHERE token_hash = ? AND expires_at > ?",
        tokenHash,
        now,
      );
      return row ? String(row.email) : undefined;
    },

    /** Every device of this address forgotten ("Sign out everywhere": a lost phone's too). */
    async forgetDevicesOf(email: string) {
      await sql.run("DELETE FROM owner_devices WHERE email = ?", email);
    },

    /**
     * Records an ask for a sign-in link for an address from a client (both by their hashes),
     * unless one of `limits` is reached; one statement, so asks at once cannot all pass. Asks
     * older than `limits.day` are dropped first. What held it back, or null when recorded.
     */
    async addSignInAsk(
      ask: { addressHash: string; clientHash: string; at: string },
      limits: SignInAskLimits,
    ): Promise<SignInCeiling | null> {
      const { addressHash, clientHash } = ask;
      await sql.run("DELETE FROM owner_sign_in_asks WHERE at <= ?", limits.day);
      // The four counts, in the order their words are chosen when one holds an ask back.
      const counts = `(SELECT count(*) FROM owner_sign_in_asks
                        WHERE address_hash = ? AND client_hash = ? AND at > ?) AS address,
                      (SELECT count(*) FROM owner_sign_in_asks
                        WHERE client_hash = ? AND at > ?) AS client,
                      (SELECT count(*) FROM owner_sign_in_asks
                        WHERE address_hash = ? AND at > ?) AS address_hour,
                      (SELECT count(*) FROM owner_links WHERE created_at > ?) AS overall`;
      const countParams = [
        addressHash,
        clientHash,
        limits.day,
        clientHash,
        limits.day,
        addressHash,
        limits.hour,
        limits.hour,
      ];
      const added = await sql.run(
        `INSERT INTO owner_sign_in_asks (address_hash, client_hash, at)
         SELECT ?, ?, ? FROM (SELECT ${counts})
         WHERE address < ? AND client < ? AND address_hour < ? AND overall < ?`,
        addressHash,
        clientHash,
        ask.at,
        ...countParams,
        limits.perAddressFromClient,
        limits.perClient,
        limits.perAddressPerHour,
        limits.emailsPerHour,
      );
      if (added > 0) return null;
      const [row] = await sql.all(`SELECT ${counts}`, ...countParams);
      if (Number(row?.address ?? 0) >= limits.perAddressFromClient) return "address";
      if (Number(row?.client ?? 0) >= limits.perClient) return "client";
      if (Number(row?.address_hour ?? 0) >= limits.perAddressPerHour) return "addressHour";
      return "overall";
    },

    /**
     * Uses the link at once (one statement, so two clicks cannot both win) and gives its
     * address, or undefined for a link that is unknown, used or expired.
     */
    async spendLink(tokenHash: string, now: string): Promise<string | undefined> {
      const [row] = await sql.all(
        `UPDATE owner_links SET used_at = ?
         WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email`,
        now,
        tokenHash,
        now,
      );
      return row ? String(row.email) : undefined;
    },

    async addSession(tokenHash: string, email: string, createdAt: string, expiresAt: string) {
      await sql.run(
        "INSERT INTO owner_sessions (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)",
        tokenHash,
        email,
        createdAt,
        expiresAt,
      );
    },

    /** The address of a session that is current: not expired, not revoked. */
    async sessionEmail(tokenHash: string, now: string): Promise<string | undefined> {
      const [row] = await sql.all(
        `SELECT email FROM owner_sessions
         WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`,
        tokenHash,
        now,
      );
      return row ? String(row.email) : undefined;
    },

    async revokeSession(tokenHash: string, at: string) {
      await sql.run(
        "UPDATE owner_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
        at,
        tokenHash,
      );
    },

    async revokeSessionsOf(email: string, at: string) {
      await sql.run(
        "UPDATE owner_sessions SET revoked_at = ? WHERE email = ? AND revoked_at IS NULL",
        at,
        email,
      );
    },

    /** Whether the owners' table (the first run's owner) holds anyone. */
    async hasStoredOwner(): Promise<boolean> {
      return (await sql.all("SELECT 1 FROM owners LIMIT 1")).length > 0;
    },

    /**
     * The owners' table's addresses, oldest first, at most `limit`: the owner's emails go to
     * them while the settings name no recipient (owner/auth.ts's ownersToEmail).
     */
    async storedOwners(limit: number): Promise<string[]> {
      const rows = await sql.all("SELECT email FROM owners ORDER BY added_at LIMIT ?", limit);
      return rows.map((row) => String(row.email));
    },

    /** The address as the owners' table keeps it, any case matching; undefined when not there. */
    async storedOwner(email: string): Promise<string | undefined> {
      const [row] = await sql.all("SELECT email FROM owners WHERE email = ?", email.trim());
      return row ? String(row.email) : undefined;
    },

    /**
     * The first owner, added only while the table is empty (one statement, so two first runs
     * at once cannot both add one): whether it was added. The setup code's tries go with it.
     */
    async addFirstOwner(email: string, at: string, addedBy: string): Promise<boolean> {
      const added = await sql.run(
        `INSERT INTO owners (email, added_at, added_by)
         SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM owners)`,
        email,
        at,
        addedBy,
      );
      if (added > 0) await sql.run("DELETE FROM setup_tries");
      return added > 0;
    },

    /**
     * Counts a try of the setup code from a client (by its hash) unless a limit is reached, in
     * one statement (tries at once cannot all pass): null when counted, else which limit held
     * it back. Tries older than `limits.hour` are dropped first.
     */
    async addSetupTry(
      clientHash: string,
      at: string,
      limits: SetupTryLimits,
    ): Promise<SetupCeiling | null> {
      await sql.run("DELETE FROM setup_tries WHERE at <= ?", limits.hour);
      const counts = `(SELECT count(*) FROM setup_tries WHERE client_hash = ? AND at > ?) AS client,
                      (SELECT count(*) FROM setup_tries WHERE at > ?) AS everyone`;
      const countParams = [clientHash, limits.since, limits.hour];
      const added = await sql.run(
        `INSERT INTO setup_tries (client_hash, at)
         SELECT ?, ? FROM (SELECT ${counts}) WHERE client < ? AND everyone < ?`,
        clientHash,
        at,
        ...countParams,
        limits.perClient,
        limits.perHour,
      );
      if (added > 0) return null;
      const [row] = await sql.all(`SELECT ${counts}`, ...countParams);
      return Number(row?.client ?? 0) >= limits.perClient ? "client" : "everyone";
    },

    async log(at: string, email: string, action: string, detail = "") {
      await sql.run(
        "INSERT INTO owner_log (at, email, action, detail) VALUES (?, ?, ?, ?)",
        at,
        email,
        action,
        detail.slice(0, 500),
      );
    },
  };
}

export type OwnerStore = ReturnType<typeof ownerStore>;
