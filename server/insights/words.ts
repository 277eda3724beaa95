// The owner's words for the site's counts (issue 45), shared by the page at /inbox/insights
// (owner/insights-page.tsx) and the Monday email (summary.ts): where the page is, its title and
// door, the sources, the speed figures and their ratings, the dates and pages as written.
import type { VitalName } from "../../rink/insights.ts";
import { plural } from "../../rink/plural.ts";
import type { SourceKind } from "./classify.ts";

export const insightsPath = "/inbox/insights";

export const insightsWords = {
  title: "How the site is doing",
  door: { label: "How the site is doing", hint: "Visits, calls tapped, signups and speed" },
  thisWeek: (w: { visits: number; calls: number; signups: number }) =>
    `This week: ${plural(w.visits, "visit", "visits")}, ${plural(w.calls, "call tapped", "calls tapped")}, ${plural(w.signups, "signup", "signups")}`,
  sources: {
    search: "Search (Google, Bing …)",
    social: "Social (Facebook, Instagram …)",
    direct: "Direct (typed, saved, an app, a text)",
    other: "Other sites",
  } satisfies Record<SourceKind, string>,
  vitals: {
    LCP: "Main content shown (LCP)",
    INP: "Answer to a tap (INP)",
    CLS: "Things moving (CLS)",
    FCP: "First thing shown (FCP)",
    TTFB: "Server's first byte (TTFB)",
  } satisfies Record<VitalName, string>,
  ratings: { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" },
  summaryOn:
    "The Monday email is on: every Monday at 8 AM you get last week against the week before.",
  summaryOff: "The Monday email is off for you.",
} as const;

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
/** "Dec 7" for "2026-12-07". */
export const dayWords = (date: string) => shortDate.format(new Date(`${date}T12:00:00Z`));
/** "/" is the home page; the others by their path, as the owner sees it in the address bar. */
export const pageWords = (page: string) => (page === "/" ? "Home (/)" : page);

/** A figure as Google's reports write it: seconds for the paints and the first byte. */
export function vitalWords(name: VitalName, value: number): string {
  if (name === "CLS") return value.toFixed(2);
  if (name === "INP") return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}
