// Drains the outbox (outbox-store.ts) into the list services (service.ts): each row is
// claimed before its call, so no row is sent twice at once, whoever runs the pass. While a
// service is unavailable its rows wait, each try twice as long after the last (from
// `retrySeconds`, at most an hour), and the pass stops at that service's first failure rather
// than spend every row's try on one outage. A refusal is final, with the service's words.
// Passes run on a timer under Node and on the Cron Trigger on Workers (edge/worker.ts), and
// once more just after a signup is stored or an update queued.

import { timeZone } from "../../rink/clock.ts";
import { timeZonesOf } from "./number-time-zones.ts";
import type { OutboxJob, OutboxStore } from "./outbox-store.ts";
import { inSendHours, nextSendTimeIn, type SendHours } from "./send-hours.ts";
import { type ListId, type ListServices, notSetUp } from "./service.ts";

export interface Outbox {
  /** One pass over what is due; never rejects. */
  drain(): Promise<void>;
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
  claimTimeoutMs = 10 * 60_000,
  texts,
}: OutboxOptions): Outbox {
  let pass: Promise<void> | undefined;
  // Asked for while a pass runs (a signup stored after the pass read its rows): one more.
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const waitFor = (attempts: number) =>
    Math.min(retrySeconds * 2 ** Math.max(0, attempts - 1), hourSeconds) * 1000;

  /** The call a row stands for; undefined when the person has left the list since. */
  async function send(job: OutboxJob) {
    if (job.action === "subscribe" && services.email) {
      const out = await store.optedOut("email", job.recipient);
      if (out && out.at >= job.createdAt) return { skipped: `Left the list: ${out.reason}` };
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
      const said = await store.textConsent(job.recipient);
      if (said?.state === "in") return { skipped: `Already on the list: ${said.reason}` };
      if (said) return { skipped: `Opted out: ${said.reason}` };
      if (!texts) return { ok: false as const, retry: true, reason: "No confirmation words set" };
      return services.text.send(e164(job.recipient), texts.confirmation);
    }
    if (job.action === "text" && services.text) {
      // Checked again at the moment of sending: a STOP after the update was queued counts.
      const out = await store.optedOut("text", job.recipient);
      if (out) return { skipped: `Opted out: ${out.reason}` };
      return services.text.send(e164(job.recipient), job.textBody);
    }
    return { ok: false as const, retry: true, reason: notSetUp[job.list] };
  }

  /** Sends one claimed row and records what became of it: whether the service is up. */
  async function deliver(job: OutboxJob): Promise<boolean> {
    const at = () => now().toISOString();
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send(job);
    } catch (error) {
      result = { ok: false, retry: true, reason: `Could not send: ${String(error)}` };
    }
    if ("skipped" in result) {
      await store.finish(job.id, "skipped", at(), result.skipped);
      return true;
    }
    if (result.ok) {
      await store.sent(job.id, at(), result.ref);
      return true;
    }
    if (result.optedOut && job.action === "text") {
      // The service knows of a STOP we missed: recorded, so no later update tries again.
      await store.setConsent("text", job.recipient, "out", "STOP (told by the text service)", at());
      await store.finish(job.id, "skipped", at(), result.reason);
      return true;
    }
    if (result.retry && job.attempts < maxAttempts) {
      const due = new Date(now().getTime() + waitFor(job.attempts)).toISOString();
      await store.later(job.id, due, result.reason, result.ref);
      log(`outbox: #${job.id} (${job.action}) will be tried again at ${due}: ${result.reason}`);
      return false;
    }
    const reason = result.retry
      ? `${result.reason} (gave up after ${job.attempts} tries)`
      : result.reason;
    await store.finish(job.id, "failed", at(), reason, result.ref);
    log(`outbox: #${job.id} (${job.action}) failed: ${reason}`);
    return !result.retry;
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

  async function drainList(list: ListId) {
    if (!services[list]) return;
    if (list === "text") {
      // A confirmation request not sent within a day of its signup (the day's ceiling, an
      // outage) is dropped, never sent late (issue 42); a signup a day on asks again.
      const before = new Date(now().getTime() - 86_400_000).toISOString();
      const dropped = await store.dropStaleConfirmations(before, now().toISOString());
      if (dropped > 0) log(`outbox: ${dropped} confirmation text(s) dropped, a day old`);
    }
    // Quiet hours: outside them texts stay waiting, and go at the first pass after they open.
    if (list === "text" && texts && !inSendHours(texts.sendHours, now())) return;
    const hoursFor = texts ? recipientHours(texts) : undefined;
    const jobs = await store.due(list, now().toISOString(), batchSize);
    let ceilingReached = false;
    for (const job of jobs) {
      if (stopped) return;
      const at = now().toISOString();
      if (isConfirmation(job) && ceilingReached) continue;
      if (job.action === "text" && hoursFor) {
        // The recipient's own clocks (issue 42): before their hours, the row waits until they
        // open, out of the way of the texts behind it.
        const hours = hoursFor(job.recipient);
        if (hours instanceof Date) {
          await store.postpone(job.id, hours.toISOString());
          continue;
        }
        if (hours === "never") {
          if (await store.claim(job.id, at))
            await store.finish(job.id, "skipped", at, neverInHours);
          continue;
        }
      }
      if (isConfirmation(job) && texts) {
        // The day's ceiling on confirmation requests, counted in the claim's own statement, so
        // two passes at once (a timer and a kick, two Worker isolates) cannot both pass it.
        const since = new Date(now().getTime() - 86_400_000).toISOString();
        if (!(await store.claimConfirmation(job.id, at, since, texts.confirmationsPerDay))) {
          // Past the ceiling (or another pass has it): the rest wait where they are, newest
          // first (store.due), for a later pass; a day old, they are dropped (above).
          ceilingReached = true;
          continue;
        }
      } else if (!(await store.claim(job.id, at))) continue;
      const up = await deliver({ ...job, attempts: job.attempts + 1 });
      if (!up) return;
    }
  }

  async function onePass() {
    const at = now();
    await store.recoverStale(
      new Date(at.getTime() - claimTimeoutMs).toISOString(),
      at.toISOString(),
    );
    // One list's outage does not hold the other's rows.
    await Promise.all((["email", "text"] as const).map(drainList));
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      do {
        again = false;
        await onePass().catch((error) => log(`outbox: the pass failed: ${String(error)}`));
      } while (again && !stopped);
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
