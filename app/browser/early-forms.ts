// The forms before their islands have hydrated (issue 31, decision 015). Home's newsletter and
// Contact's message form are React islands that hydrate as they come near the screen; on a slow
// phone that is most of a second after the form is on it. A tap meanwhile would post the form
// the no-JavaScript way. So each page carries, written in just before its form, a small script
// that keeps the spec's behaviours from the first paint, and hands the form over to its island
// when it mounts:
//   - the newsletter's phone formats as it is typed ((123) 456-7890, forms/phone.ts's rules);
//   - Subscribe with neither an email nor a phone shows the spec's message and sends nothing;
//     a number short of 10 digits gets the form's phone message; both for five seconds;
//   - a Subscribe or Send that would be sent reads 'Subscribing...' / 'Sending...' at once and
//     waits for the island, which sends it as it always does (JSON; Formspree's client);
//   - should the island never come (its script blocked or failed), a waiting form is posted
//     the no-JavaScript way after a while, so no visitor is left waiting for nothing.
// It changes only what React renders with suppressHydrationWarning (the message's text, the
// button's label, the inputs' aria attributes), so hydration keeps the page as it is; the
// island then takes the same state, and the values typed, in its first layout effect.
//
// The newsletter's, startEarlyNewsletter, is written into Home as its source text
// (app/lib/submit-early.ts), so it refers to nothing outside itself: its phone formatting
// repeats forms/phone.ts's, and early-forms.test.ts proves the two agree on every input.
// Contact's is a few lines written small by hand (earlyContactScript): Contact's JavaScript is
// within a few hundred bytes of its budget (scripts/budgets.ts).

export interface EarlyFormsConfig {
  subscribing: string;
  missing: string;
  shortPhone: string;
  /** How long a message stays (the newsletter's five seconds). */
  messageMs: number;
  /** How long a tapped form waits for its island before it is posted without it. */
  fallbackMs: number;
  phoneDigits: number;
}

/** What a form showed or was asked to do before its island came. */
export type EarlyState =
  | { kind: "message"; reason: "missing" | "phone"; shownAt: number }
  | { kind: "submit" };

export interface EarlyForms {
  /** Hands `form` to its island: the early script leaves it alone from now on. */
  take(form: HTMLFormElement): EarlyState | null;
}

declare global {
  interface Window {
    rinkEarlyForms?: EarlyForms;
  }
}

// The form it keeps carries data-early-form="newsletter"; its message element, whose text it
// sets, data-early-message.

export function startEarlyNewsletter(config: EarlyFormsConfig): void {
  const handed = new WeakSet<HTMLFormElement>();
  const states = new WeakMap<HTMLFormElement, { state: EarlyState; timer: number }>();

  const digitsOf = (value: string) =>
    value
      .replace(/^\s*\+1/, "")
      .replace(/\D/g, "")
      .slice(0, config.phoneDigits);
  const format = (value: string) => {
    const d = digitsOf(value);
    if (d.length === 0) return "";
    if (d.length <= 3) return `(${d}`;
    if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
    return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  };
  const caretAfter = (formatted: string, digitsBefore: number) => {
    if (digitsBefore <= 0) return formatted.startsWith("(") ? 1 : 0;
    let seen = 0;
    for (let i = 0; i < formatted.length; i++) {
      if (/\d/.test(formatted.charAt(i))) seen++;
      if (seen === digitsBefore) return i + 1;
    }
    return formatted.length;
  };

  const kindOf = (form: HTMLFormElement) => form.getAttribute("data-early-form");
  const field = (form: HTMLFormElement, name: string) => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLInputElement ? element : null;
  };
  const clear = (form: HTMLFormElement) => {
    const held = states.get(form);
    if (held) clearTimeout(held.timer);
    states.delete(form);
  };

  // The newsletter's message, and the fields it is about marked as React marks them.
  const showMessage = (form: HTMLFormElement, reason: "missing" | "phone" | null) => {
    const message = form.querySelector("[data-early-message]");
    const region = message?.parentElement;
    if (!message || !region) return;
    message.textContent =
      reason === "missing" ? config.missing : reason === "phone" ? config.shortPhone : "";
    for (const name of ["email", "phone"]) {
      const input = field(form, name);
      if (!input) continue;
      const invalid = reason === "missing" || (reason === "phone" && name === "phone");
      const others = (input.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .filter((id) => id && id !== region.id);
      const describedBy = invalid ? [region.id, ...others] : others;
      if (invalid) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      if (describedBy.length > 0) input.setAttribute("aria-describedby", describedBy.join(" "));
      else input.removeAttribute("aria-describedby");
    }
    clear(form);
    if (!reason) return;
    const timer = window.setTimeout(() => showMessage(form, null), config.messageMs);
    states.set(form, { state: { kind: "message", reason, shownAt: performance.now() }, timer });
  };

  const hold = (form: HTMLFormElement, label: string) => {
    showMessage(form, null);
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) {
      button.textContent = label;
      button.disabled = true;
    }
    const timer = window.setTimeout(() => {
      handed.add(form);
      states.delete(form);
      form.submit();
    }, config.fallbackMs);
    states.set(form, { state: { kind: "submit" }, timer });
  };

  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "phone") return;
    const form = input.form;
    if (!form || kindOf(form) !== "newsletter" || handed.has(form)) return;
    const raw = input.value;
    const formatted = format(raw);
    if (formatted === raw) return;
    const at = input.selectionStart ?? raw.length;
    input.value = formatted;
    if (document.activeElement === input) {
      const caret = caretAfter(formatted, digitsOf(raw.slice(0, at)).length);
      input.setSelectionRange(caret, caret);
    }
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented || handed.has(form)) return;
    if (kindOf(form) !== "newsletter") return;
    event.preventDefault();
    if (states.get(form)?.state.kind === "submit") return;
    const email = field(form, "email")?.value.trim() ?? "";
    const phoneInput = field(form, "phone");
    const phone = phoneInput?.value.trim() ?? "";
    if (!email && !phone) return showMessage(form, "missing");
    const digits = digitsOf(phone).length;
    if (digits !== 0 && digits !== config.phoneDigits) {
      showMessage(form, "phone");
      phoneInput?.focus();
      return;
    }
    hold(form, config.subscribing);
  });

  window.rinkEarlyForms = {
    take(form) {
      handed.add(form);
      const held = states.get(form);
      clear(form);
      return held?.state ?? null;
    },
  };
}

/**
 * The newsletter island's side: takes `form` from the early script (null when there was none,
 * or it had nothing to hand over).
 */
export function takeEarlyForm(form: HTMLFormElement | null): EarlyState | null {
  if (!form || typeof window === "undefined") return null;
  return window.rinkEarlyForms?.take(form) ?? null;
}

/**
 * Contact's early script: a Send (the browser's own checks passed) reads `sending`, disabled,
 * and waits for the island; after `fallbackMs` without one the browser posts it. It marks the
 * form with `early`: the timer of the Send it holds, 0 once the form is not its own any more
 * (the island's takeEarlyContact, in contact-form.tsx, where it costs Contact no shared bytes).
 */
export function earlyContactScript(sending: string, fallbackMs: number): string {
  return `addEventListener("submit",e=>{let f=e.target,b;if(f.dataset.earlyForm!="contact"||e.defaultPrevented||f.early===0)return;e.preventDefault();if(f.early)return;b=f.querySelector("[type=submit]");b.textContent=${JSON.stringify(sending).replace(/</g, "\\u003c")};b.disabled=!0;f.early=setTimeout(()=>{f.early=0;f.submit()},${Number(fallbackMs)})})`;
}
