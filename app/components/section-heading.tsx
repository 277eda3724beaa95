interface SectionHeadingProps {
  id: string;
  title: string;
  intro?: string;
}

/** A section's h2 (with the id its section is labelled by) and an optional intro line. */
export function SectionHeading({ id, title, intro }: SectionHeadingProps) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="font-display font-extrabold text-3xl text-brand-900 sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-lg text-slate-700">{intro}</p> : null}
    </div>
  );
}
