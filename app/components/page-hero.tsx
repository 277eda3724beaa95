interface PageHeroProps {
  title: string;
  /** A sentence; or the owner's words with their facts and links (components/rich-text). */
  lead: React.ReactNode;
  children?: React.ReactNode;
}

/**
 * The coloured band at the top of each inner page, with its h1. On a laptop the lead stands
 * beside the heading, not under it, so the band is not half empty.
 */
export function PageHero({ title, lead, children }: PageHeroProps) {
  return (
    <section className="dark-band bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20 lg:grid lg:grid-cols-2 lg:items-end lg:gap-x-12 lg:py-16">
        <h1 className="max-w-3xl font-display font-extrabold text-4xl sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-brand-50 text-lg sm:text-xl lg:mt-0">{lead}</p>
        {children ? <div className="lg:col-span-2">{children}</div> : null}
      </div>
    </section>
  );
}
