import { useEffect, useRef } from "react";
import { buttonStyles } from "../../ui/button-styles.ts";

interface ThankYouProps {
  /** The form's success text, from rink/forms/. */
  message: string;
  /**
   * Moves focus to the heading when shown: set when it replaces a page the visitor was using,
   * so screen readers announce it and keyboard focus is not lost with the removed form.
   */
  focusHeading?: boolean;
}

/** What a visitor sees after sending a form: with JavaScript in place of the page, without it
 * as the page the inbox redirects to. */
export function ThankYou({ message, focusHeading = false }: ThankYouProps) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-9" fill="none">
          <path
            d="m5 12.5 4.5 4.5L19 7.5"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-6 font-display font-extrabold text-4xl text-brand-900 sm:text-5xl"
      >
        Thank You!
      </h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <a href="/" className={`${buttonStyles.brand} mt-8`}>
        Return Home
      </a>
    </section>
  );
}
