import { contactMessages } from "../../forms/contact";
import { ThankYou } from "../components/thank-you";
import { site } from "../content/site";
import { pageMeta } from "../lib/seo";

// Where the inbox redirects a contact message posted without JavaScript.
export const meta = () => [
  ...pageMeta(site.pages.contactThanks, site.name),
  { name: "robots", content: "noindex" },
];

export default function ContactThanks() {
  return <ThankYou message={contactMessages.success} />;
}
