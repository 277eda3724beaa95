import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { honeypotField } from "../../rink/forms/form-ids.ts";
import {
  newsletterFields,
  newsletterMessages,
  statusTimeoutMs,
} from "../../rink/forms/newsletter.ts";
import { caretAfterDigits, formatPhoneInput, phoneDigitsOf } from "../../rink/forms/phone.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { Field } from "../../ui/field.tsx";
import { controlAria, controlStyles } from "../../ui/field-styles.ts";
import { Honeypot } from "../../ui/honeypot.tsx";
import { newsletterReady, takeEarlyForm } from "../browser/early-forms.ts";
import {
  missingContact,
  type NewsletterStatus,
  newsletterPayload,
  sendNewsletter,
  shortPhone,
  shortPhoneMessage,
  trackNewsletterSignup,
  unreachablePhoneMessage,
} from "../lib/submit-newsletter.ts";

/** A message's box: its sizers and the message itself take the same. */
const messageBox = "block rounded-lg px-4 py-3 font-semibold";

/** Every message the form can show, for the height of its place. */
const messageSizes = [
  newsletterMessages.success,
  newsletterMessages.failed,
  newsletterMessages.missing,
  shortPhoneMessage,
  unreachablePhoneMessage,
];

interface NewsletterSignupProps {
  title: string;
  intro: string;
  /** Where the form posts: `${endpoint}/f/${id}`, with or without JavaScript. */
  action: string;
  /** The text-alert consent shown under the phone field, followed by a link to the terms. */
  smsConsent: string;
  /** The text-alert terms' page, and its name (app/site-pages.ts). */
  terms: { href: string; label: string };
  /** Where the privacy notice lives (what we do with an email address or a number). */
  privacyHref: string;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * Email and/or phone signup. Without JavaScript it is a plain form post; with it, the spec's
 * JSON payload is sent and the outcome shown for five seconds in a live region.
 */
export function NewsletterSignup({
  title,
  intro,
  action,
  smsConsent,
  terms,
  privacyHref,
  fetch: fetchImpl,
}: NewsletterSignupProps) {
  const id = useId();
  const ids = { heading: `${id}-heading`, email: `${id}-email`, phone: `${id}-phone` };
  const messageId = `${id}-message`;
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [status, setStatus] = useState<NewsletterStatus>({ kind: "idle" });
  const form = useRef<HTMLFormElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // How long the next message stays: five seconds, less what it was shown before hydration.
  const messageMs = useRef(statusTimeoutMs);

  // A shown message returns to idle after five seconds; a new submit or unmount cancels it.
  useEffect(() => {
    if (status.kind !== "success" && status.kind !== "error") return;
    const timer = setTimeout(() => setStatus({ kind: "idle" }), messageMs.current);
    messageMs.current = statusTimeoutMs;
    return () => clearTimeout(timer);
  }, [status]);

  // Reformatting rewrites the input's value; put the caret back beside the same digit.
  // Runs after every render but acts only right after a phone edit.
  useLayoutEffect(() => {
    const input = phoneInput.current;
    if (caret.current === null || !input || input !== document.activeElement) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const onPhoneChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const at = event.target.selectionStart ?? raw.length;
    const formatted = formatPhoneInput(raw);
    caret.current = caretAfterDigits(formatted, phoneDigitsOf(raw.slice(0, at)).length);
    setPhone(formatted);
  };

  /** Checks what was typed and sends it: from a submit, or handed over by the early script. */
  const submit = async (typed: { email: string; phone: string; gotcha: string }) => {
    const payload = newsletterPayload(typed);
    if (!payload) {
      setStatus(missingContact());
      return;
    }
    const phoneProblem = shortPhone(typed.phone);
    if (phoneProblem) {
      setStatus(phoneProblem);
      phoneInput.current?.focus();
      return;
    }
    setStatus({ kind: "submitting" });
    const result = await sendNewsletter(action, payload, typed.gotcha, fetchImpl);
    if (result.kind === "success") {
      setEmail("");
      setPhone("");
      trackNewsletterSignup(payload.signup_types);
    }
    setStatus(result);
  };

  const gotchaOf = (element: HTMLFormElement) => {
    const gotcha = new FormData(element).get(honeypotField);
    return typeof gotcha === "string" ? gotcha : "";
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === "submitting") return;
    void submit({ email, phone, gotcha: gotchaOf(event.currentTarget) });
  };

  // Hydrated: take the form from the page's early script (app/browser/early-forms.ts) with what
  // it holds. The inputs keep what was typed before (React leaves a hydrated input's value as
  // it is), and become this state; the message it shows, or the Subscribe it holds, goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the island mounts
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const early = takeEarlyForm(element);
    // Shown now, should the early script not have come (app.css hides it until one has).
    document.documentElement.classList.add(newsletterReady);
    const typed = {
      email: (element.elements.namedItem("email") as HTMLInputElement | null)?.value ?? "",
      phone: formatPhoneInput(
        (element.elements.namedItem("phone") as HTMLInputElement | null)?.value ?? "",
      ),
      gotcha: gotchaOf(element),
    };
    if (typed.email) setEmail(typed.email);
    if (typed.phone) setPhone(typed.phone);
    if (early?.kind === "submit") {
      // The early script's label and disabled back to React's own (what it hydrated), so the
      // send's outcome, even a message at once, shows on the button as always.
      const button = element.querySelector<HTMLButtonElement>("button[type=submit]");
      if (button) {
        button.textContent = newsletterMessages.subscribe;
        button.disabled = false;
      }
      void submit(typed);
    } else if (early?.kind === "message") {
      messageMs.current = Math.max(0, statusTimeoutMs - (performance.now() - early.shownAt));
      setStatus(
        early.reason === "phone"
          ? { kind: "error", reason: "phone", message: shortPhoneMessage }
          : missingContact(),
      );
    }
  }, []);

  const submitting = status.kind === "submitting";
  const missing = status.kind === "error" && status.reason === "missing";
  const badPhone = status.kind === "error" && status.reason === "phone";
  const aria = (controlId: string, hint = false) => {
    const base = controlAria(controlId, undefined, hint);
    const invalid = missing || (badPhone && controlId === ids.phone);
    const describedBy = [invalid ? messageId : null, base["aria-describedby"]].filter(Boolean);
    return {
      ...base,
      "aria-invalid": invalid || undefined,
      "aria-describedby": describedBy.join(" ") || undefined,
    };
  };

  return (
    <div className="dark-band grid gap-8 rounded-3xl bg-brand-900 p-6 text-white sm:p-10 lg:grid-cols-2 lg:items-center">
      <div>
        <h2 id={ids.heading} className="font-display font-extrabold text-3xl sm:text-4xl">
          {title}
        </h2>
        <p className="mt-3 text-brand-50 text-lg">{intro}</p>
      </div>
      <form
        ref={form}
        data-early-form="newsletter"
        method="post"
        action={action}
        onSubmit={onSubmit}
        aria-labelledby={ids.heading}
        className="grid gap-4 sm:grid-cols-2"
      >
        <Field id={ids.email} label={newsletterFields.email.label} tone="dark">
          <input
            {...aria(ids.email)}
            // aria-invalid and -describedby may be set before hydration (the early script).
            suppressHydrationWarning
            type={newsletterFields.email.type}
            name="email"
            autoComplete={newsletterFields.email.autoComplete}
            maxLength={newsletterFields.email.maxLength}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={controlStyles.dark}
          />
        </Field>
        <Field
          id={ids.phone}
          label={newsletterFields.phone.label}
          hint={
            <>
              {smsConsent}{" "}
              <a
                href={terms.href}
                className="font-semibold text-white underline underline-offset-4"
              >
                {terms.label}
              </a>
            </>
          }
          tone="dark"
        >
          <input
            {...aria(ids.phone, true)}
            suppressHydrationWarning
            ref={phoneInput}
            type={newsletterFields.phone.type}
            name="phone"
            autoComplete={newsletterFields.phone.autoComplete}
            maxLength={newsletterFields.phone.maxLength}
            placeholder="(123) 456-7890"
            value={phone}
            onChange={onPhoneChange}
            className={controlStyles.dark}
          />
        </Field>
        <Honeypot />
        <p className="text-brand-100 text-sm sm:col-span-2">
          We only use your details to send the news you asked for.{" "}
          <a href={privacyHref} className="font-semibold text-white underline underline-offset-4">
            How we handle your information
          </a>
        </p>
        <div className="sm:col-span-2">
          {/* Its label may read Subscribing... before hydration (the early script). */}
          <button
            type="submit"
            disabled={submitting}
            suppressHydrationWarning
            className={`${buttonStyles.primary} w-full focus-visible:outline-accent-300 sm:w-auto`}
          >
            {submitting ? newsletterMessages.subscribing : newsletterMessages.subscribe}
          </button>
        </div>
        {/* The message's place, kept at the height of the longest message whether one is
            shown or not: a message appearing, or leaving after five seconds, moves nothing
            (no layout shift). The sizers draw their text from an attribute (CSS content),
            hidden from sight and from screen readers; the live regions share their cell. */}
        <div className="grid sm:col-span-2">
          {messageSizes.map((text) => (
            <span
              key={text}
              aria-hidden="true"
              data-text={text}
              className={`${messageBox} invisible [grid-area:1/1] after:content-[attr(data-text)]`}
            />
          ))}
          <div role="status" aria-live="polite" className="[grid-area:1/1]">
            {status.kind === "success" ? (
              <p className={`${messageBox} bg-emerald-50 text-emerald-900`}>{status.message}</p>
            ) : null}
          </div>
          <div role="alert" id={messageId} className="[grid-area:1/1]">
            {/* Always there, hidden while empty: the early script may have written its text
                before hydration, which React keeps. */}
            <p
              data-early-message=""
              suppressHydrationWarning
              className={`${messageBox} bg-red-50 text-red-800 empty:hidden`}
            >
              {status.kind === "error" ? status.message : ""}
            </p>
          </div>
        </div>
      </form>
    </div>
  );
}
