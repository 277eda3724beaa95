// axe-core on the page as it is now: the one way the specs check WCAG 2.0/2.1/2.2 A and AA.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails with a readable list of violations, each with the elements it found. */
export async function expectNoViolations(page: Page, state: string) {
  // axe.run in the page itself ("legacy mode"), not runPartial in each frame and finishRun in a
  // new blank page: the same rules and the same nodes (compared on /, /parties), in a third
  // of the time (a new page costs 1.5-1.7 s here). Its one limit, frames from another origin
  // go unchecked, cannot hide anything while the page has no frame at all.
  expect(page.frames(), `frames ${state} (axe runs in the page itself)`).toHaveLength(1);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze();
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
