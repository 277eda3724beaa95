// @vitest-environment happy-dom
// The early script as the page runs it (its text, from earlyFormsScript) on the forms as the
// build renders them, then React hydrating them: the same words and formatting before as after,
// no hydration mismatch, and what was shown, typed or tapped carried over to the island.
import { SubmissionError, type SubmissionResult } from "@formspree/core";
import fc from "fast-check";
import { act, createElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { contactMessages } from "../../rink/forms/contact.ts";
import { newsletterMessages, statusTimeoutMs } from "../../rink/forms/newsletter.ts";
import { caretAfterDigits, formatPhoneInput, phoneDigitsOf } from "../../rink/forms/phone.ts";
import { ContactForm } from "../components/contact-form.tsx";
import { NewsletterSignup } from "../components/newsletter-signup.tsx";
import { earlyContact, earlyNewsletterScript, fallbackMs } from "../lib/submit-early.ts";
import { shortPhoneMessage } from "../lib/submit-newsletter.ts";
import { newsletterReady } from "./early-forms.ts";

// React reads this to know it runs inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // As the pages do: each script's own text, run once.
  new Function(earlyNewsletterScript())();
  new Function(earlyContact())();
});

let root: Root | null = null;
const hydrationErrors: unknown[] = [];
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  hydrationErrors.length = 0;
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => {
  delete window.rinkEarlyForms;
});

const newsletter = (fetch: typeof globalThis.fetch) =>
  createElement(NewsletterSignup, {
    title: "Stay in the Loop",
    intro: "News.",
    action: "/f/newsletter",
    smsConsent: "Msg & data rates may apply.",
    terms: { href: "/text-alerts", label: "Text alert terms" },
    privacyHref: "/privacy",
    fetch,
  });

/** The element as the build renders it, in the page, not yet hydrated. */
function built(element: React.ReactElement) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.append(container);
  const form = container.querySelector("form");
  if (!form) throw new Error("no form rendered");
  return { container, form };
}

function hydrate(container: HTMLElement, element: React.ReactElement) {
  act(() => {
    root = hydrateRoot(container, element, {
      onRecoverableError: (error) => hydrationErrors.push(error),
    });
  });
}

const input = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement;
const button = (form: HTMLFormElement) =>
  form.querySelector("button[type=submit]") as HTMLButtonElement;
const alertOf = (form: HTMLFormElement) => form.querySelector('[role="alert"]') as HTMLElement;

/** A keystroke's worth: the value as the browser would leave it, then its input event. */
function typeInto(field: HTMLInputElement, value: string, caret = value.length) {
  field.focus();
  field.value = value;
  if (field.type === "tel") field.setSelectionRange(caret, caret);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

const tapSubmit = (form: HTMLFormElement) => {
  const event = new Event("submit", { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return event;
};

describe("the newsletter before its island", () => {
  it("once run, lets the form show (app.css keeps it invisible until then)", () => {
    expect(document.documentElement.classList.contains(newsletterReady)).toBe(true);
  });

  it("formats the phone exactly as the island does, caret included", () => {
    const { form } = built(newsletter(vi.fn()));
    const phone = input(form, "phone");
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789()- .+1abc"), maxLength: 20 }),
        fc.nat(),
        (raw, at) => {
          const caret = at % (raw.length + 1);
          typeInto(phone, raw, caret);
          const formatted = formatPhoneInput(raw);
          expect(phone.value).toBe(formatted);
          if (formatted !== raw) {
            const digits = phoneDigitsOf(raw.slice(0, caret)).length;
            expect(phone.selectionStart).toBe(caretAfterDigits(formatted, digits));
          }
        },
      ),
    );
  });

  it("an empty Subscribe shows the spec's message, marks both fields, sends nothing, for five seconds", () => {
    vi.useFakeTimers();
    const fetch = vi.spyOn(globalThis, "fetch");
    const { form } = built(newsletter(vi.fn()));
    expect(tapSubmit(form).defaultPrevented).toBe(true);
    const alert = alertOf(form);
    expect(alert.textContent).toBe(newsletterMessages.missing);
    for (const name of ["email", "phone"]) {
      expect(input(form, name).getAttribute("aria-invalid")).toBe("true");
      expect(input(form, name).getAttribute("aria-describedby")?.split(" ")[0]).toBe(alert.id);
    }
    expect(fetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(statusTimeoutMs);
    expect(alert.textContent).toBe("");
    expect(input(form, "email").hasAttribute("aria-invalid")).toBe(false);
    expect(input(form, "email").hasAttribute("aria-describedby")).toBe(false);
    expect(input(form, "phone").getAttribute("aria-describedby")).not.toContain(alert.id);
  });

  it("a short number gets the island's phone message and the focus", () => {
    const { form } = built(newsletter(vi.fn()));
    typeInto(input(form, "phone"), "260555");
    input(form, "email").focus();
    tapSubmit(form);
    expect(alertOf(form).textContent).toBe(shortPhoneMessage);
    expect(input(form, "phone").getAttribute("aria-invalid")).toBe("true");
    expect(input(form, "email").hasAttribute("aria-invalid")).toBe(false);
    expect(document.activeElement).toBe(input(form, "phone"));
  });

  it("a Subscribe to send reads Subscribing... and waits; the browser posts it if no island comes", () => {
    vi.useFakeTimers();
    const post = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const { form } = built(newsletter(vi.fn()));
    typeInto(input(form, "email"), "sam@example.com");
    tapSubmit(form);
    expect(button(form).textContent).toBe(newsletterMessages.subscribing);
    expect(button(form).disabled).toBe(true);
    expect(tapSubmit(form).defaultPrevented, "a second tap is held too").toBe(true);
    vi.advanceTimersByTime(fallbackMs - 1);
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe("hydrating what the early script showed", () => {
  it("keeps the message and what was typed, with no mismatch; the island then owns them", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const { container, form } = built(newsletter(fetch));
    tapSubmit(form);
    typeInto(input(form, "phone"), "2605550199");
    expect(input(form, "phone").value).toBe("(260) 555-0199");

    hydrate(container, newsletter(fetch));
    expect(hydrationErrors).toEqual([]);
    expect(alertOf(form).textContent).toBe(newsletterMessages.missing);
    expect(input(form, "phone").value).toBe("(260) 555-0199");
    // The island's own submit sends what was typed before it came.
    await act(async () => {
      button(form).click();
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: "Not provided",
      phone: "(260) 555-0199",
    });
    expect(form.querySelector('[role="status"]')?.textContent).toBe(newsletterMessages.success);
    expect(input(form, "phone").value).toBe("");
  });

  it("the message shown before keeps only what is left of its five seconds", () => {
    vi.useFakeTimers();
    const { container, form } = built(newsletter(vi.fn()));
    tapSubmit(form);
    vi.advanceTimersByTime(3000);
    hydrate(container, newsletter(vi.fn()));
    expect(alertOf(form).textContent).toBe(newsletterMessages.missing);
    act(() => vi.advanceTimersByTime(statusTimeoutMs - 3000 + 50));
    expect(alertOf(form).textContent).toBe("");
    expect(input(form, "email").hasAttribute("aria-invalid")).toBe(false);
  });

  it("a held Subscribe is sent by the island once, as JSON, and the button comes back", async () => {
    const post = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const { container, form } = built(newsletter(fetch));
    typeInto(input(form, "email"), "sam@example.com");
    tapSubmit(form);
    await act(async () => hydrate(container, newsletter(fetch)));
    expect(hydrationErrors).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/f/newsletter");
    expect(JSON.parse(String(init.body))).toMatchObject({ email: "sam@example.com" });
    expect(form.querySelector('[role="status"]')?.textContent).toBe(newsletterMessages.success);
    expect(button(form).textContent).toBe(newsletterMessages.subscribe);
    expect(button(form).disabled).toBe(false);
    expect(post, "never also posted the no-JavaScript way").not.toHaveBeenCalled();
  });

  it("a held Subscribe whose email was cleared before the island came gets the message, and the button back", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const { container, form } = built(newsletter(fetch));
    typeInto(input(form, "email"), "sam@example.com");
    tapSubmit(form);
    input(form, "email").value = "";
    await act(async () => hydrate(container, newsletter(fetch)));
    expect(fetch).not.toHaveBeenCalled();
    expect(alertOf(form).textContent).toBe(newsletterMessages.missing);
    expect(button(form).textContent).toBe(newsletterMessages.subscribe);
    expect(button(form).disabled).toBe(false);
  });
});

describe("the contact form before its island", () => {
  const phone = { label: "Main", number: "+12605550142" } as const;
  const contact = (submitForm: (id: string, data: FormData) => Promise<SubmissionResult>) =>
    createElement(ContactForm, {
      action: "/f/contact",
      target: { formId: "contact", endpoint: "", client: { submitForm } as never },
      phone,
      onSuccess: () => {},
    });

  it("a Send reads Sending... and waits; the browser posts it if no island comes", () => {
    vi.useFakeTimers();
    const post = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const { form } = built(contact(vi.fn()));
    expect(tapSubmit(form).defaultPrevented).toBe(true);
    expect(button(form).textContent).toBe(contactMessages.sending);
    expect(button(form).disabled).toBe(true);
    expect(tapSubmit(form).defaultPrevented, "a second tap is held too").toBe(true);
    vi.advanceTimersByTime(fallbackMs);
    expect(post).toHaveBeenCalledTimes(1);
    expect(tapSubmit(form).defaultPrevented, "posted: the script lets it be").toBe(false);
  });

  it("a Send reads Sending... and the island sends what was typed, once", async () => {
    const submitForm = vi.fn(
      async (_id: string, _data: FormData) =>
        new SubmissionError({ field: "email", code: "TYPE_EMAIL", message: "is not valid" }),
    );
    const { container, form } = built(contact(submitForm));
    input(form, "name").value = "Sam Skater";
    input(form, "email").value = "sam@example.com";
    (form.elements.namedItem("subject") as HTMLSelectElement).value = "general";
    (form.elements.namedItem("message") as HTMLTextAreaElement).value = "Is Saturday free?";
    tapSubmit(form);
    expect(button(form).textContent).toBe(contactMessages.sending);
    expect(button(form).disabled).toBe(true);
    expect(submitForm).not.toHaveBeenCalled();

    await act(async () => hydrate(container, contact(submitForm)));
    expect(hydrationErrors).toEqual([]);
    expect(submitForm).toHaveBeenCalledTimes(1);
    const data = submitForm.mock.calls[0]?.[1] as FormData;
    expect(data.get("name")).toBe("Sam Skater");
    expect(data.get("email")).toBe("sam@example.com");
    // The service's answer shows as the island shows it, and the button is back.
    expect(form.textContent).toContain("Email is not valid");
    expect(button(form).textContent).toBe(contactMessages.submit);
    expect(button(form).disabled).toBe(false);
    expect(input(form, "name").value).toBe("Sam Skater");
  });

  it("a held Send whose message was cleared before the island came is not sent, and the button is back", async () => {
    const submitForm = vi.fn(async () => ({ kind: "success", next: "/" }) as SubmissionResult);
    const { container, form } = built(contact(submitForm));
    input(form, "name").value = "Sam Skater";
    input(form, "email").value = "sam@example.com";
    (form.elements.namedItem("subject") as HTMLSelectElement).value = "general";
    tapSubmit(form);
    await act(async () => hydrate(container, contact(submitForm)));
    expect(submitForm).not.toHaveBeenCalled();
    expect(button(form).textContent).toBe(contactMessages.submit);
    expect(button(form).disabled).toBe(false);
  });
});
