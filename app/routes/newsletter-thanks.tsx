import { newsletterMessages } from "../../rink/forms/newsletter.ts";
import { ThankYou } from "../components/thank-you.tsx";
import { site } from "../content/site.ts";
import { pageMeta } from "../lib/seo.ts";

// Where the inbox redirects a newsletter signup posted without JavaScript.
export const meta = (path: string) => pageMeta(site, "newsletterThanks", path, { noindex: true });

export default function NewsletterThanks() {
  return <ThankYou message={newsletterMessages.success} />;
}
