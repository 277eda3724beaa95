import { LegalPage } from "../components/legal-page.tsx";
import { richFacts } from "../content/rich-facts.ts";
import { site } from "../content/site.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = (path: string) => pageMeta(site, "privacy", path);

/** The privacy notice (content/privacy.yml): what we do with what a visitor sends us. */
export default function Privacy() {
  const { privacy } = site;
  return (
    <LegalPage
      title={site.pages.privacy.heading}
      intro={privacy.intro}
      sections={privacy.topics.map((item) => ({ heading: item.topic, text: item.detail }))}
      facts={richFacts}
      idPrefix="privacy"
    />
  );
}
