import { PageHero } from "../components/page-hero.tsx";
import { RichText } from "../components/rich-text.tsx";
import { richFacts } from "../content/rich-facts.ts";
import { site } from "../content/site.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "privacy", path);

/** The privacy notice (content/privacy.yml): what we do with what a visitor sends us. */
export default function Privacy() {
  const { privacy } = site;
  return (
    <>
      <PageHero
        title={site.pages.privacy.heading}
        lead={<RichText text={privacy.intro} facts={richFacts} tone="dark" />}
      />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-16">
        {privacy.topics.map((item, i) => (
          <section
            key={item.topic}
            aria-labelledby={`privacy-${i}`}
            className="rounded-2xl border border-brand-100 p-6"
          >
            <h2 id={`privacy-${i}`} className="font-display font-extrabold text-2xl text-brand-900">
              {item.topic}
            </h2>
            <p className="mt-3 text-slate-800">
              <RichText text={item.detail} facts={richFacts} />
            </p>
          </section>
        ))}
      </div>
    </>
  );
}
