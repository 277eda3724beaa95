// axe-core on the page as it is now: the one way the specs check WCAG 2.0/2.1/2.2 A and AA.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails with a readable list of violations, each with the elements it found. */
export async function expectNoViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\n/g, " ")}`)
        .join("\n")}`,
  );
  expect(found, `axe violations ${state}`).toEqual([]);
  // axe checks only what is in the DOM: make sure the state under test was really there.
  expect(results.passes.length, "axe ran its rules").toBeGreaterThan(10);
}
