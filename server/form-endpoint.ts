// POST /f/:formId, answering as Formspree does, so @formspree/core and a plain HTML form both
// work against it: JSON for scripts, a 303 redirect or a small HTML page for browsers without
// JavaScript. A submission answered 2xx is stored (and synced to disk) before the answer.
import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { renderErrorPage } from "./error-page.ts";
import type { Inbox } from "./inbox.ts";
import { fieldLabel, findForm, honeypotField, type InboxForm } from "./inbox-forms.ts";
import type { Notifier } from "./notify.ts";
import { readSubmissionBody } from "./request-body.ts";

export const maxBodyBytes = 64 * 1024;

export interface FormEndpointDeps {
  inbox: Inbox;
  /** Absent when no mail is configured: submissions are only stored. */
  notifier?: Pick<Notifier, "notify">;
  now?: () => Date;
  /** Where failures are reported; the server's stderr by default. */
  log?: (message: string) => void;
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
// trap itself, so the owner can see why it was flagged.
function spamRecord(form: InboxForm, data: Record<string, unknown>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, rules] of Object.entries(form.fields)) {
    const value = data[name];
    if (typeof value === "string" && value.trim()) {
      record[name] = value.trim().slice(0, rules.maxLength);
    }
  }
  const trap = data[honeypotField];
  record[honeypotField] = (typeof trap === "string" ? trap : JSON.stringify(trap)).slice(0, 200);
  return record;
}

function describe(form: InboxForm | undefined, error: ServerError): string {
  if (!error.field || !form) return error.message;
  return `${fieldLabel(form, error.field)} ${error.message}`;
}

function refuse(
  c: Context,
  status: ContentfulStatusCode,
  errors: ServerError[],
  form: InboxForm | undefined,
) {
  if (!wantsHtml(c.req.header("accept"))) return c.json({ errors }, status);
  const page = renderErrorPage({
    title: status === 422 ? "Please check the form" : "Your form could not be sent",
    problems: errors.map((e) => describe(form, e)),
    backHref: form?.formPath ?? "/",
    backText: form ? "go back to the form" : "go to the home page",
  });
  return c.html(page, status);
}

function accept(c: Context, form: InboxForm) {
  if (wantsHtml(c.req.header("accept"))) return c.redirect(form.thanksPath, 303);
  return c.json({ next: form.thanksPath, ok: true }, 200);
}

export function formEndpoint({
  inbox,
  notifier,
  now = () => new Date(),
  log = (message) => console.error(message),
}: FormEndpointDeps) {
  const app = new Hono();

  app.post(
    "/:formId",
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) =>
        refuse(
          c,
          413,
          [{ code: "PAYLOAD_TOO_LARGE", message: "The submission is larger than 64 KB." }],
          findForm(c.req.param("formId") ?? ""),
        ),
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
      // A bot that filled the trap is told it succeeded, so it learns nothing.
      if (isSpam(body.data)) {
        inbox.insert({ form: form.kind, createdAt, data: spamRecord(form, body.data), spam: true });
        return accept(c, form);
      }

      const result = form.validate(body.data);
      if (!result.ok) return refuse(c, 422, result.errors, form);

      const stored = inbox.insert({ form: form.kind, createdAt, data: result.value, spam: false });
      // Not awaited: the visitor's answer never waits on, or fails with, the mail server.
      void notifier?.notify(stored);
      return accept(c, form);
    },
  );

  // Whatever else breaks (the disk is full, the database is gone) is answered in the same
  // shape, without a stack trace; the details go to the server's log.
  app.onError((error, c) => {
    log(`POST ${c.req.path} failed: ${error instanceof Error ? error.message : String(error)}`);
    const message = "The submission could not be saved. Please try again later.";
    return refuse(c, 500, [{ message }], findForm(c.req.param("formId") ?? ""));
  });

  return app;
}
