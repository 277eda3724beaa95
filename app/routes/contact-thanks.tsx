import { contactMessages } from "../../forms/contact";
import { ThankYou } from "../components/thank-you";
import { site } from "../content/site";
import { pageMeta } from "../lib/seo";

// Where the inbox redirects a contact message posted without JavaScript.
export const meta = (path: string) => pageMeta(site, "contactThanks", path, { noindex: true });

export default function ContactThanks() {
  return <ThankYou message={contactMessages.success} />;
}
