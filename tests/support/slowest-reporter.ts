// A Playwright reporter that prints, after the run, the ten slowest tests (a test's time
// includes the beforeAll hooks it ran, such as a spec's own build) and each spec file's total:
// where the end-to-end time goes. The global set-up prints its own time (global-setup.ts).
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestReporter implements Reporter {
  private readonly tests: { title: string; file: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.replace(/^.*\/tests\/e2e\//, "");
    this.tests.push({ title: `${file}: ${test.title}`, file, ms: result.duration });
  }

  onEnd(result: FullResult) {
    if (this.tests.length === 0) return;
    const slowest = [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, 10);
    const byFile = new Map<string, number>();
    for (const t of this.tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.ms);
    const files = [...byFile].sort((a, b) => b[1] - a[1]);
    const total = this.tests.reduce((sum, t) => sum + t.ms, 0);
    console.log(`\nThe ten slowest end-to-end tests (of ${this.tests.length}):`);
    for (const t of slowest) console.log(`  ${seconds(t.ms).padStart(7)}  ${t.title}`);
    console.log(
      `Time in tests by spec file (${seconds(total)} in all, over the workers; ${seconds(result.duration)} wall):`,
    );
    for (const [file, ms] of files) console.log(`  ${seconds(ms).padStart(7)}  ${file}`);
  }
}
