import { SectionHeading } from "./section-heading.tsx";

interface ServicesGridProps {
  /** The id its heading carries: the section is a region named by it. */
  id: string;
  title: string;
  services: readonly { name: string; summary: string; detail: string }[];
  /** Each service's detail under its summary (About); Home shows the summaries alone. */
  detailed?: boolean;
}

// The summaries alone fit four across on a laptop, on tinted cards; with their details the
// cards run long, so two across, outlined.
const layouts = {
  summaries: {
    list: "mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4",
    card: "rounded-2xl bg-brand-50 p-6",
  },
  detailed: {
    list: "mt-8 grid gap-6 sm:grid-cols-2",
    card: "rounded-2xl border border-brand-100 p-6",
  },
} as const;

/** What the rink offers (content/about.yml's services), a card each. */
export function ServicesGrid({ id, title, services, detailed = false }: ServicesGridProps) {
  const layout = layouts[detailed ? "detailed" : "summaries"];
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16">
      <SectionHeading id={id} title={title} />
      <ul className={layout.list}>
        {services.map((service) => (
          <li key={service.name} className={layout.card}>
            <h3 className="font-display font-extrabold text-brand-900 text-xl">{service.name}</h3>
            <p className="mt-2 text-slate-700">{service.summary}</p>
            {detailed ? <p className="mt-2 text-slate-700">{service.detail}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
