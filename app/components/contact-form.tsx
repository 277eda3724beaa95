import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import {
  type ContactField,
  contactFields,
  contactMessages,
  contactSubjects,
  subjectPlaceholder,
} from "../../rink/forms/contact.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { Field } from "../../ui/field.tsx";
import { controlAria, controlStyles } from "../../ui/field-styles.ts";
import { Honeypot } from "../../ui/honeypot.tsx";
import type { Phone } from "../content/types.ts";
import { formatPhone, telHref } from "../lib/phone.ts";
import {
  type ContactStatus,
  type ContactTarget,
  startContactSession,
  submitContact,
} from "../lib/submit-contact.ts";

interface ContactFormProps {
  /** Where the form posts without JavaScript: `${endpoint}/f/${id}`. */
  action: string;
  /** Where Formspree's client sends it with JavaScript. */
  target: ContactTarget;
  /** The number the error alert offers instead. */
  phone: Phone;
  /** Called once the message is accepted; the page then shows its Thank You screen. */
  onSuccess: () => void;
}

const order: ContactField[] = ["name", "email", "phone", "subject", "message"];

/** The form as Contact's early script marks it (app/browser/early-forms.ts): the timer of a Send
 * it holds, 0 once the island has the form. */
type EarlyContactForm = HTMLFormElement & { early?: number };

/**
 * Takes the form from the early script: whether it held a Send for the island. Its button goes
 * back to what React hydrated (Send Message, enabled), for the island's own send to change.
 */
function takeEarlyContact(form: EarlyContactForm | null): boolean {
  if (!form) return false;
  const held = form.early;
  form.early = 0;
  const button = form.querySelector("button");
  if (!held || !button) return false;
  clearTimeout(held);
  button.textContent = contactMessages.submit;
  button.disabled = false;
  return true;
}

/** The contact message form: native constraints first, the service's field errors beneath. */
export function ContactForm({ action, target, phone, onSuccess }: ContactFormProps) {
  const id = useId();
  const controlId = (name: ContactField) => `${id}-${name}`;
  const [status, setStatus] = useState<ContactStatus>({ kind: "idle" });
  const form = useRef<EarlyContactForm>(null);

  useEffect(startContactSession, []);

  const fieldErrors = status.kind === "error" ? status.fieldErrors : {};
  const formError = status.kind === "error" && status.formError;

  // After field errors, take the visitor to the first one.
  useEffect(() => {
    if (status.kind !== "error") return;
    const first = order.find((name) => status.fieldErrors[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [status]);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === "submitting") return;
    const data = new FormData(event.currentTarget);
    setStatus({ kind: "submitting" });
    const result = await submitContact(data, target);
    if (result.kind === "success") {
      // Counted by the site's beacon (issue 45), where the page has one.
      window.rinkAction?.({ action: "message_sent" });
      onSuccess();
    }
    // On error the inputs keep what was typed: they are uncontrolled and never reset.
    setStatus(result);
  };

  // Hydrated: take the form from the page's early script (app/browser/early-forms.ts). What was
  // typed before stays in the (uncontrolled) fields; a Send it holds, reading Sending..., goes.
  useLayoutEffect(() => {
    if (takeEarlyContact(form.current)) form.current?.requestSubmit();
  }, []);

  // Editing a field clears its error; the others stay until the next send.
  const onChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name as ContactField | undefined;
    if (status.kind !== "error" || !name || !status.fieldErrors[name]) return;
    const { [name]: _cleared, ...rest } = status.fieldErrors;
    setStatus({ ...status, fieldErrors: rest });
  };

  const control = (name: ContactField) => ({
    ...controlAria(controlId(name), fieldErrors[name]),
    name,
    required: contactFields[name].required,
    maxLength: contactFields[name].maxLength,
    autoComplete: contactFields[name].autoComplete,
    className: controlStyles.light,
  });

  const field = (name: ContactField, input: React.ReactNode, wide = false) => (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <Field
        id={controlId(name)}
        label={contactFields[name].label}
        optional={!contactFields[name].required}
        error={fieldErrors[name]}
      >
        {input}
      </Field>
    </div>
  );

  const submitting = status.kind === "submitting";

  return (
    <form
      ref={form}
      data-early-form="contact"
      method="post"
      action={action}
      onSubmit={onSubmit}
      onChange={onChange}
      className="grid gap-5 sm:grid-cols-2"
    >
      {field("name", <input {...control("name")} type="text" />)}
      {field("email", <input {...control("email")} type="email" />)}
      {field("phone", <input {...control("phone")} type="tel" />)}
      {field(
        "subject",
        <select {...control("subject")} defaultValue="">
          <option value="">{subjectPlaceholder}</option>
          {contactSubjects.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>,
      )}
      {field("message", <textarea {...control("message")} rows={6} />, true)}
      <Honeypot />
      <div className="sm:col-span-2">
        <div role="alert">
          {formError ? (
            <p className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
              Sorry, your message could not be sent. Please try again, or call us at{" "}
              <a
                href={telHref(phone.number)}
                className="whitespace-nowrap font-semibold underline underline-offset-4"
              >
                {formatPhone(phone.number)}
              </a>
              .
            </p>
          ) : null}
        </div>
        {/* Its label may read Sending... before hydration (the early script). */}
        <button
          type="submit"
          disabled={submitting}
          suppressHydrationWarning
          className={`${buttonStyles.brand} w-full sm:w-auto`}
        >
          {submitting ? contactMessages.sending : contactMessages.submit}
        </button>
      </div>
    </form>
  );
}
