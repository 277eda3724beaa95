// The forms the built-in inbox accepts, by id: their rules (from rink/forms/), labels for error
// pages and emails, and where a visitor lands afterwards.
import { contactFields, contactSubjects } from "../../rink/forms/contact.ts";
import { defaultFormIds, type FormKind } from "../../rink/forms/form-ids.ts";
import { newsletterFields } from "../../rink/forms/newsletter.ts";
import {
  type NewsletterRules,
  type Validation,
  validateContact,
  validateNewsletter,
} from "../../rink/forms/validate.ts";

/**
 * A list a signup puts someone on, by the field they filled in: an email asks for the email
 * news; a phone, given under the form's text-alert terms (rink/forms/newsletter.ts), agrees to texts.
 */
export interface SignupList {
  id: "email" | "text";
  field: string;
  /** The CSV column saying whether they agreed ("yes"/"no"); the Received column dates it. */
  label: string;
  /** The list's name for people: a download link, the CLI's help. */
  name: string;
}

export interface InboxForm {
  id: string;
  kind: FormKind;
  /** Declared fields in display order: the only ones ever stored. */
  fields: Record<string, { label: string; maxLength: number }>;
  /** The fields checked, under the settings the rules depend on (US numbers only without). */
  validate(
    data: Record<string, unknown>,
    rules?: NewsletterRules,
  ): Validation<Record<string, string>>;
  /** The thank-you page a no-JavaScript post is redirected to, also sent as `next`. */
  thanksPath: string;
  /** The page holding the form, linked from the error page. */
  formPath: string;
  /** The mailing lists this form signs people up to (the newsletter's). */
  lists?: readonly SignupList[];
}

const byKind: Record<FormKind, InboxForm> = {
  contact: {
    id: defaultFormIds.contact,
    kind: "contact",
    fields: contactFields,
    validate: (data) => validateContact(data) as Validation<Record<string, string>>,
    thanksPath: "/contact/thanks",
    formPath: "/contact",
  },
  newsletter: {
    id: defaultFormIds.newsletter,
    kind: "newsletter",
    fields: newsletterFields,
    validate: (data, rules) =>
      validateNewsletter(data, rules) as Validation<Record<string, string>>,
    thanksPath: "/newsletter/thanks",
    // The signup block sits on the home page.
    formPath: "/",
    // The fields by their names in rink/forms/newsletter.ts: a rename there fails tsc here.
    lists: [
      {
        id: "email",
        field: "email" satisfies keyof typeof newsletterFields,
        label: "Agreed to email news",
        name: "Email list",
      },
      {
        id: "text",
        field: "phone" satisfies keyof typeof newsletterFields,
        label: "Agreed to text alerts",
        name: "Text-alert list",
      },
    ],
  },
};

const byId = new Map(Object.values(byKind).map((form) => [form.id, form]));

export function findForm(id: string): InboxForm | undefined {
  return byId.get(id);
}

export function formOfKind(kind: string): InboxForm | undefined {
  return Object.hasOwn(byKind, kind) ? byKind[kind as FormKind] : undefined;
}

export const inboxForms: readonly InboxForm[] = Object.values(byKind);

/** A field's label for people ("Email"), or the field name when it is not declared. */
export function fieldLabel(form: InboxForm, field: string): string {
  return Object.hasOwn(form.fields, field) ? (form.fields[field]?.label ?? field) : field;
}

const subjectLabels = new Map<string, string>(contactSubjects.map((s) => [s.value, s.label]));

/** A stored value as people read it: a contact subject by its label, not its code. */
export function displayValue(form: InboxForm, field: string, value: string): string {
  if (form.kind === "contact" && field === "subject") return subjectLabels.get(value) ?? value;
  return value;
}
