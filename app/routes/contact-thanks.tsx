import { contactMessages } from "../../rink/forms/contact.ts";
import { ThankYou } from "../components/thank-you.tsx";
import { site } from "../content/site.ts";
import { pageMeta } from "../lib/seo.ts";

// Where the inbox redirects a contact message posted without JavaScript.
export const meta = (path: string) => pageMeta(site, "contactThanks", path, { noindex: true });

export default function ContactThanks() {
  return <ThankYou message={contactMessages.success} />;
}
