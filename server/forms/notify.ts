// Emails each accepted submission to the owner. The submission is already stored when this
// runs, so a failed send only leaves the row marked unsent; a timer (Node) or a Cron Trigger
// (Workers) retries such rows. How a mail goes out is the platform's: node/smtp-mailer.ts
// under Node, edge/email.ts on Workers.
//
// Under a flood the owner gets at most `perHour` of these emails an hour (20 by default):
// each is claimed in the database before it is sent (SubmissionStore.claimEmail, one atomic
// statement, so the bound holds across the Worker's isolates too). The rows past it stay
// unsent, and the retry pass tells of them all in one digest email, at most one an hour,
// after which they count as notified. Every row stays in the inbox.

import { plural } from "../../rink/plural.ts";
import { escapingLog } from "../log-text.ts";
import { displayValue, fieldLabel, formOfKind } from "./accepted-forms.ts";
import type { DigestClaim, Submission, SubmissionStore } from "./submission.ts";

/** What became of one row's email: sent, failed (to retry), or held past the hour's bound. */
type Outcome = "sent" | "failed" | "held";

export interface Mail {
  subject: string;
  text: string;
  replyTo?: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/**
 * The owner's address(es), read once for each email (the host's choice: the settings', else the
 * first run's owner from the owners' table, owner/auth.ts's ownersToEmail).
 */
export type Recipients = () => Promise<readonly string[]>;

/** Why an owner's email was not sent: the site has no owner yet (the row is retried later). */
export const noRecipientYet = "no owner to email yet";

/** The recipients of one send; throws while there are none, so the row stays unsent. */
export async function recipientsOf(to: Recipients): Promise<readonly string[]> {
  const addresses = await to();
  if (addresses.length === 0) throw new Error(noRecipientYet);
  return addresses;
}

/** How each platform sends: node/smtp-mailer.ts under Node, edge/email.ts on Workers. */
export interface Mailer {
  /** To the owner's address(es): a submission's email. */
  send: SendMail;
  /** To one address only: an owner's sign-in link (owner/sign-in-routes.ts). */
  sendTo(to: string, mail: Mail): Promise<void>;
  /** Ends the SMTP connection pool; nothing to end on Workers. */
  close?(): void;
}

// A header must stay one line whatever a visitor typed.
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").slice(0, 120);

/** The owner's email: which form, when, and every field by its label. */
export function composeMail(submission: Submission): Mail {
  const { data } = submission;
  const form = formOfKind(submission.form);
  const names = form ? Object.keys(form.fields) : Object.keys(data);
  const label = (name: string) => (form ? fieldLabel(form, name) : name);
  const shown = (name: string) => {
    const value = data[name];
    return value !== undefined && form ? displayValue(form, name, value) : value;
  };

  const lines = names.map((name) => {
    const value = shown(name) ?? "(not given)";
    return value.includes("\n") ? `${label(name)}:\n${value}` : `${label(name)}: ${value}`;
  });
  const text = [
    `Form: ${submission.form}`,
    `Received: ${submission.createdAt}`,
    `Submission: #${submission.id}`,
    "",
    ...lines,
    "",
  ].join("\n");

  const who = data.name ?? data.email ?? data.phone ?? "";
  const subject =
    submission.form === "contact"
      ? `Contact message from ${who}: ${shown("subject") ?? ""}`
      : `Newsletter signup: ${who}`;
  return { subject: oneLine(subject), text, ...(data.email ? { replyTo: data.email } : {}) };
}

/** The hour's digest: how many submissions were not emailed one by one, and where they are. */
export function composeDigest(
  claim: Pick<DigestClaim, "count">,
  perHour: number,
  inboxUrl: string,
): Mail {
  const more = plural(claim.count, "more submission", "more submissions");
  const emails = plural(perHour, "email", "emails");
  const text = [
    `${more} arrived after ${emails} in an hour; read them in the inbox at ${inboxUrl}`,
    "",
    `While more than ${perHour} submissions an hour come in, the others are not emailed one by`,
    "one: this email tells of them, at most once an hour. Every submission is kept in the inbox.",
    "",
  ].join("\n");
  return { subject: `${more} in the inbox`, text };
}

export interface Notifier {
  /** Emails a just-stored submission; never rejects, so callers need not await it. */
  notify(submission: Submission): Promise<void>;
  /** One pass over the unsent rows, oldest first. */
  retryUnsent(): Promise<void>;
  /** Resolves once no send or retry pass is running. */
  idle(): Promise<void>;
  /** Starts the retry timer (unref'd: it never keeps the process alive). */
  start(intervalMs: number): void;
  /** Stops the timer and waits for sends in flight; later notify() calls do nothing. */
  stop(): Promise<void>;
}

export interface NotifierOptions {
  inbox: Pick<
    SubmissionStore,
    | "listUnsent"
    | "markSent"
    | "markFailed"
    | "claimEmail"
    | "claimDigest"
    | "markDigested"
    | "releaseDigest"
  >;
  send: SendMail;
  now?: () => Date;
  /** After this many failed sends a row is left alone (the CLI still lists it). */
  maxAttempts?: number;
  /** Rows per retry pass, so a long outage does not end in a burst of mail. */
  batchSize?: number;
  /** Emails one by one an hour (default 20); past it, the hourly digest. 0: no bound. */
  perHour?: number;
  /** Where the digest sends the owner: the inbox's page ("/inbox/", or the site's own URL). */
  inboxUrl?: string;
  log?: (message: string) => void;
}

export const defaultMaxAttempts = 30;
export const defaultEmailsPerHour = 20;
const hourMs = 3_600_000;

export function createNotifier({
  inbox,
  send,
  now = () => new Date(),
  maxAttempts = defaultMaxAttempts,
  batchSize = 20,
  perHour = defaultEmailsPerHour,
  inboxUrl = "/inbox/",
  log = escapingLog((message) => console.error(message)),
}: NotifierOptions): Notifier {
  // Sends in flight by row id: the retry pass skips them, so no row is mailed twice at once.
  const inFlight = new Map<number, Promise<Outcome>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let pass: Promise<void> | undefined;
  let stopped = false;

  const hourBefore = (at: Date) => new Date(at.getTime() - hourMs).toISOString();

  async function attempt(submission: Submission): Promise<Outcome> {
    if (perHour > 0) {
      try {
        const at = now();
        const claimed = await inbox.claimEmail(
          submission.id,
          at.toISOString(),
          hourBefore(at),
          perHour,
        );
        // The hour's emails are all out: the row waits for the digest (or a later hour).
        if (!claimed) return "held";
      } catch (error) {
        log(`Could not claim the email for #${submission.id}, will retry: ${String(error)}`);
        return "failed";
      }
    }
    try {
      await send(composeMail(submission));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`Email for submission #${submission.id} failed, will retry: ${reason}`);
      try {
        await inbox.markFailed(submission.id, reason);
      } catch (markError) {
        log(`Could not record the failed email for #${submission.id}: ${String(markError)}`);
      }
      return "failed";
    }
    try {
      await inbox.markSent(submission.id, now().toISOString());
    } catch (markError) {
      log(`Email for #${submission.id} went out but was not recorded: ${String(markError)}`);
    }
    return "sent";
  }

  function deliver(submission: Submission): Promise<Outcome> {
    const running = inFlight.get(submission.id);
    if (running) return running;
    const sending = attempt(submission).finally(() => inFlight.delete(submission.id));
    inFlight.set(submission.id, sending);
    return sending;
  }

  // The hour's digest, when its emails are all out and rows wait: claimed first (so one an
  // hour, whoever runs the pass), given back if the send fails, and only once it went out do
  // the rows it told of count as notified. A row claimed for its own email in between is
  // left out of the marking (it is mailed once), though the digest's number counted it.
  async function digestPass(): Promise<void> {
    const at = now();
    const since = hourBefore(at);
    const claim = await inbox.claimDigest(at.toISOString(), since, perHour, maxAttempts);
    if (!claim) return;
    try {
      await send(composeDigest(claim, perHour, inboxUrl));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`The digest of ${claim.count} submissions failed, will retry: ${reason}`);
      await inbox.releaseDigest(claim.id);
      return;
    }
    try {
      await inbox.markDigested(claim.lastId, now().toISOString(), since, maxAttempts);
    } catch (markError) {
      log(`The digest of ${claim.count} went out but was not recorded: ${String(markError)}`);
    }
  }

  async function retryPass(): Promise<void> {
    const rows = await inbox.listUnsent(maxAttempts, batchSize);
    for (const row of rows) {
      if (stopped) return;
      if (inFlight.has(row.id)) continue;
      const outcome = await deliver(row);
      // The hour's emails are all out: the rest wait, told of by the digest.
      if (outcome === "held") return digestPass();
      // The first failure most likely means the mail server is down: stop the pass rather
      // than spend an attempt of every waiting row on the same outage.
      if (outcome === "failed") return;
    }
  }

  function retryUnsent(): Promise<void> {
    if (stopped) return Promise.resolve();
    pass ??= retryPass()
      .catch((error) => log(`Retrying unsent emails failed: ${String(error)}`))
      .finally(() => {
        pass = undefined;
      });
    return pass;
  }

  return {
    async notify(submission) {
      if (stopped || submission.spam) return;
      await deliver(submission);
    },
    retryUnsent,
    async idle() {
      await Promise.all([pass, ...inFlight.values()]);
    },
    start(intervalMs) {
      if (timer || stopped) return;
      // A pass at once picks up what a previous run left unsent (a crash, an outage).
      void retryUnsent();
      timer = setInterval(() => void retryUnsent(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.all([pass, ...inFlight.values()]);
    },
  };
}
