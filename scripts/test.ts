// `npm test`: type-check, lint, content check, unit tests, end-to-end tests, budgets and the
// Lighthouse audit, in that order: everything that proves the site works, and what CI runs.
// `npm run test:quick` (`--quick`): the inner loop, under two minutes: type-check, lint, the
// unit tests but the slow proof that no test reads content/ (tests/owner-edits.test.ts), and
// the smoke pass of the browser tests (those tagged @smoke: every page, both forms).
// Stops at the first step that fails, with that step's exit code, and prints how long each
// step took. Other arguments go to the end-to-end step, e.g. `npm test -- --grep footer`.
import { spawnSync } from "node:child_process";

const quick = process.argv.includes("--quick");
const e2eArgs = process.argv.slice(2).filter((arg) => arg !== "--quick");

const steps: { name: string; command: string[] }[] = quick
  ? [
      { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
      { name: "lint", command: ["npm", "run", "--silent", "lint"] },
      {
        name: "unit tests (without the owner-edits proof)",
        command: ["env", "VITEST_EXCLUDE=tests/owner-edits.test.ts", "npx", "vitest", "run"],
      },
      {
        name: "end-to-end smoke pass",
        command: ["npm", "run", "--silent", "test:e2e", "--", "--grep", "@smoke", ...e2eArgs],
      },
    ]
  : [
      { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
      { name: "lint", command: ["npm", "run", "--silent", "lint"] },
      { name: "content check", command: ["npm", "run", "--silent", "check:content"] },
      { name: "unit tests", command: ["npm", "run", "--silent", "test:unit"] },
      { name: "end-to-end", command: ["npm", "run", "--silent", "test:e2e", "--", ...e2eArgs] },
      // The end-to-end step has just made the test build: check what each page ships.
      { name: "budgets", command: ["npm", "run", "--silent", "budgets"] },
      // Last, with nothing else running: Lighthouse's performance score moves with the
      // machine's load. Mobile and desktop, once a page (more runs only near the gate).
      { name: "Lighthouse audit", command: ["npm", "run", "--silent", "audit"] },
    ];

const done: string[] = [];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;
const started = performance.now();

function summary(failed?: string) {
  console.log(`\nnpm ${quick ? "run test:quick" : "test"} summary`);
  for (const line of done) console.log(`  ${line}`);
  if (failed) console.log(`  ${failed}`);
  console.log(`  total ${seconds(started)}`);
}

for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
  const stepStarted = performance.now();
  const [command = "npm", ...args] = step.command;
  const result = spawnSync(command, args, { stdio: "inherit" });
  const code = result.status ?? 1;
  if (code !== 0) {
    summary(`✗ ${step.name} failed (exit code ${code}) after ${seconds(stepStarted)}`);
    process.exit(code);
  }
  done.push(`✓ ${step.name} ${seconds(stepStarted)}`);
}
summary();
