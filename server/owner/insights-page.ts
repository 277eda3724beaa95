// "How the site is doing" at /inbox/insights: the owner's page of the site's own counts, drawn
// like the owner's other pages (pages.ts's layout, the one stylesheet, no script), from the
// counts' report (insights/report.ts) and words (insights/words.ts). Each chart
// (insights-charts.ts) comes with a table that says the same to a screen reader; the tables
// that are wider than a phone scroll sideways on their own.
import type { ReactNode } from "react";
import {
  type BeaconAction,
  type VitalName,
  vitalNames,
  vitalThresholds,
} from "../../rink/insights.ts";
import { plural } from "../../rink/plural.ts";
import { buttonStyles } from "../../ui/button-styles.ts";
import { addDays } from "../insights/calendar.ts";
import { actionWords, type InsightsReport, type WeekFigures } from "../insights/report.ts";
import { dayWords, insightsPath, insightsWords, pageWords, vitalWords } from "../insights/words.ts";
import { h } from "./html.ts";
import { BarList, ColumnChart, GroupedChart } from "./insights-charts.ts";
import { layout } from "./pages.ts";

const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const thresholdWords = (name: VitalName) =>
  `good up to ${vitalWords(name, vitalThresholds[name].good)}, poor over ${vitalWords(name, vitalThresholds[name].poor)}`;

function Table({
  caption,
  head,
  rows,
  wide = false,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  wide?: boolean;
}) {
  const table = h(
    "table",
    { className: "figures" },
    h("caption", null, caption),
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        head.map((cell, i) => h("th", { key: i, scope: "col" }, cell)),
      ),
    ),
    h(
      "tbody",
      null,
      rows.map((row, r) =>
        h(
          "tr",
          { key: r },
          row.map((cell, i) =>
            i === 0 ? h("th", { key: i, scope: "row" }, cell) : h("td", { key: i }, cell),
          ),
        ),
      ),
    ),
  );
  // A table wider than a phone scrolls by itself, focusable so a keyboard can scroll it.
  return wide
    ? h(
        "div",
        { className: "table-scroll", tabIndex: 0, role: "region", "aria-label": caption },
        table,
      )
    : table;
}

function Visits({ report }: { report: InsightsReport }) {
  const days = report.weeks.flatMap((w) => w.days);
  return h(
    "section",
    { "aria-labelledby": "visits-heading" },
    h("h2", { id: "visits-heading" }, "Visits a day"),
    h(
      "p",
      { className: "hint" },
      report.hasYearBefore
        ? "The last 8 weeks, a bar a day; the line is the same days a year before. A visitor is counted once a day."
        : "The last 8 weeks, a bar a day. A visitor is counted once a day. The same weeks a year before show here once there are any.",
    ),
    h(ColumnChart, {
      values: days.map((d) => d.visitors),
      before: report.hasYearBefore ? days.map((d) => d.yearBefore) : undefined,
      labels: days.map((d) => dayWords(d.date)),
      labelEvery: 14,
    }),
    h(Table, {
      caption: "Visits a day, by week",
      head: ["Week of", ...weekdays, "Total", ...(report.hasYearBefore ? ["A year before"] : [])],
      rows: report.weeks.map((w) => [
        dayWords(w.monday),
        ...w.days.map((d) => (d.date > report.today ? "" : String(d.visitors))),
        String(w.visitors),
        ...(report.hasYearBefore ? [String(w.yearBefore)] : []),
      ]),
      wide: true,
    }),
  );
}

function Pages({ report }: { report: InsightsReport }) {
  return h(
    "section",
    { "aria-labelledby": "pages-heading" },
    h("h2", { id: "pages-heading" }, "Top pages"),
    h("p", { className: "hint" }, `Page views since ${dayWords(report.since)} (28 days).`),
    report.pages.length === 0
      ? h("p", null, "No page views counted yet.")
      : [
          h(BarList, {
            key: "c",
            rows: report.pages.map((p) => ({ label: pageWords(p.page), value: p.views })),
          }),
          h(Table, {
            key: "t",
            caption: "Top pages, last 28 days",
            head: ["Page", "Views", "Visitors who started there"],
            rows: report.pages.map((p) => [pageWords(p.page), String(p.views), String(p.visitors)]),
          }),
        ],
  );
}

function Sources({ report }: { report: InsightsReport }) {
  return h(
    "section",
    { "aria-labelledby": "sources-heading" },
    h("h2", { id: "sources-heading" }, "Where visitors came from"),
    h(
      "p",
      { className: "hint" },
      `Visitors since ${dayWords(report.since)}, by where they came from.`,
    ),
    h(BarList, {
      rows: report.sources.map((s) => ({
        label: insightsWords.sources[s.kind],
        value: s.visitors,
      })),
    }),
    h(Table, {
      caption: "Where visitors came from, last 28 days",
      head: ["From", "Visitors", "Sites"],
      rows: report.sources.map((s) => [
        insightsWords.sources[s.kind],
        String(s.visitors),
        s.sites
          .slice(0, 5)
          .map((site) => `${site.site} ${site.visitors}`)
          .join(", "),
      ]),
    }),
  );
}

const shownActions: BeaconAction[] = [
  "call",
  "directions",
  "newsletter_signup",
  "message_sent",
  "add_to_calendar",
  "calendar_feed",
];

function Actions({ figures }: { figures: readonly WeekFigures[] }) {
  return h(
    "section",
    { "aria-labelledby": "actions-heading" },
    h("h2", { id: "actions-heading" }, "Taps a week"),
    h(
      "p",
      { className: "hint" },
      "Calls tapped (purple) and directions opened (yellow) each week; every action is in the table.",
    ),
    h(GroupedChart, {
      groups: figures.map((w) => ({
        label: dayWords(w.monday),
        values: [w.actions.call, w.actions.directions],
      })),
      series: [{ className: "bar" }, { className: "bar-alt" }],
    }),
    h(Table, {
      caption: "Actions a week",
      head: ["Week of", ...shownActions.map((a) => actionWords[a])],
      rows: figures.map((w) => [
        dayWords(w.monday),
        ...shownActions.map((a) => String(w.actions[a])),
      ]),
      wide: true,
    }),
  );
}

function Forms({ figures }: { figures: readonly WeekFigures[] }) {
  return h(
    "section",
    { "aria-labelledby": "forms-heading" },
    h("h2", { id: "forms-heading" }, "Signups and messages a week"),
    h(
      "p",
      { className: "hint" },
      "From the inbox, spam left out: signups (purple) and messages (yellow).",
    ),
    h(GroupedChart, {
      groups: figures.map((w) => ({ label: dayWords(w.monday), values: [w.signups, w.messages] })),
      series: [{ className: "bar" }, { className: "bar-alt" }],
    }),
    h(Table, {
      caption: "Signups and messages a week",
      head: ["Week of", "Signups", "Messages"],
      rows: figures.map((w) => [dayWords(w.monday), String(w.signups), String(w.messages)]),
    }),
  );
}

function Speed({ report }: { report: InsightsReport }) {
  return h(
    "section",
    { "aria-labelledby": "speed-heading" },
    h("h2", { id: "speed-heading" }, "Speed on real phones"),
    h(
      "p",
      { className: "hint" },
      "Each page's figure that 3 in 4 phone views beat (the 75th percentile) over the last 28 days, rated as Google rates it, with the views it rests on.",
    ),
    h(
      "ul",
      { className: "hint plain" },
      vitalNames.map((name) =>
        h("li", { key: name }, `${insightsWords.vitals[name]}: ${thresholdWords(name)}`),
      ),
    ),
    report.speed.length === 0
      ? h("p", null, "No phone has sent its speed yet.")
      : h(Table, {
          caption: "Speed on phones by page, last 28 days",
          head: ["Page", "Phone views", ...vitalNames.map((n) => insightsWords.vitals[n])],
          rows: report.speed.map((p) => [
            pageWords(p.page),
            String(p.views),
            ...vitalNames.map((name) => {
              const m = p.metrics[name];
              if (!m) return "not measured";
              return h(
                "span",
                { className: `rating ${m.rating}` },
                `${vitalWords(name, m.p75)} ${insightsWords.ratings[m.rating]}`,
                m.views < p.views ? ` (${plural(m.views, "view", "views")})` : null,
              );
            }),
          ]),
          wide: true,
        }),
  );
}

function Summary({ on }: { on: boolean }) {
  return h(
    "section",
    { "aria-labelledby": "summary-heading" },
    h("h2", { id: "summary-heading" }, "The Monday email"),
    h("p", { role: "status" }, on ? insightsWords.summaryOn : insightsWords.summaryOff),
    h(
      "form",
      { method: "post", action: `${insightsPath}/summary` },
      h("input", { type: "hidden", name: "on", value: on ? "0" : "1" }),
      h(
        "button",
        { type: "submit", className: on ? buttonStyles.outline : buttonStyles.brand },
        on ? "Turn the Monday email off" : "Turn the Monday email on",
      ),
    ),
  );
}

export interface InsightsPageData {
  email: string;
  report: InsightsReport;
  summaryOn: boolean;
}

export function insightsPage({ email, report, summaryOn }: InsightsPageData): Promise<string> {
  const current = report.figures.at(-1);
  const previous = report.figures.at(-2);
  const line = (w: WeekFigures | undefined) =>
    insightsWords.thisWeek({
      visits: w?.visits ?? 0,
      calls: w?.actions.call ?? 0,
      signups: w?.signups ?? 0,
    });
  return layout(
    insightsWords.title,
    [
      h("h1", { key: "h" }, insightsWords.title),
      h(
        "p",
        { key: "s", className: "summary" },
        line(current),
        h("br", null),
        `Last week (from ${dayWords(previous?.monday ?? addDays(report.today, -7))}): ${line(previous).replace(/^This week: /, "")}`,
      ),
      h(Visits, { key: "v", report }),
      h(Pages, { key: "p", report }),
      h(Sources, { key: "o", report }),
      h(Actions, { key: "a", figures: report.figures }),
      h(Forms, { key: "f", figures: report.figures }),
      h(Speed, { key: "x", report }),
      h(Summary, { key: "m", on: summaryOn }),
    ],
    email,
  );
}
