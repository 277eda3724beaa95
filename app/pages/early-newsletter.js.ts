// Home's newsletter's early script (app/browser/early-forms.ts, decision 015) as a file of its
// own, /early-newsletter.js: written into the page it cost Home's HTML the round trip that
// Lighthouse's first paint counts. Home loads it async; its form stays invisible (its place
// kept) until the script has run, so whenever the form is on the screen its behaviours hold.
import { earlyNewsletterScript } from "../lib/submit-early.ts";

export const GET = () =>
  new Response(earlyNewsletterScript(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8" },
  });
