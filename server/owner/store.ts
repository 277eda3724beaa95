// What the owner's inbox reads and writes, in SQL both databases run (migrations/0002): the
// submissions by kind with a search, marked handled, one person's data deleted on request,
// spam emptied; the sign-in links and sessions by the hash of their token; the owner's log.
import {
  type SqlRunner,
  type Submission,
  statements,
  submissionColumns,
  toSubmission,
} from "../submission.ts";

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

/** A person as a family names themselves in a request: an email, a phone, or both. */
export interface Person {
  email: string;
  phone: string;
}

// A phone as digits only, so "(317) 555-0100" and "317.555.0100" are one number.
const phoneDigits = (expression: string) =>
  ["(", ")", "-", " ", ".", "+"].reduce((e, c) => `replace(${e}, '${c}', '')`, expression);
const storedPhone = phoneDigits("coalesce(json_extract(data, '$.phone'), '')");
const storedEmail = "lower(coalesce(json_extract(data, '$.email'), ''))";
const personFilter = `((? <> '' AND ${storedEmail} = ?) OR (? <> '' AND ${storedPhone} = ?))`;

const digits = (text: string) => text.replace(/\D/g, "");
const personParams = ({ email, phone }: Person) => {
  const e = email.trim().toLowerCase();
  const p = digits(phone);
  return [e, e, p, p];
};

/** `%text%` for LIKE, with LIKE's own wildcards in the text taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function ownerStore(sql: SqlRunner) {
  const count = async (query: string, ...params: (string | number)[]) =>
    Number((await sql.all(query, ...params))[0]?.n ?? 0);

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
      const phone = digits(text);
      const rows = await sql.all(
        `SELECT ${submissionColumns} FROM submissions WHERE ${viewFilter[view]} AND (
           lower(coalesce(json_extract(data, '$.name'), '')) LIKE ? ESCAPE '\\'
           OR ${storedEmail} LIKE ? ESCAPE '\\'
           OR (? <> '' AND ${storedPhone} LIKE ?)
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

    /** `at` marks it handled, null makes it new again; false when there is no such row. */
    async setHandled(id: number, at: string | null): Promise<boolean> {
      return (await sql.run("UPDATE submissions SET handled_at = ? WHERE id = ?", at, id)) > 0;
    },

    /** Every submission, spam included, that holds this email or this phone. */
    async findPerson(person: Person): Promise<Submission[]> {
      const rows = await sql.all(
        `SELECT ${submissionColumns} FROM submissions WHERE ${personFilter} ORDER BY id`,
        ...personParams(person),
      );
      return rows.map(toSubmission);
    },

    /** Deletes them; how many went. */
    async forgetPerson(person: Person): Promise<number> {
      return sql.run(`DELETE FROM submissions WHERE ${personFilter}`, ...personParams(person));
    },

    async emptySpam(): Promise<number> {
      return sql.run("DELETE FROM submissions WHERE spam = 1");
    },

    async addLink(tokenHash: string, email: string, createdAt: string, expiresAt: string) {
      await sql.run(
        "INSERT INTO owner_links (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)",
        tokenHash,
        email,
        createdAt,
        expiresAt,
      );
    },

    /** Links asked for this address since `since`: the per-address limit. */
    linksSince(email: string, since: string): Promise<number> {
      return count(
        "SELECT count(*) AS n FROM owner_links WHERE email = ? AND created_at > ?",
        email,
        since,
      );
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
