// The two forms' validation, shared by the browser and the inbox server. Codes are
// Formspree's, so the official client files each error under its field. Messages follow the
// field label, because the contact form shows them as "<Field label> <message>".
import { type ContactSubject, contactFields, contactSubjects } from "./contact.ts";
import { newsletterFields, newsletterMessages, notProvided, phoneDigits } from "./newsletter.ts";
import { formatPhoneInput, phoneKey, textsReach } from "./phone.ts";

export type ValidationCode =
  | "REQUIRED_FIELD_MISSING"
  | "REQUIRED_FIELD_EMPTY"
  | "TYPE_EMAIL"
  | "TYPE_NUMERIC"
  | "TYPE_TEXT"
  | "EMPTY";

/** One problem; without `field` it concerns the whole form. */
export interface ValidationError {
  field?: string;
  code: ValidationCode;
  message: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: ValidationError[] };

export interface ContactValue {
  name: string;
  email: string;
  phone?: string;
  subject: ContactSubject;
  message: string;
}

export interface NewsletterValue {
  email?: string;
  /** Always formatted as (123) 456-7890. */
  phone?: string;
}

export const validationMessages = {
  required: "is required",
  email: "should be an email",
  text: "should be text",
  subject: "should be one of the listed topics",
  phone: `should be a ${phoneDigits}-digit phone number`,
  // The same words whether Canada is open or not (TEXTS_TO_CANADA): the browser, which cannot
  // know the setting, says them of a number neither opens.
  textArea: "has an area code we do not send text alerts to",
  tooLong: (max: number) => `is too long (at most ${max} characters)`,
  emptyContact: "Please fill in the form before sending.",
} as const;

// The browser's own rule for type=email (WHATWG), plus a dot in the domain: an address
// without one cannot be answered, and it is almost always a typo.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value);
}

/**
 * The number of a phone typed with the usual punctuation (a "+1" or "1" country code
 * dropped, as the inbox keys it), or null when it has anything else.
 */
function typedPhoneDigits(value: string): string | null {
  if (!/^\+?[\d\s().-]*$/.test(value)) return null;
  return phoneKey(value);
}

type Text =
  | { kind: "absent" }
  | { kind: "blank" }
  | { kind: "text"; text: string }
  | { kind: "bad" };

// JSON numbers are accepted as text (a phone sent as 1234567890); objects, arrays, booleans
// and repeated form fields are not.
function readText(data: Record<string, unknown>, field: string): Text {
  if (!Object.hasOwn(data, field)) return { kind: "absent" };
  const raw = data[field];
  if (raw === null || raw === undefined) return { kind: "absent" };
  if (typeof raw === "number" && Number.isFinite(raw)) return { kind: "text", text: String(raw) };
  if (typeof raw !== "string") return { kind: "bad" };
  const text = raw.trim();
  return text === "" ? { kind: "blank" } : { kind: "text", text };
}

function fieldError(field: string, code: ValidationCode, message: string): ValidationError {
  return { field, code, message };
}

/** A non-blank text field within its limit, or the error it earns. */
function checkText(
  field: string,
  read: Text,
  maxLength: number,
): { text: string } | { error: ValidationError } | null {
  if (read.kind === "absent" || read.kind === "blank") return null;
  if (read.kind === "bad")
    return { error: fieldError(field, "TYPE_TEXT", validationMessages.text) };
  if (read.text.length > maxLength) {
    return { error: fieldError(field, "TYPE_TEXT", validationMessages.tooLong(maxLength)) };
  }
  return { text: read.text };
}

const subjectValues: readonly string[] = contactSubjects.map((s) => s.value);

export function validateContact(data: Record<string, unknown>): Validation<ContactValue> {
  const names = Object.keys(contactFields) as (keyof typeof contactFields)[];
  const reads = new Map(names.map((name) => [name, readText(data, name)]));
  if ([...reads.values()].every((r) => r.kind === "absent" || r.kind === "blank")) {
    return { ok: false, errors: [{ code: "EMPTY", message: validationMessages.emptyContact }] };
  }

  const errors: ValidationError[] = [];
  const value: Record<string, string> = {};
  for (const name of names) {
    const rules = contactFields[name];
    const read = reads.get(name) ?? { kind: "absent" };
    if (rules.required && read.kind === "absent") {
      errors.push(fieldError(name, "REQUIRED_FIELD_MISSING", validationMessages.required));
      continue;
    }
    if (rules.required && read.kind === "blank") {
      errors.push(fieldError(name, "REQUIRED_FIELD_EMPTY", validationMessages.required));
      continue;
    }
    const checked = checkText(name, read, rules.maxLength);
    if (checked === null) continue;
    if ("error" in checked) {
      errors.push(checked.error);
      continue;
    }
    if (rules.type === "email" && !isEmail(checked.text)) {
      errors.push(fieldError(name, "TYPE_EMAIL", validationMessages.email));
      continue;
    }
    if (name === "subject" && !subjectValues.includes(checked.text)) {
      errors.push(fieldError(name, "TYPE_TEXT", validationMessages.subject));
      continue;
    }
    value[name] = checked.text;
  }
  if (errors.length > 0) return { ok: false, errors };
  // Every required field passed above, so the record has the ContactValue shape.
  return { ok: true, value: value as unknown as ContactValue };
}

/** 'Not provided' is how the JavaScript signup says "left empty" (spec section 3). */
function readNewsletterText(data: Record<string, unknown>, field: string): Text {
  const read = readText(data, field);
  return read.kind === "text" && read.text === notProvided ? { kind: "blank" } : read;
}

/** Where the newsletter's text alerts may go besides the US (server/settings.ts). */
export interface NewsletterRules {
  textsToCanada: boolean;
}

/**
 * Accepts the JavaScript signup's JSON (email, phone, signup_types, type, timestamp) and a
 * plain form post with email and/or phone. Only email and phone are kept: the rest is either
 * derived from them or the client's clock.
 */
export function validateNewsletter(
  data: Record<string, unknown>,
  rules: NewsletterRules = { textsToCanada: false },
): Validation<NewsletterValue> {
  const email = readNewsletterText(data, "email");
  const phone = readNewsletterText(data, "phone");
  const given = (r: Text) => r.kind === "text" || r.kind === "bad";
  if (!given(email) && !given(phone)) {
    return { ok: false, errors: [{ code: "EMPTY", message: newsletterMessages.missing }] };
  }

  const errors: ValidationError[] = [];
  const value: NewsletterValue = {};
  const checkedEmail = checkText("email", email, newsletterFields.email.maxLength);
  if (checkedEmail && "error" in checkedEmail) errors.push(checkedEmail.error);
  else if (checkedEmail && !isEmail(checkedEmail.text)) {
    errors.push(fieldError("email", "TYPE_EMAIL", validationMessages.email));
  } else if (checkedEmail) value.email = checkedEmail.text;

  const checkedPhone = checkText("phone", phone, newsletterFields.phone.maxLength);
  if (checkedPhone && "error" in checkedPhone) errors.push(checkedPhone.error);
  else if (checkedPhone) {
    const digits = typedPhoneDigits(checkedPhone.text);
    if (digits === null || digits.length !== phoneDigits) {
      errors.push(fieldError("phone", "TYPE_NUMERIC", validationMessages.phone));
    } else if (!textsReach(digits, rules.textsToCanada)) {
      errors.push(fieldError("phone", "TYPE_NUMERIC", validationMessages.textArea));
    } else value.phone = formatPhoneInput(digits);
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value };
}
