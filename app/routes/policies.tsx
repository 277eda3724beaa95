import { PageHero } from "../components/page-hero.tsx";
import { RichText } from "../components/rich-text.tsx";
import { richFacts } from "../content/rich-facts.ts";
import { site } from "../content/site.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "policies", path);

export default function Policies() {
  const { policies } = site;
  return (
    <>
      <PageHero title={site.pages.policies.heading} lead={policies.intro} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 md:grid-cols-2">
        {policies.sections.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`policy-${section.id}`}
            className="rounded-2xl border border-brand-100 p-6"
          >
            <h2
              id={`policy-${section.id}`}
              className="font-display font-extrabold text-2xl text-brand-900"
            >
              {section.title}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
              {section.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </section>
        ))}
        <section
          aria-labelledby="policy-help"
          className="rounded-2xl bg-brand-50 p-6 md:col-span-2"
        >
          <h2 id="policy-help" className="font-display font-extrabold text-2xl text-brand-900">
            Need help?
          </h2>
          <dl className="mt-3 grid gap-4 sm:grid-cols-3">
            {policies.helpContacts.map((contact) => (
              <div key={contact.role}>
                <dt className="font-semibold">{contact.role}</dt>
                <dd className="text-slate-700">{contact.detail}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section
          id="privacy"
          aria-labelledby="policy-privacy"
          className="rounded-2xl border border-brand-100 p-6 md:col-span-2"
        >
          <h2 id="policy-privacy" className="font-display font-extrabold text-2xl text-brand-900">
            Your privacy
          </h2>
          <p className="mt-3 text-slate-700">
            <RichText text={policies.privacyNote} facts={richFacts} />
          </p>
        </section>
        <figure className="md:col-span-2">
          <blockquote className="text-center font-display font-extrabold text-2xl text-brand-900">
            “{policies.commitment}”
          </blockquote>
        </figure>
      </div>
    </>
  );
}
