import { newsletterMessages } from "../../forms/newsletter";
import { ThankYou } from "../components/thank-you";
import { site } from "../content/site";
import { pageMeta } from "../lib/seo";

// Where the inbox redirects a newsletter signup posted without JavaScript.
export const meta = (path: string) => pageMeta(site, "newsletterThanks", path, { noindex: true });

export default function NewsletterThanks() {
  return <ThankYou message={newsletterMessages.success} />;
}
