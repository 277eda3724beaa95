import { LegalPage } from "../components/legal-page.tsx";
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
    <LegalPage
      title={site.pages.textAlerts.heading}
      intro={textAlerts.intro}
      sections={textAlerts.terms}
      facts={richFacts}
      idPrefix="term"
    />
  );
}
