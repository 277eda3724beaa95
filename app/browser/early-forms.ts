// The forms before their islands have hydrated (issue 31, decision 015). Home's newsletter and
// Contact's message form are React islands that hydrate as they come near the screen; on a slow
// phone that is most of a second after the form is on it. A tap meanwhile would post the form
// the no-JavaScript way. So each page carries, written in just before its form, a small script
// that keeps the spec's behaviours from the first paint, and hands the form over to its island
// when it mounts:
//   - the newsletter's phone formats as it is typed ((123) 456-7890, rink/forms/phone.ts's rules);
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
// Both are a few lines written small by hand, for their bytes (earlyNewsletterCode,
// earlyContactScript; app/lib/submit-early.ts gives them the forms' words): Contact's
// JavaScript is within a few dozen bytes of its budget (scripts/budgets.ts), and Home's HTML
// was just under the size a first round trip brings. The newsletter's repeats rink/forms/phone.ts's
// formatting; early-forms.test.ts proves the two agree on every input.

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

/**
 * The class the newsletter's early script (or, should it not come, the island) puts on <html>
 * once the form's behaviours hold: until then, with JavaScript, the form is invisible, its
 * place kept (app.css), so no tap can post it the no-JavaScript way (decision 015).
 */
export const newsletterReady = "newsletter-ready";

/**
 * The newsletter's early script, written small by hand: Home's HTML was within 600 bytes
 * (brotli) of the 14.6 KB a first round trip brings (TCP's initial window, which Lighthouse's
 * simulation counts), and the same script as readable compiled code cost Home's first paint a
 * round trip (decision 015). What each part does, in order:
 *   D: the digits of a value, a leading +1 dropped, at most `phoneDigits` (rink/forms/phone.ts);
 *   F: the value formatted as (123) 456-7890 as far as its digits go (formatPhoneInput);
 *   C: where the caret goes after `n` digits (caretAfterDigits);
 *   N: whether a form is the newsletter and still the script's (not handed to the island);
 *   X: forgets a form's state and its timer;
 *   M: shows the message for reason "missing" or "phone" (or none), marks the fields it is
 *      about with aria-invalid and the message's id first in aria-describedby, as the island
 *      renders them, and clears it after `messageMs`;
 *   on input: formats the phone and puts the caret back beside the same digit;
 *   on submit (unless the island took it): no email and no phone: the message; a phone short
 *   of its digits: the phone message and the focus; otherwise Subscribing..., disabled, held
 *   for the island, and posted by the browser after `fallbackMs` without one;
 *   window.rinkEarlyForms.take(form): hands the form and what it holds to the island.
 * early-forms.test.ts runs this text: formatting against rink/forms/phone.ts on any input, and each
 * behaviour above, then hydration over it.
 */
export function earlyNewsletterCode(config: EarlyFormsConfig): string {
  const c = JSON.stringify(config).replace(/</g, "\\u003c");
  return `(c=>{let H=new WeakSet,S=new WeakMap,D=v=>v.replace(/^\\s*\\+1/,"").replace(/\\D/g,"").slice(0,c.phoneDigits),F=v=>{let d=D(v),n=d.length;return n?n<4?"("+d:n<7?"("+d.slice(0,3)+") "+d.slice(3):"("+d.slice(0,3)+") "+d.slice(3,6)+"-"+d.slice(6):""},C=(f,n)=>{if(n<=0)return f[0]=="("?1:0;for(let i=0,s=0;i<f.length;)if(/\\d/.test(f[i++])&&++s==n)return i;return f.length},N=f=>f.dataset.earlyForm=="newsletter"&&!H.has(f),X=f=>{clearTimeout(S.get(f)?.t);S.delete(f)},M=(f,r)=>{let m=f.querySelector("[data-early-message]"),g=m.parentElement;m.textContent=r=="missing"?c.missing:r?c.shortPhone:"";for(let x of["email","phone"]){let i=f.elements[x],o=(i.getAttribute("aria-describedby")||"").split(" ").filter(d=>d&&d!=g.id);if(r=="missing"||r&&x=="phone"){i.setAttribute("aria-invalid","true");o.unshift(g.id)}else i.removeAttribute("aria-invalid");o[0]?i.setAttribute("aria-describedby",o.join(" ")):i.removeAttribute("aria-describedby")}X(f);r&&S.set(f,{s:{kind:"message",reason:r,shownAt:performance.now()},t:setTimeout(()=>M(f),c.messageMs)})};addEventListener("input",e=>{let i=e.target,f=i.form,v=i.value,o,a;if(i.name!="phone"||!f||!N(f)||(o=F(v))==v)return;a=i.selectionStart??v.length;i.value=o;if(document.activeElement==i){a=C(o,D(v.slice(0,a)).length);i.setSelectionRange(a,a)}});addEventListener("submit",e=>{let f=e.target,p,n,b;if(!N(f)||e.defaultPrevented)return;e.preventDefault();if(S.get(f)?.s.kind=="submit")return;p=f.elements.phone;n=D(p.value).length;if(!f.elements.email.value.trim()&&!p.value.trim())return M(f,"missing");if(n&&n!=c.phoneDigits){M(f,"phone");p.focus();return}M(f);b=f.querySelector("[type=submit]");b.textContent=c.subscribing;b.disabled=!0;S.set(f,{s:{kind:"submit"},t:setTimeout(()=>{H.add(f);S.delete(f);f.submit()},c.fallbackMs)})});window.rinkEarlyForms={take(f){H.add(f);let s=S.get(f)?.s??null;X(f);return s}};document.documentElement.classList.add("${newsletterReady}")})(${c})`;
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
