interface PageHeroProps {
  title: string;
  lead: string;
  children?: React.ReactNode;
}

/** The coloured band at the top of each inner page, with its h1. */
export function PageHero({ title, lead, children }: PageHeroProps) {
  return (
    <section className="dark-band bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h1 className="max-w-3xl font-display font-extrabold text-4xl sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-brand-50 text-lg sm:text-xl">{lead}</p>
        {children}
      </div>
    </section>
  );
}
