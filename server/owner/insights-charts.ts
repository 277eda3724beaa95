// The owner's charts, drawn on the server as SVG (no script: the owner's pages send none, and
// their policy allows none). Each is a picture for the eye only (aria-hidden): the table beside
// it says the same to a screen reader. Coordinates in a viewBox, so a chart fills a phone's
// width as it does a laptop's; colours by class, from the owner's stylesheet.
import type { ReactNode } from "react";
import { h } from "./html.ts";

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

/** An SVG for the eye only, its viewBox `height` tall, holding `children`. */
const chart = (height: number, ...children: ReactNode[]) =>
  h(
    "svg",
    {
      className: "chart",
      viewBox: `0 0 ${frame.width} ${height}`,
      "aria-hidden": "true",
      focusable: "false",
    },
    ...children,
  );

/** The axis, the scale's top line and its two ticks (`max` and 0), and a value's height. */
function scale(max: number) {
  const { width, top, bottom, left } = frame;
  return {
    y: (v: number) => round(bottom - ((bottom - top) * v) / max),
    axes: [
      h("line", { key: "axis", className: "axis", x1: left, x2: width, y1: bottom, y2: bottom }),
      h("line", { key: "grid", className: "grid", x1: left, x2: width, y1: top, y2: top }),
      h(
        "text",
        { key: "max", className: "tick", x: left - 6, y: top + 6, textAnchor: "end" },
        String(max),
      ),
      h("text", { key: "zero", className: "tick", x: left - 6, y: bottom, textAnchor: "end" }, "0"),
    ],
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
}): ReactNode {
  const { width, height, bottom, left } = frame;
  const { y, axes } = scale(niceMax([...values, ...(before ?? [])]));
  const slot = (width - left) / Math.max(1, values.length);
  return chart(
    height,
    axes,
    values.map((v, i) =>
      h("rect", {
        key: `b${i}`,
        className: "bar",
        x: round(left + i * slot + slot * 0.15),
        y: y(v),
        width: round(slot * 0.7),
        height: round(bottom - y(v)),
      }),
    ),
    before
      ? h("polyline", {
          className: "before",
          points: before.map((v, i) => `${round(left + (i + 0.5) * slot)},${y(v)}`).join(" "),
        })
      : null,
    labels.map((label, i) =>
      i % labelEvery === 0
        ? h(
            "text",
            { key: `l${i}`, className: "tick", x: round(left + i * slot), y: height - 6 },
            label,
          )
        : null,
    ),
  );
}

/** Groups of bars (a week's signups beside its messages), a class per series. */
export function GroupedChart({
  groups,
  series,
}: {
  groups: readonly { label: string; values: readonly number[] }[];
  series: readonly { className: string }[];
}): ReactNode {
  const { width, height, bottom, left } = frame;
  const { y, axes } = scale(niceMax(groups.flatMap((g) => g.values)));
  const slot = (width - left) / Math.max(1, groups.length);
  const bar = (slot * 0.7) / Math.max(1, series.length);
  return chart(
    height,
    axes,
    groups.map((group, g) =>
      h(
        "g",
        { key: `g${g}` },
        group.values.map((v, s) =>
          h("rect", {
            key: `s${s}`,
            className: series[s]?.className ?? "bar",
            x: round(left + g * slot + slot * 0.15 + s * bar),
            y: y(v),
            width: round(bar),
            height: round(bottom - y(v)),
          }),
        ),
        g % 2 === 0
          ? h("text", { className: "tick", x: round(left + g * slot), y: height - 6 }, group.label)
          : null,
      ),
    ),
  );
}

/** One bar per row, its label above it and its value at its end: long names fit a phone. */
export function BarList({
  rows,
}: {
  rows: readonly { label: string; value: number }[];
}): ReactNode {
  const rowHeight = 52;
  const max = niceMax(rows.map((r) => r.value));
  const room = frame.width - 80;
  return chart(
    Math.max(1, rows.length) * rowHeight,
    rows.map((row, i) => {
      const w = round((room * row.value) / max);
      return h(
        "g",
        { key: `r${i}` },
        h("text", { className: "label", x: 0, y: i * rowHeight + 20 }, row.label),
        h("rect", { className: "bar", x: 0, y: i * rowHeight + 28, width: w, height: 16 }),
        h("text", { className: "tick", x: w + 8, y: i * rowHeight + 42 }, String(row.value)),
      );
    }),
  );
}
