import { PageHero } from "../components/page-hero.tsx";
import { RichText } from "../components/rich-text.tsx";
import { richFacts } from "../content/rich-facts.ts";
import { site } from "../content/site.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "textAlerts", path);

/**
 * The text-alert programme's terms (content/text-alerts.yml), the page a carrier's reviewer
 * reads: what is sent, how often, how to join, HELP, STOP, rates, carriers, privacy.
 */
export default function TextAlerts() {
  const { textAlerts } = site;
  return (
    <>
      <PageHero
        title={site.pages.textAlerts.heading}
        lead={<RichText text={textAlerts.intro} facts={richFacts} tone="dark" />}
      />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-16">
        {textAlerts.terms.map((term, i) => (
          <section
            key={term.heading}
            aria-labelledby={`term-${i}`}
            className="rounded-2xl border border-brand-100 p-6"
          >
            <h2 id={`term-${i}`} className="font-display font-extrabold text-2xl text-brand-900">
              {term.heading}
            </h2>
            <p className="mt-3 text-slate-800">
              <RichText text={term.text} facts={richFacts} />
            </p>
          </section>
        ))}
      </div>
    </>
  );
}
