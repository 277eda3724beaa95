import { type ReactNode, useState } from "react";
import { contactMessages } from "../../rink/forms/contact.ts";
import type { Phone } from "../content/types.ts";
import type { ContactTarget } from "../lib/submit-contact.ts";
import { ContactForm } from "./contact-form.tsx";
import { ThankYou } from "./thank-you.tsx";

interface ContactBlockProps {
  action: string;
  target: ContactTarget;
  phone: Phone;
  /** The words above the form. */
  intro: string;
  /** The page around the form, rendered at build (Astro's slots: kept as they are, never
   * hydrated). */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * The Contact page's island: the message form between the page's other parts, and after a
 * successful send the Thank You screen in place of all of it (spec section 2).
 */
export function ContactBlock({ action, target, phone, intro, before, after }: ContactBlockProps) {
  const [sent, setSent] = useState(false);
  if (sent) return <ThankYou message={contactMessages.success} focusHeading />;
  return (
    <>
      {before}
      <div className="mx-auto max-w-6xl px-4">
        <section
          aria-labelledby="contact-message"
          className="mt-10 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-message" className="font-display font-extrabold text-2xl text-brand-900">
            Write to Us
          </h2>
          <p className="mt-2 text-slate-700">{intro}</p>
          <div className="mt-6">
            <ContactForm
              action={action}
              target={target}
              phone={phone}
              onSuccess={() => setSent(true)}
            />
          </div>
        </section>
      </div>
      {after}
    </>
  );
}
