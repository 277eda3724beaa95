// What the inbox stores of each form in a rolling 24 hours: the real messages up to the daily
// limit from all clients together, each client at most a share of them, and spam (a filled-in
// trap) counted apart up to the same number, so neither one connection nor a bot can close a
// form for everyone else. Each check is one indexed query, and a full form, a full spam count
// or a client past its share is remembered until room opens, so a flood against it costs none.
import type { SubmissionStore } from "./submission.ts";
import { subscriberKey } from "./subscriber-key.ts";

const dayMs = 86_400_000;
/** One client may use at most this part of a form's day (1/10: 50 of the default 500). */
const sharesOfDay = 10;
/** Remembered states at most; past it the oldest is forgotten (and counted again). */
const maxRemembered = 10_000;

export const ceilingRefusals = {
  full: {
    code: "DAILY_LIMIT",
    message:
      "This form has had too many submissions today. Please try again tomorrow, or call the rink.",
  },
  share: {
    code: "CLIENT_DAILY_LIMIT",
    message:
      "You have sent this form too many times today. Please try again tomorrow, or call the rink.",
  },
} as const;

/** A refusal, and how long until the form or the client has room again. */
export interface CeilingRefused {
  ok: false;
  refusal: (typeof ceilingRefusals)[keyof typeof ceilingRefusals];
  waitMs: number;
}

export type CeilingDecision = { ok: true; leave: () => void } | CeilingRefused;

type CeilingStore = Pick<SubmissionStore, "countSince" | "claimShare" | "oldestShare">;

export function dailyCeiling({
  inbox,
  limit,
  now,
}: {
  inbox: CeilingStore;
  /** Real messages a form in 24 hours; 0 turns the ceiling and the shares off. */
  limit: number;
  now: () => Date;
}) {
  const share = Math.max(1, Math.ceil(limit / sharesOfDay));
  // Requests past a count's check and not yet answered, by form and kind. Each counts the
  // ones ahead of it with the stored rows, so a burst checked before any of it is stored (a
  // group commit, D1's round trips) cannot pass the ceiling together: exact within a process
  // or isolate, and on the safe side (one may be refused early while the others are still
  // being stored or refused).
  const pending = new Map<string, number>();
  // What was found full: when room opens (its oldest counted row a day old), and when to count
  // again anyway (rows the owner deleted).
  const full = new Map<string, { opens: number; recount: number }>();
  const remember = (key: string, opens: number, at: number) => {
    if (full.size >= maxRemembered) full.delete(full.keys().next().value ?? "");
    full.set(key, { opens, recount: at + 60_000 });
  };
  const known = (key: string, at: number) => {
    const state = full.get(key);
    if (state && at < Math.min(state.opens, state.recount)) return state.opens - at;
    full.delete(key);
    return null;
  };

  /** Room for one more of a form's real messages (spam false) or spam (true). */
  async function enter(form: string, spam: boolean): Promise<CeilingDecision> {
    const refusal = ceilingRefusals.full;
    if (limit <= 0) return { ok: true, leave: () => {} };
    const key = `${form} ${spam ? "spam" : "real"}`;
    const at = now().getTime();
    const wait = known(key, at);
    if (wait !== null) return { ok: false, refusal, waitMs: wait };
    const ahead = pending.get(key) ?? 0;
    pending.set(key, ahead + 1);
    const leave = () => {
      const left = (pending.get(key) ?? 1) - 1;
      if (left > 0) pending.set(key, left);
      else pending.delete(key);
    };
    try {
      const since = new Date(at - dayMs).toISOString();
      const { count, oldest } = await inbox.countSince(form, spam, since, limit);
      if (count >= limit && oldest) {
        // Room again once the oldest of the newest `limit` rows is a day old.
        const opens = Date.parse(oldest) + dayMs;
        remember(key, opens, at);
        leave();
        return { ok: false, refusal, waitMs: opens - at };
      }
      // Full once the ones ahead are stored: a moment, unless they are refused.
      if (count + ahead >= limit) {
        leave();
        return { ok: false, refusal, waitMs: 60_000 };
      }
      return { ok: true, leave };
    } catch (error) {
      leave();
      throw error;
    }
  }

  /** The client's key for its share; null when the host could not tell who asked. */
  const shareKey = (form: string, address: string | undefined) =>
    limit > 0 && address && address !== "unknown"
      ? `${form} client ${subscriberKey(address)}`
      : null;

  return {
    /** Room for one more real message: held (leave()) until it is stored or refused. */
    enterReal: (form: string) => enter(form, false),

    /**
     * Room for one more spam row. Not held: a burst of spam may pass its ceiling by the posts
     * in flight, which costs a few rows and never a real message.
     */
    async roomForSpam(form: string): Promise<boolean> {
      const room = await enter(form, true);
      if (room.ok) room.leave();
      return room.ok;
    },

    /** Before the body: a client known to be past its share is refused without a query. */
    knownPastShare(form: string, address: string | undefined): CeilingRefused | null {
      const key = shareKey(form, address);
      const waitMs = key ? known(key, now().getTime()) : null;
      return waitMs === null ? null : { ok: false, refusal: ceilingRefusals.share, waitMs };
    },

    /**
     * Claims one of the client's share of the form's day for a real message about to be
     * stored; refused when they are all taken (the claims of the last 24 hours). `client`:
     * its hash as the submission keeps it (submissionClient), null when unknown.
     */
    async claimShare(
      form: string,
      address: string | undefined,
      client: string | null,
    ): Promise<CeilingDecision> {
      const key = shareKey(form, address);
      if (!key || !client) return { ok: true, leave: () => {} };
      const at = now().getTime();
      const since = new Date(at - dayMs).toISOString();
      if (await inbox.claimShare(form, client, new Date(at).toISOString(), since, share)) {
        return { ok: true, leave: () => {} };
      }
      const oldest = await inbox.oldestShare(form, client, since);
      const opens = oldest ? Date.parse(oldest) + dayMs : at + 60_000;
      remember(key, opens, at);
      return { ok: false, refusal: ceilingRefusals.share, waitMs: opens - at };
    },
  };
}
