// POST /f/:formId, answering as Formspree does, so @formspree/core and a plain HTML form both
// work against it: JSON for scripts, a 303 redirect or a small HTML page for browsers without
// JavaScript. A submission answered 2xx is stored (and synced to disk) before the answer.
// In front of that, in order: the origin check (CORS), the form id, the rate limit, the form's
// daily ceiling (daily-ceiling.ts), the body limit; after the body, spam's own ceiling and the
// client's share of the form's day. Each refusal is a 4xx in Formspree's shape. Only a real
// server fault is a 5xx.
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { honeypotField } from "../../rink/forms/form-ids.ts";
import { bodyLimit } from "../body-limit.ts";
import type { ServerEnv } from "../env.ts";
import { escapingLog } from "../log-text.ts";
import { inboxHeaders } from "../security-headers.ts";
import { fieldLabel, findForm, type InboxForm } from "./accepted-forms.ts";
import { type CeilingRefused, dailyCeiling } from "./daily-ceiling.ts";
import { renderErrorPage } from "./error-page.ts";
import { groupCommit } from "./group-commit.ts";
import type { Notifier } from "./notify.ts";
import { createRateLimiter, type RateDecision } from "./rate-limit.ts";
import { readSubmissionBody } from "./request-body.ts";
import {
  type NewSubmission,
  type Submission,
  type SubmissionStore,
  submissionClient,
} from "./submission.ts";
import { subscriberKey } from "./subscriber-key.ts";

export const maxBodyBytes = 64 * 1024;
export const defaultRateLimitPerMinute = 5;
/** Real messages stored per form in a rolling 24 hours; spam is counted apart, up to as many. */
export const defaultDailyLimitPerForm = 500;

/** Headers a cross-origin page's script may send: Formspree's client sends all four. */
const allowedRequestHeaders = "Content-Type, Accept, Formspree-Client, Formspree-Session-Data";

export interface FormEndpointDeps {
  inbox: SubmissionStore;
  /**
   * How an accepted submission is written; by default through a group commit (one sync to
   * disk per burst, for node:sqlite). The Worker writes each to D1 as it comes.
   */
  save?: (submission: NewSubmission) => Promise<Submission>;
  /** Submissions a minute per key; by default the in-memory limiter of rateLimitPerMinute. */
  limiter?: { take(key: string): RateDecision | Promise<RateDecision> };
  /**
   * Keeps a task running after the answer (the owner's email). Node's process lives on by
   * itself; a Worker must hand the task to waitUntil.
   */
  background?: (c: Context<ServerEnv>, task: Promise<unknown>) => void;
  /** Absent when no mail is configured: submissions are only stored. */
  notifier?: Pick<Notifier, "notify">;
  /**
   * The list services' outbox: a pass right after a signup is stored sends its rows (written
   * with the signup, in its transaction, by lists/signup-outbox.ts) without waiting for the
   * timer or the Cron. Only its drain (lists/outbox.ts), so the forms' endpoint needs nothing
   * of the lists' room.
   */
  outbox?: { drain(): Promise<unknown> };
  now?: () => Date;
  /** Where failures are reported; the server's stderr by default. */
  log?: (message: string) => void;
  /** Submissions a minute per client address and form (default 5); 0 turns the limit off. */
  rateLimitPerMinute?: number;
  /**
   * Real messages stored per form in a rolling 24 hours from all clients together (default
   * 500), a tenth of them at most from one client; spam is counted apart, up to as many. 0
   * turns the ceiling off.
   */
  dailyLimitPerForm?: number;
  /** Text alerts to Canadian numbers too (SMS_TO_CANADA); only to the US's by default. */
  textsToCanada?: boolean;
  /** Origins besides the site's own whose pages may post here ("https://rink.example.com"). */
  siteOrigins?: readonly string[];
}

/** Formspree's error item: `field` only on field errors. */
type ServerError = { field?: string; code?: string; message: string };

// A browser posting a <form> asks for HTML; fetch() callers (Formspree's client, the
// newsletter block) ask for JSON or for anything. Only the former gets pages and redirects.
export function wantsHtml(accept: string | undefined): boolean {
  const value = (accept ?? "").toLowerCase();
  return value.includes("text/html") && !value.includes("application/json");
}

function isSpam(data: Record<string, unknown>): boolean {
  const trap = data[honeypotField];
  if (trap === undefined || trap === null || trap === false) return false;
  return typeof trap !== "string" || trap.length > 0;
}

// What a spam row keeps: the declared fields' text, bounded like real submissions, and the
// trap itself, so the owner can see why it was flagged. A trap that is not text is recorded by
// its type: serialising it could be a 64 KB-deep nest that overflows the stack.
function spamRecord(form: InboxForm, data: Record<string, unknown>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, rules] of Object.entries(form.fields)) {
    const value = data[name];
    if (typeof value === "string" && value.trim()) {
      record[name] = value.trim().slice(0, rules.maxLength);
    }
  }
  const trap = data[honeypotField];
  const shown =
    typeof trap === "string"
      ? trap
      : typeof trap === "number" || typeof trap === "boolean"
        ? String(trap)
        : `[${Array.isArray(trap) ? "array" : typeof trap}]`;
  record[honeypotField] = shown.slice(0, 200);
  return record;
}

function describe(form: InboxForm | undefined, error: ServerError): string {
  if (!error.field || !form) return error.message;
  return `${fieldLabel(form, error.field)} ${error.message}`;
}

function refuse(
  c: Context<ServerEnv>,
  status: ContentfulStatusCode,
  errors: ServerError[],
  form: InboxForm | undefined,
) {
  c.set("errorCode", errors[0]?.code ?? (status >= 500 ? "SERVER_ERROR" : "UNSPECIFIED"));
  if (!wantsHtml(c.req.header("accept"))) return c.json({ errors }, status);
  const page = renderErrorPage({
    title:
      status === 422
        ? "Please check the form"
        : status === 429
          ? "Too many submissions"
          : "Your form could not be sent",
    problems: errors.map((e) => describe(form, e)),
    backHref: form?.formPath ?? "/",
    backText: form ? "go back to the form" : "go to the home page",
  });
  return c.html(page, status);
}

function accept(c: Context<ServerEnv>, form: InboxForm) {
  if (wantsHtml(c.req.header("accept"))) return c.redirect(form.thanksPath, 303);
  return c.json({ next: form.thanksPath, ok: true }, 200);
}

/**
 * Whether `origin` is a page of this very host, whatever the scheme (a proxy may end TLS in
 * front of us). "null" (a sandboxed frame, a privacy setting) and what is not a URL are not.
 */
export function originIsHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "https:" || url.protocol === "http:") && url.host === host;
  } catch {
    return false;
  }
}

/**
 * Whether a browser page at `origin` may post here: the site itself or one of the configured
 * origins. No Origin header at all is a client that is not a browser page, which CORS cannot
 * restrain anyway.
 */
function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  siteOrigins: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  return siteOrigins.has(origin) || originIsHost(origin, host);
}

const originRefused: ServerError = {
  code: "ORIGIN_NOT_ALLOWED",
  message: "This form does not accept submissions from that site.",
};

export function formEndpoint({
  inbox,
  save,
  limiter: givenLimiter,
  background,
  notifier,
  outbox,
  now = () => new Date(),
  log = escapingLog((message) => console.error(message)),
  rateLimitPerMinute = defaultRateLimitPerMinute,
  dailyLimitPerForm = defaultDailyLimitPerForm,
  textsToCanada = false,
  siteOrigins = [],
}: FormEndpointDeps) {
  const app = new Hono<ServerEnv>();
  const allowedOrigins = new Set(siteOrigins);
  const limiter = givenLimiter ?? createRateLimiter({ perMinute: rateLimitPerMinute });
  const store = save ?? groupCommit(inbox);

  // Every answer of the inbox: no cache, a policy that loads nothing, and CORS headers for a
  // page allowed to read the answer (set before the handler, so every answer carries them).
  const cors: MiddlewareHandler<ServerEnv> = async (c, next) => {
    for (const [name, value] of Object.entries(inboxHeaders)) c.header(name, value);
    c.header("Vary", "Origin");
    const origin = c.req.header("origin");
    if (!originAllowed(origin, c.req.header("host"), allowedOrigins)) {
      return refuse(c, 403, [originRefused], findForm(c.req.param("formId") ?? ""));
    }
    if (origin !== undefined) c.header("Access-Control-Allow-Origin", origin);
    return next();
  };

  // Before the body is read: a refused flood costs no parsing.
  const rateLimit: MiddlewareHandler<ServerEnv> = async (c, next) => {
    const form = findForm(c.req.param("formId") ?? "");
    if (!form) {
      return refuse(c, 404, [{ code: "FORM_NOT_FOUND", message: "Form not found" }], undefined);
    }
    const client = c.get("client")?.address ?? "unknown";
    const decision = await limiter.take(`${form.id} ${subscriberKey(client)}`);
    if (!decision.ok) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      const message = `Too many submissions. Please try again in ${decision.retryAfterSeconds} seconds.`;
      return refuse(c, 429, [{ code: "RATE_LIMITED", message }], form);
    }
    return next();
  };

  const ceiling = dailyCeiling({ inbox, limit: dailyLimitPerForm, now });
  const refuseCeiling = (c: Context<ServerEnv>, form: InboxForm, refused: CeilingRefused) => {
    c.header("Retry-After", String(Math.max(1, Math.ceil(refused.waitMs / 1000))));
    return refuse(c, 429, [refused.refusal], form);
  };

  // After the rate limit and still before the body is read: a client known to be past its
  // share costs nothing, and the form's real messages one indexed count (none once full).
  const dailyLimit: MiddlewareHandler<ServerEnv> = async (c, next) => {
    const form = findForm(c.req.param("formId") ?? "");
    if (!form) return next();
    const pastShare = ceiling.knownPastShare(form.kind, c.get("client")?.address);
    if (pastShare) return refuseCeiling(c, form, pastShare);
    const room = await ceiling.enterReal(form.kind);
    if (!room.ok) return refuseCeiling(c, form, room);
    try {
      await next();
    } finally {
      room.leave();
    }
  };

  // A CORS preflight: the answer is the same for every form id, known or not.
  app.options("/:formId", cors, (c) => {
    const origin = c.req.header("origin");
    const method = c.req.header("access-control-request-method");
    if (origin === undefined || method !== "POST") {
      return refuse(c, 403, [originRefused], findForm(c.req.param("formId")));
    }
    c.header("Access-Control-Allow-Methods", "POST");
    c.header("Access-Control-Allow-Headers", allowedRequestHeaders);
    c.header("Access-Control-Max-Age", "600");
    c.header("Vary", "Origin, Access-Control-Request-Headers");
    return c.body(null, 204);
  });

  app.post(
    "/:formId",
    cors,
    rateLimit,
    dailyLimit,
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => {
        const context = c as Context<ServerEnv>;
        const message = "The submission is larger than 64 KB.";
        const form = findForm(c.req.param("formId") ?? "");
        return refuse(context, 413, [{ code: "PAYLOAD_TOO_LARGE", message }], form);
      },
    }),
    async (c) => {
      const form = findForm(c.req.param("formId"));
      if (!form) {
        return refuse(c, 404, [{ code: "FORM_NOT_FOUND", message: "Form not found" }], undefined);
      }

      const body = await readSubmissionBody(c.req.raw);
      if (!body.ok) {
        return refuse(c, body.status, [{ code: body.code, message: body.message }], form);
      }

      const createdAt = now().toISOString();
      // A bot that filled the trap is told it succeeded, so it learns nothing; past spam's own
      // ceiling its post is not stored.
      if (isSpam(body.data)) {
        if (!(await ceiling.roomForSpam(form.kind))) return accept(c, form);
        await store({ form: form.kind, createdAt, data: spamRecord(form, body.data), spam: true });
        return accept(c, form);
      }

      const result = form.validate(body.data, { textsToCanada });
      if (!result.ok) return refuse(c, 422, result.errors, form);
      const address = c.get("client")?.address;
      const client = await submissionClient(address);
      const share = await ceiling.claimShare(form.kind, address, client);
      if (!share.ok) return refuseCeiling(c, form, share);

      const stored = await store({
        form: form.kind,
        createdAt,
        data: result.value,
        spam: false,
        client,
      });
      // Not awaited: the visitor's answer never waits on, or fails with, the mail server.
      const sending = notifier?.notify(stored);
      if (sending) background?.(c, sending);
      if (outbox && form.lists) {
        // The signup's confirmation text and Kit subscribe go now, on both hosts, not at the
        // outbox's timer (Node) or Cron (Workers). Started before it is handed on: an optional
        // call, background?.(c, outbox.drain()), skips its arguments, so on Node (no
        // background) the pass never started. Not awaited; a Worker's waitUntil keeps it.
        const pass = outbox.drain().catch((error: unknown) => {
          // Its kind only: a failing service's words may quote the person's address.
          const kind = error instanceof Error ? error.name : typeof error;
          log(`outbox: the pass after a signup failed (${kind}); the timer will try again`);
        });
        background?.(c, pass);
      }
      return accept(c, form);
    },
  );

  // GET and HEAD fall through to the site (its 404 page); other methods are refused here.
  app.all("/:formId", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    for (const [name, value] of Object.entries(inboxHeaders)) c.header(name, value);
    c.header("Allow", "POST, OPTIONS");
    const message = "Submit the form with POST.";
    return refuse(c, 405, [{ code: "METHOD_NOT_ALLOWED", message }], undefined);
  });

  // Whatever else breaks (the disk is full, the database is gone) is answered in the same
  // shape, without a stack trace; the details go to the server's log.
  app.onError((error, c) => {
    log(
      `${c.req.method} ${c.req.path} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    const message = "The submission could not be saved. Please try again later.";
    return refuse(c, 500, [{ message }], findForm(c.req.param("formId") ?? ""));
  });

  return app;
}
