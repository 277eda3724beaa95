// The contact message's logic, apart from React: send the form through Formspree's official
// client and turn its answer into a value the form renders.
import {
  type Client,
  type FieldValues,
  getDefaultClient,
  isSubmissionError,
  type SubmissionResult,
} from "@formspree/core";
import { type ContactField, contactFieldNames, contactFields } from "../../rink/forms/contact.ts";
import { absoluteEndpoint } from "./form-endpoints.ts";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type ContactStatus =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success" }
  /** fieldErrors go beneath their inputs; formError means "show the one alert". */
  | { kind: "error"; fieldErrors: ContactFieldErrors; formError: boolean };

export type ContactResult = Extract<ContactStatus, { kind: "success" | "error" }>;

/** "Email should be an email, is required": the label, then every message, comma-joined. */
export function labelFieldErrors(
  label: string,
  errors: readonly { message: string }[],
): string | undefined {
  if (errors.length === 0) return undefined;
  return `${label} ${errors.map((error) => error.message).join(", ")}`;
}

/**
 * Reads the service's answer. Errors on our five fields are labelled for display; anything
 * else (a form-level error, a network failure the client reports as one, an error on a field
 * the form does not show) becomes the one alert, so the visitor is never left without word.
 */
export function contactResult(result: SubmissionResult<FieldValues>): ContactResult {
  if (!isSubmissionError(result)) return { kind: "success" };
  const fieldErrors: ContactFieldErrors = {};
  for (const name of contactFieldNames) {
    const text = labelFieldErrors(contactFields[name].label, result.getFieldErrors(name));
    if (text) fieldErrors[name] = text;
  }
  const known = new Set<string>(contactFieldNames);
  const formError =
    result.getFormErrors().length > 0 ||
    result.getAllFieldErrors().some(([field]) => !known.has(String(field))) ||
    Object.keys(fieldErrors).length === 0;
  return { kind: "error", fieldErrors, formError };
}

export interface ContactTarget {
  formId: string;
  /** As configured: an origin such as https://formspree.io, or "" for this site's own. */
  endpoint: string;
  /** Injected in tests; Formspree's default client otherwise. */
  client?: Pick<Client, "submitForm">;
}

/** Sends the form's data (name, email, phone, subject, message and the honeypot). */
export async function submitContact(data: FormData, target: ContactTarget): Promise<ContactResult> {
  const client = target.client ?? getDefaultClient();
  try {
    const endpoint = absoluteEndpoint(target.endpoint);
    return contactResult(await client.submitForm(target.formId, data, { endpoint }));
  } catch {
    return { kind: "error", fieldErrors: {}, formError: true };
  }
}

/**
 * Creates Formspree's client when the form appears: the client records the page-load time it
 * reports with each submission, and a client made at submit time would report zero seconds.
 */
export function startContactSession(): void {
  getDefaultClient();
}
