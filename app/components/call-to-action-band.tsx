import type { ReactNode } from "react";

interface CallToActionBandProps {
  /** The id its heading carries: the band is a region named by it. */
  id: string;
  title: string;
  /** A line under the heading, when the actions need one. */
  lead?: ReactNode;
  /** The actions: the buttons (ui/button-styles.ts), centred and wrapping on a phone. */
  children: ReactNode;
}

/** The dark band that closes a page with what to do next: call, write, or come over. */
export function CallToActionBand({ id, title, lead, children }: CallToActionBandProps) {
  return (
    <section aria-labelledby={id} className="dark-band bg-brand-800 py-16 text-white">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <h2 id={id} className="font-display font-extrabold text-3xl sm:text-4xl">
          {title}
        </h2>
        {lead ? <p className="mt-3 text-brand-50 text-lg">{lead}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
