import { PageHero } from "./page-hero.tsx";
import { type RichFacts, RichText } from "./rich-text.tsx";

interface LegalPageProps {
  title: string;
  /** The owner's words under the title (rich text: facts and links). */
  intro: string;
  /** One card each: its heading and its words (rich text). */
  sections: readonly { heading: string; text: string }[];
  facts: RichFacts;
  /**
   * Each card's heading id is `${idPrefix}-${i}`: an address someone may have linked to, so a
   * page keeps its own ("privacy-0", "term-0").
   */
  idPrefix: string;
}

/**
 * A page of small print a carrier's reviewer or a careful parent reads (/privacy, /text-alerts):
 * the hero, then one card a topic, each a region named by its heading.
 */
export function LegalPage({ title, intro, sections, facts, idPrefix }: LegalPageProps) {
  return (
    <>
      <PageHero title={title} lead={<RichText text={intro} facts={facts} tone="dark" />} />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-16">
        {sections.map((section, i) => (
          <section
            key={section.heading}
            aria-labelledby={`${idPrefix}-${i}`}
            className="rounded-2xl border border-brand-100 p-6"
          >
            <h2
              id={`${idPrefix}-${i}`}
              className="font-display font-extrabold text-2xl text-brand-900"
            >
              {section.heading}
            </h2>
            <p className="mt-3 text-slate-800">
              <RichText text={section.text} facts={facts} />
            </p>
          </section>
        ))}
      </div>
    </>
  );
}
