// "How the site is doing" at /inbox/insights: the owner's page of the site's own counts, drawn
// like the owner's other pages (layout.tsx's frame, the one stylesheet, no script), from the
// counts' report (insights/report.ts) and words (insights/words.ts). Each chart
// (insights-charts.tsx) comes with a table that says the same to a screen reader; the tables
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
import { BarList, ColumnChart, GroupedChart } from "./insights-charts.tsx";
import { layout } from "./layout.tsx";

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
  const table = (
    <table className="figures">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((cell, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
            <th key={i} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
          <tr key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
                <th key={i} scope="row">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
                <td key={i}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  // A table wider than a phone scrolls by itself, focusable so a keyboard can scroll it.
  return wide ? (
    // biome-ignore lint/a11y/useSemanticElements: a region, not a section, which owner.css spaces as a part of the page
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region a keyboard must reach to scroll
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      {table}
    </div>
  ) : (
    table
  );
}

function Visits({ report }: { report: InsightsReport }) {
  const days = report.weeks.flatMap((w) => w.days);
  return (
    <section aria-labelledby="visits-heading">
      <h2 id="visits-heading">Visits a day</h2>
      <p className="hint">
        {report.hasYearBefore
          ? "The last 8 weeks, a bar a day; the line is the same days a year before. A visitor is counted once a day."
          : "The last 8 weeks, a bar a day. A visitor is counted once a day. The same weeks a year before show here once there are any."}
      </p>
      <ColumnChart
        values={days.map((d) => d.visitors)}
        before={report.hasYearBefore ? days.map((d) => d.yearBefore) : undefined}
        labels={days.map((d) => dayWords(d.date))}
        labelEvery={14}
      />
      <Table
        caption="Visits a day, by week"
        head={["Week of", ...weekdays, "Total", ...(report.hasYearBefore ? ["A year before"] : [])]}
        rows={report.weeks.map((w) => [
          dayWords(w.monday),
          ...w.days.map((d) => (d.date > report.today ? "" : String(d.visitors))),
          String(w.visitors),
          ...(report.hasYearBefore ? [String(w.yearBefore)] : []),
        ])}
        wide
      />
    </section>
  );
}

function Pages({ report }: { report: InsightsReport }) {
  return (
    <section aria-labelledby="pages-heading">
      <h2 id="pages-heading">Top pages</h2>
      <p className="hint">{`Page views since ${dayWords(report.since)} (28 days).`}</p>
      {report.pages.length === 0 ? (
        <p>No page views counted yet.</p>
      ) : (
        <>
          <BarList rows={report.pages.map((p) => ({ label: pageWords(p.page), value: p.views }))} />
          <Table
            caption="Top pages, last 28 days"
            head={["Page", "Views", "Visitors who started there"]}
            rows={report.pages.map((p) => [pageWords(p.page), String(p.views), String(p.visitors)])}
          />
        </>
      )}
    </section>
  );
}

function Sources({ report }: { report: InsightsReport }) {
  return (
    <section aria-labelledby="sources-heading">
      <h2 id="sources-heading">Where visitors came from</h2>
      <p className="hint">{`Visitors since ${dayWords(report.since)}, by where they came from.`}</p>
      <BarList
        rows={report.sources.map((s) => ({
          label: insightsWords.sources[s.kind],
          value: s.visitors,
        }))}
      />
      <Table
        caption="Where visitors came from, last 28 days"
        head={["From", "Visitors", "Sites"]}
        rows={report.sources.map((s) => [
          insightsWords.sources[s.kind],
          String(s.visitors),
          [
            ...s.sites.map((site) => `${site.site} ${site.visitors}`),
            ...(s.others > 0 ? [`others ${s.others}`] : []),
          ].join(", "),
        ])}
      />
    </section>
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
  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading">Taps a week</h2>
      <p className="hint">
        Calls tapped (purple) and directions opened (yellow) each week; every action is in the
        table.
      </p>
      <GroupedChart
        groups={figures.map((w) => ({
          label: dayWords(w.monday),
          values: [w.actions.call, w.actions.directions],
        }))}
        series={[{ className: "bar" }, { className: "bar-alt" }]}
      />
      <Table
        caption="Actions a week"
        head={["Week of", ...shownActions.map((a) => actionWords[a])]}
        rows={figures.map((w) => [
          dayWords(w.monday),
          ...shownActions.map((a) => String(w.actions[a])),
        ])}
        wide
      />
    </section>
  );
}

function Forms({ figures }: { figures: readonly WeekFigures[] }) {
  return (
    <section aria-labelledby="forms-heading">
      <h2 id="forms-heading">Signups and messages a week</h2>
      <p className="hint">From the inbox, spam left out: signups (purple) and messages (yellow).</p>
      <GroupedChart
        groups={figures.map((w) => ({
          label: dayWords(w.monday),
          values: [w.signups, w.messages],
        }))}
        series={[{ className: "bar" }, { className: "bar-alt" }]}
      />
      <Table
        caption="Signups and messages a week"
        head={["Week of", "Signups", "Messages"]}
        rows={figures.map((w) => [dayWords(w.monday), String(w.signups), String(w.messages)])}
      />
    </section>
  );
}

function Speed({ report }: { report: InsightsReport }) {
  return (
    <section aria-labelledby="speed-heading">
      <h2 id="speed-heading">Speed on real phones</h2>
      <p className="hint">
        Each page's figure that 3 in 4 phone views beat (the 75th percentile) over the last 28 days,
        rated as Google rates it, with the views it rests on.
      </p>
      <ul className="hint plain">
        {vitalNames.map((name) => (
          <li key={name}>{`${insightsWords.vitals[name]}: ${thresholdWords(name)}`}</li>
        ))}
      </ul>
      {report.speed.length === 0 ? (
        <p>No phone has sent its speed yet.</p>
      ) : (
        <Table
          caption="Speed on phones by page, last 28 days"
          head={["Page", "Phone views", ...vitalNames.map((n) => insightsWords.vitals[n])]}
          rows={report.speed.map((p) => [
            pageWords(p.page),
            String(p.views),
            ...vitalNames.map((name) => {
              const m = p.metrics[name];
              if (!m) return "not measured";
              return (
                <span key={name} className={`rating ${m.rating}`}>
                  {`${vitalWords(name, m.p75)} ${insightsWords.ratings[m.rating]}${m.views < p.views ? ` (${plural(m.views, "view", "views")})` : ""}`}
                </span>
              );
            }),
          ])}
          wide
        />
      )}
    </section>
  );
}

function Summary({ on }: { on: boolean }) {
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">The Monday email</h2>
      <p role="status">{on ? insightsWords.summaryOn : insightsWords.summaryOff}</p>
      <form method="post" action={`${insightsPath}/summary`}>
        <input type="hidden" name="on" value={on ? "0" : "1"} />
        <button type="submit" className={on ? buttonStyles.outline : buttonStyles.brand}>
          {on ? "Turn the Monday email off" : "Turn the Monday email on"}
        </button>
      </form>
    </section>
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
    <>
      <h1>{insightsWords.title}</h1>
      <p className="summary">
        {line(current)}
        <br />
        {`Last week (from ${dayWords(previous?.monday ?? addDays(report.today, -7))}): ${line(previous).replace(/^This week: /, "")}`}
      </p>
      <Visits report={report} />
      <Pages report={report} />
      <Sources report={report} />
      <Actions figures={report.figures} />
      <Forms figures={report.figures} />
      <Speed report={report} />
      <Summary on={summaryOn} />
    </>,
    email,
  );
}
