import { contactMessages } from "../../forms/contact";
import { ThankYou } from "../components/thank-you";
import { site } from "../content/site";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/contact-thanks";

// Where the inbox redirects a contact message posted without JavaScript.
export const meta = ({ location }: Route.MetaArgs) =>
  pageMeta(site, "contactThanks", location.pathname, { noindex: true });

export default function ContactThanks() {
  return <ThankYou message={contactMessages.success} />;
}
