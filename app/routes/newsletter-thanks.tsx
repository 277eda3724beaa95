import { newsletterMessages } from "../../forms/newsletter";
import { ThankYou } from "../components/thank-you";
import { site } from "../content/site";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/newsletter-thanks";

// Where the inbox redirects a newsletter signup posted without JavaScript.
export const meta = ({ location }: Route.MetaArgs) =>
  pageMeta(site, "newsletterThanks", location.pathname, { noindex: true });

export default function NewsletterThanks() {
  return <ThankYou message={newsletterMessages.success} />;
}
