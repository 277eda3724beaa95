// `npm test`: type-check, lint, content check, unit tests, end-to-end tests, budgets and the
// Lighthouse audit, in that order. Stops at the first step that fails, with that step's exit
// code, and prints how long each step took.
// Arguments go to the end-to-end step, e.g. `npm test -- --grep footer`.
import { spawnSync } from "node:child_process";

const steps: { name: string; command: string[] }[] = [
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
  { name: "lint", command: ["npm", "run", "--silent", "lint"] },
  { name: "content check", command: ["npm", "run", "--silent", "check:content"] },
  { name: "unit tests", command: ["npm", "run", "--silent", "test:unit"] },
  {
    name: "end-to-end",
    command: ["npm", "run", "--silent", "test:e2e", "--", ...process.argv.slice(2)],
  },
  // The end-to-end step has just built the site: check what each page ships.
  { name: "budgets", command: ["npm", "run", "--silent", "budgets"] },
  // Last, with nothing else running: Lighthouse's performance score moves with the machine's
  // load. Mobile and desktop, 3 runs a page; fails under the issue-4 thresholds.
  { name: "Lighthouse audit", command: ["npm", "run", "--silent", "audit"] },
];

const done: string[] = [];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;
const started = performance.now();

function summary(failed?: string) {
  console.log("\nnpm test summary");
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
