// The owner's charts, drawn on the server as SVG (no script: the owner's pages send none, and
// their policy allows none). Each is a picture for the eye only (aria-hidden): the table beside
// it says the same to a screen reader. Coordinates in a viewBox, so a chart fills a phone's
// width as it does a laptop's; colours by class, from the owner's stylesheet.
import type { ReactNode } from "react";

const round = (n: number) => Math.round(n * 10) / 10;

/** A scale's top: the largest value, at least 1, rounded up to a readable figure. */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(1, ...values);
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

/** The column charts' frame: their size, the baseline, the scale's top and its two ticks. */
const frame = { width: 600, height: 220, top: 24, bottom: 190, left: 44 } as const;

/** An SVG for the eye only, its viewBox `height` tall. */
function Chart({ height, children }: { height: number; children: ReactNode }) {
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${frame.width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** The axis, the scale's top line and its two ticks (`max` and 0), and a value's height. */
function scale(max: number) {
  const { width, top, bottom, left } = frame;
  return {
    y: (v: number) => round(bottom - ((bottom - top) * v) / max),
    axes: (
      <>
        <line className="axis" x1={left} x2={width} y1={bottom} y2={bottom} />
        <line className="grid" x1={left} x2={width} y1={top} y2={top} />
        <text className="tick" x={left - 6} y={top + 6} textAnchor="end">
          {String(max)}
        </text>
        <text className="tick" x={left - 6} y={bottom} textAnchor="end">
          0
        </text>
      </>
    ),
  };
}

/**
 * Bars in a row, one per value (the days of 8 weeks), with an optional line of the same days a
 * year before, the scale's top written on the left and a label under every `labelEvery`th bar.
 */
export function ColumnChart({
  values,
  before,
  labels,
  labelEvery,
}: {
  values: readonly number[];
  before?: readonly number[] | undefined;
  labels: readonly string[];
  labelEvery: number;
}) {
  const { width, height, bottom, left } = frame;
  const { y, axes } = scale(niceMax([...values, ...(before ?? [])]));
  const slot = (width - left) / Math.max(1, values.length);
  return (
    <Chart height={height}>
      {axes}
      {values.map((v, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
          key={`b${i}`}
          className="bar"
          x={round(left + i * slot + slot * 0.15)}
          y={y(v)}
          width={round(slot * 0.7)}
          height={round(bottom - y(v))}
        />
      ))}
      {before ? (
        <polyline
          className="before"
          points={before.map((v, i) => `${round(left + (i + 0.5) * slot)},${y(v)}`).join(" ")}
        />
      ) : null}
      {labels.map((label, i) =>
        i % labelEvery === 0 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
          <text key={`l${i}`} className="tick" x={round(left + i * slot)} y={height - 6}>
            {label}
          </text>
        ) : null,
      )}
    </Chart>
  );
}

/** Groups of bars (a week's signups beside its messages), a class per series. */
export function GroupedChart({
  groups,
  series,
}: {
  groups: readonly { label: string; values: readonly number[] }[];
  series: readonly { className: string }[];
}) {
  const { width, height, bottom, left } = frame;
  const { y, axes } = scale(niceMax(groups.flatMap((g) => g.values)));
  const slot = (width - left) / Math.max(1, groups.length);
  const bar = (slot * 0.7) / Math.max(1, series.length);
  return (
    <Chart height={height}>
      {axes}
      {groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
        <g key={`g${g}`}>
          {group.values.map((v, s) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
              key={`s${s}`}
              className={series[s]?.className ?? "bar"}
              x={round(left + g * slot + slot * 0.15 + s * bar)}
              y={y(v)}
              width={round(bar)}
              height={round(bottom - y(v))}
            />
          ))}
          {g % 2 === 0 ? (
            <text className="tick" x={round(left + g * slot)} y={height - 6}>
              {group.label}
            </text>
          ) : null}
        </g>
      ))}
    </Chart>
  );
}

/** One bar per row, its label above it and its value at its end: long names fit a phone. */
export function BarList({ rows }: { rows: readonly { label: string; value: number }[] }) {
  const rowHeight = 52;
  const max = niceMax(rows.map((r) => r.value));
  const room = frame.width - 80;
  return (
    <Chart height={Math.max(1, rows.length) * rowHeight}>
      {rows.map((row, i) => {
        const w = round((room * row.value) / max);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: drawn once to HTML on the server, never re-rendered
          <g key={`r${i}`}>
            <text className="label" x={0} y={i * rowHeight + 20}>
              {row.label}
            </text>
            <rect className="bar" x={0} y={i * rowHeight + 28} width={w} height={16} />
            <text className="tick" x={w + 8} y={i * rowHeight + 42}>
              {String(row.value)}
            </text>
          </g>
        );
      })}
    </Chart>
  );
}
