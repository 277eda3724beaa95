// Drains the outbox (outbox-store.ts) into the list services (service.ts): each row is
// claimed before its call, so no row is sent twice at once, whoever runs the pass. While a
// service is unavailable its rows wait, each try twice as long after the last (from
// `retrySeconds`, at most an hour), and the pass stops at that service's first failure rather
// than spend every row's try on one outage. A refusal is final, with the service's words.
// Passes run on a timer under Node and on the Cron Trigger on Workers (edge/worker.ts), and
// once more just after a signup is stored or an update queued. A drain with a bound on its
// calls (a Worker's invocation) says whether it left work due, so the Worker can chain the
// next pass in an invocation of its own (a Queue's message) rather than wait for the Cron.

import { timeZone } from "../../rink/clock.ts";
import type { SqlStatement } from "../sql.ts";
import { maxListPages as kitListPages } from "./kit.ts";
import { timeZonesOf } from "./number-time-zones.ts";
import { hourlyChore } from "./outbox-chores.ts";
import { outcome } from "./outbox-outcome.ts";
import type { Consent, OutboxJob, OutboxStore } from "./outbox-store.ts";
import { inSendHours, nextSendTimeIn, type SendHours } from "./send-hours.ts";
import { type ListId, type ListServices, notSetUp } from "./service.ts";

/** What a drain leaves: whether it stopped for its calls (callsPerDrain) with rows still due. */
export interface Drained {
  more: boolean;
}

export interface Outbox {
  /** One pass over what is due; never rejects. */
  drain(): Promise<Drained>;
  /** Resolves once no pass is running. */
  idle(): Promise<void>;
  /** Starts the timer (unref'd) and a first pass. */
  start(intervalMs: number): void;
  /** Stops the timer and waits for the pass in flight. */
  stop(): Promise<void>;
}

export interface OutboxOptions {
  store: OutboxStore;
  services: ListServices;
  now?: () => Date;
  log?: (message: string) => void;
  /** The first retry's wait; each later one waits twice as long, up to an hour. */
  retrySeconds?: number;
  /** After this many tries a row is given up on (failed, with the last reason). */
  maxAttempts?: number;
  /** Rows per list per pass (Kit allows about 120 calls a minute per key). */
  batchSize?: number;
  /**
   * The service calls (HTTP requests) one drain may make, both lists together; the rows past
   * it wait for the next drain. Unlimited on Node; on a Worker what one invocation may spend
   * within Cloudflare's free plan (edge/worker.ts, docs/benchmarks.md).
   */
  callsPerDrain?: number;
  /** A claim older than this is a pass that stopped midway. */
  claimTimeoutMs?: number;
  /** The text list's rules (issue 31); without them texts go at any hour, with no confirmation words. */
  texts?: TextRules;
}

/** When texts may go, and the confirmation request a signup's number gets (issue 31). */
export interface TextRules {
  /**
   * Texts wait outside these hours (SMS_SEND_HOURS) on the rink's clock and on the clock of
   * every time zone the recipient's area code spans (number-time-zones.ts).
   */
  sendHours: SendHours;
  /** At most this many confirmation requests in 24 hours (SMS_CONFIRMATIONS_PER_DAY). */
  confirmationsPerDay: number;
  /** The confirmation request's words (text-message.ts confirmationText). */
  confirmation: string;
}

export const defaultConfirmationsPerDay = 100;

/** Why a text was not sent: SMS_SEND_HOURS never opens on every clock its number may ring on. */
export const neverInHours =
  "Not sent: the sending hours are never open at the rink and in every time zone of the number's area code at once";

/** A text row with no update is a signup's confirmation request (signup-outbox.ts). */
export const isConfirmation = (job: Pick<OutboxJob, "action" | "updateId">) =>
  job.action === "text" && job.updateId === null;

export const defaultOutboxRetrySeconds = 60;

/** Rows claimed, sent and written down together. */
const rowsPerClaim = 5;

/** What is left of a drain's calls (callsPerDrain), shared by the two lists' passes. */
interface Allowance {
  calls: number;
  /** A row was left for want of calls: the next drain has work at once (Drained.more). */
  short: boolean;
  /** A service failed: what is left waits for its retry time, not for the next drain. */
  down: boolean;
  /**
   * Rows this drain moved on (claimed, or put off to their recipient's hours). Without any,
   * what is due cannot go yet (the day's ceiling on confirmation requests): a drain at once
   * would find the same.
   */
  moved: number;
}

/**
 * The HTTP requests a row's send can make at most: a text one (twilio.ts); an add to the list
 * two (kit.ts: the subscriber, then the form); a broadcast two (made, then read back), and on
 * a try after an unanswered one the look through Kit's list of broadcasts first.
 */
function callsOf(job: OutboxJob) {
  if (job.action === "text") return 1;
  if (job.action === "broadcast" && job.attempts > 0 && !job.serviceRef) return 2 + kitListPages;
  return 2;
}
const hourSeconds = 3600;

/** E.164 for a phone's key: the newsletter takes US ten-digit numbers only (rink/forms/phone.ts). */
export const e164 = (phoneKey: string) => `+1${phoneKey}`;

export function createOutbox({
  store,
  services,
  now = () => new Date(),
  log = (message) => console.error(message),
  retrySeconds = defaultOutboxRetrySeconds,
  maxAttempts = 12,
  batchSize = 50,
  callsPerDrain = Number.POSITIVE_INFINITY,
  claimTimeoutMs = 10 * 60_000,
  texts,
}: OutboxOptions): Outbox {
  let pass: Promise<Drained> | undefined;
  // Asked for while a pass runs (a signup stored after the pass read its rows): one more.
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  /** 24 hours before now: a confirmation request's life and the span of its daily ceiling. */
  const dayAgo = () => new Date(now().getTime() - 86_400_000).toISOString();

  const waitFor = (attempts: number) =>
    Math.min(retrySeconds * 2 ** Math.max(0, attempts - 1), hourSeconds) * 1000;

  /**
   * The call a row stands for, given its recipient's word read in its claim; a skip when the
   * person has left the list since (or, for a confirmation request, has answered already).
   */
  async function send(job: OutboxJob, word: Consent | null) {
    if (job.action === "subscribe" && services.email) {
      if (word && word.at >= job.createdAt) return { skipped: `Left the list: ${word.reason}` };
      return services.email.subscribe(job.recipient);
    }
    if (job.action === "broadcast" && services.email) {
      // The update's id marks the broadcast: a later try finds what an unanswered one made.
      return services.email.broadcast({
        subject: job.subject,
        text: job.note,
        key: job.updateId ?? String(job.id),
        ...(job.serviceRef ? { ref: job.serviceRef } : {}),
        again: job.attempts > 1,
      });
    }
    if (isConfirmation(job) && services.text) {
      // Asked once: not of a number that has answered since (YES, START or STOP).
      if (word?.state === "in") return { skipped: `Already on the list: ${word.reason}` };
      if (word) return { skipped: `Opted out: ${word.reason}` };
      if (!texts) return { ok: false as const, retry: true, reason: "No confirmation words set" };
      return services.text.send(e164(job.recipient), texts.confirmation);
    }
    if (job.action === "text" && services.text) {
      // Checked again at the moment of sending: a STOP after the update was queued counts.
      if (word?.state === "out") return { skipped: `Opted out: ${word.reason}` };
      return services.text.send(e164(job.recipient), job.textBody);
    }
    return { ok: false as const, retry: true, reason: notSetUp[job.list] };
  }

  /**
   * Sends one claimed row: what became of it, as statements the pass writes with its
   * neighbours' (OutboxStore.record), and whether the service is up.
   */
  async function deliver(
    job: OutboxJob,
    word: Consent | null,
  ): Promise<{ statements: SqlStatement[]; up: boolean }> {
    const at = () => now().toISOString();
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send(job, word);
    } catch (error) {
      result = { ok: false, retry: true, reason: `Could not send: ${String(error)}` };
    }
    if ("skipped" in result) {
      return { statements: [outcome.finish(job.id, "skipped", at(), result.skipped)], up: true };
    }
    if (result.ok) {
      // A carrier's word on a text can come before this batch is written: it waits for it.
      const early = job.action === "text" && result.ref ? outcome.earlyStatus(result.ref) : [];
      return { statements: [outcome.sent(job.id, at(), result.ref), ...early], up: true };
    }
    if (result.optedOut && job.action === "text") {
      // The service knows of a STOP we missed: recorded, so no later update tries again.
      return {
        statements: [
          outcome.consent("text", job.recipient, "out", "STOP (told by the text service)", at()),
          outcome.finish(job.id, "skipped", at(), result.reason),
        ],
        up: true,
      };
    }
    if (result.retry && job.attempts < maxAttempts) {
      const due = new Date(now().getTime() + waitFor(job.attempts)).toISOString();
      log(`outbox: #${job.id} (${job.action}) will be tried again at ${due}: ${result.reason}`);
      return { statements: [outcome.later(job.id, due, result.reason, result.ref)], up: false };
    }
    const reason = result.retry
      ? `${result.reason} (gave up after ${job.attempts} tries)`
      : result.reason;
    log(`outbox: #${job.id} (${job.action}) failed: ${reason}`);
    return {
      statements: [outcome.finish(job.id, "failed", at(), reason, result.ref)],
      up: !result.retry,
    };
  }

  /**
   * Whether a text may go now by its recipient's clocks: "now", else when it may (the rink's
   * clock is open, checked before), or "never" when the window never opens on all of them.
   * Asked once per set of zones in a pass: a pass of 50 texts reads a few clocks, not 50.
   */
  function recipientHours(rules: TextRules) {
    const at = now();
    const known = new Map<string, Date | null>();
    return (recipient: string): "now" | "never" | Date => {
      const zones = [timeZone, ...timeZonesOf(recipient)];
      const key = zones.join(" ");
      if (!known.has(key)) known.set(key, nextSendTimeIn(rules.sendHours, at, zones));
      const opens = known.get(key) ?? null;
      if (opens === null) return "never";
      return opens.getTime() <= at.getTime() ? "now" : opens;
    };
  }

  /**
   * The rows of `list` this drain may send, as many as it has calls for: the owner's first
   * (adds, broadcasts, an update's texts), then signups' confirmation requests while the day's
   * ceiling has room (none read past it: they stay due, for a later day's room or the drop).
   */
  async function readDue(list: ListId, limit: number): Promise<OutboxJob[]> {
    const at = now().toISOString();
    const due = await store.due(list, at, limit);
    if (list !== "text" || due.length >= limit) return due;
    // Without the text rules the requests are claimed plainly and wait for their words (send).
    const perDay = texts ? texts.confirmationsPerDay : Number.MAX_SAFE_INTEGER;
    const room = limit - due.length;
    return [...due, ...(await store.dueConfirmations(at, dayAgo(), room, perDay))];
  }

  async function drainList(list: ListId, allowance: Allowance) {
    if (!services[list]) return;
    // Quiet hours: outside them texts stay waiting, and go at the first pass after they open.
    if (list === "text" && texts && !inSendHours(texts.sendHours, now())) return;
    const hoursFor = texts ? recipientHours(texts) : undefined;
    // No more rows than the pass has calls for (each costs one or more): on a Worker each row
    // read crosses from D1 with its update's words, and reading 50 to send 5 was most of a pass.
    const limit = Math.min(batchSize, allowance.calls);
    if (limit <= 0) {
      allowance.short = true;
      return;
    }
    const due = await readDue(list, limit);
    // As many as asked for: there may be more behind them, for the next drain.
    if (due.length === limit) allowance.short = true;
    // The recipient's own clocks: before their hours, a text waits until they open, out of
    // the way of the texts behind it; where they never open, it is not sent.
    const waits: SqlStatement[] = [];
    const never = new Set<number>();
    const ready = due.filter((job) => {
      const hours = job.action === "text" && hoursFor ? hoursFor(job.recipient) : "now";
      if (hours instanceof Date) waits.push(outcome.postpone(job.id, hours.toISOString()));
      if (hours === "never") never.add(job.id);
      return !(hours instanceof Date);
    });
    await store.record(waits);
    allowance.moved += waits.length;
    await sendReady(list, ready, never, allowance);
  }

  /**
   * The next few of `ready` that the drain's calls cover, from `next` on. A row that may need
   * more than a whole drain's share (a broadcast's try after an unanswered one looks through
   * Kit's list first: 22 at most, 3 for a rink's few broadcasts) goes alone at a drain's start;
   * else on a Worker it never would, and the email rows behind it would wait with it.
   */
  function nextChunk(ready: OutboxJob[], next: number, never: Set<number>, allowance: Allowance) {
    const chunk: OutboxJob[] = [];
    for (let at = next; at < ready.length && chunk.length < rowsPerClaim; at++) {
      const job = ready[at] as OutboxJob;
      const cost = never.has(job.id) ? 0 : callsOf(job);
      const alone = cost > callsPerDrain && allowance.calls === callsPerDrain && !chunk.length;
      if (cost > allowance.calls && !alone) break;
      allowance.calls -= Math.min(cost, allowance.calls);
      chunk.push(job);
      if (alone) break;
    }
    return chunk;
  }

  /**
   * Sends `ready` a few rows at a time: claimed in one statement, sent, their outcomes written
   * in one batch, so a pass is a handful of D1 queries whatever its size, and a pass stopped
   * midway (a Worker's limit) leaves at most a few texts claimed and unknown.
   */
  async function sendReady(
    list: ListId,
    ready: OutboxJob[],
    never: Set<number>,
    allowance: Allowance,
  ) {
    let ceilingReached = false;
    for (let next = 0; next < ready.length && !stopped; ) {
      const chunk = nextChunk(ready, next, never, allowance);
      if (chunk.length === 0) {
        allowance.short = true; // the pass's calls are spent: the rest wait for the next
        return;
      }
      next += chunk.length;
      const at = now().toISOString();
      // Confirmation requests are claimed under the day's ceiling (with the text rules), the
      // rest plainly.
      const confirmations: number[] = [];
      const others: number[] = [];
      for (const job of chunk) (isConfirmation(job) && texts ? confirmations : others).push(job.id);
      const claimed = await store.claim(list, others, at);
      if (confirmations.length > 0 && texts && !ceilingReached) {
        // The day's ceiling, counted in the claim's own statement: two passes at once cannot
        // both pass it. Past it, the rest wait for a later pass, and a day old are dropped.
        const taken = await store.claimConfirmations(
          confirmations,
          at,
          dayAgo(),
          texts.confirmationsPerDay,
        );
        if (taken.size < confirmations.length) ceilingReached = true;
        for (const [id, word] of taken) claimed.set(id, word);
      }
      allowance.moved += claimed.size;
      if (!(await sendClaimed(chunk, claimed, never, at))) {
        allowance.down = true;
        return;
      }
    }
  }

  /** Sends a chunk's claimed rows and writes what became of them; false once a service is down. */
  async function sendClaimed(
    chunk: OutboxJob[],
    claimed: Map<number, Consent | null>,
    never: Set<number>,
    at: string,
  ) {
    const written: SqlStatement[] = [];
    const untried: number[] = [];
    let up = true;
    for (const job of chunk) {
      if (!claimed.has(job.id)) continue; // another pass has it, or past the ceiling
      if (!up || stopped) {
        untried.push(job.id);
      } else if (never.has(job.id)) {
        written.push(outcome.finish(job.id, "skipped", at, neverInHours));
      } else {
        const done = await deliver(
          { ...job, attempts: job.attempts + 1 },
          claimed.get(job.id) ?? null,
        );
        written.push(...done.statements);
        up = done.up;
      }
    }
    if (untried.length > 0) written.push(outcome.release(untried));
    await store.record(written);
    return up;
  }

  async function onePass(allowance: Allowance) {
    const at = now();
    await store.recoverStale(
      new Date(at.getTime() - claimTimeoutMs).toISOString(),
      at.toISOString(),
    );
    await hourlyChore(store, at, log);
    // One list's outage does not hold the other's rows.
    await Promise.all((["email", "text"] as const).map((list) => drainList(list, allowance)));
  }

  function drain(): Promise<Drained> {
    if (stopped) return Promise.resolve({ more: false });
    if (pass) {
      again = true;
      return pass;
    }
    // The calls this drain may make, both lists together: one invocation's share on a Worker.
    const allowance: Allowance = { calls: callsPerDrain, short: false, down: false, moved: 0 };
    pass = (async () => {
      do {
        again = false;
        await onePass(allowance).catch((error) => log(`outbox: the pass failed: ${String(error)}`));
      } while (again && !stopped && allowance.calls > 0);
      // Short of calls, or asked for again once they were spent: work waits for the next drain.
      // Not after an outage (a drain at once would spend a row's try on it each time), nor
      // when nothing could be moved on.
      const more = allowance.short || again;
      return { more: more && !stopped && !allowance.down && allowance.moved > 0 };
    })().finally(() => {
      pass = undefined;
    });
    return pass;
  }

  return {
    drain,
    async idle() {
      await pass;
    },
    start(intervalMs) {
      if (timer || stopped) return;
      void drain();
      timer = setInterval(() => void drain(), intervalMs);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await pass;
    },
  };
}
