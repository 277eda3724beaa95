// Shared by every unit and component test: DOM matchers, and a console.error or
// console.warn fails the test unless the test mocks it on purpose.
import "@testing-library/jest-dom/vitest";
import { afterEach, beforeEach, vi } from "vitest";

let spies: { mock: { calls: unknown[][] } }[] = [];

beforeEach(() => {
  spies = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
});

afterEach(() => {
  const calls = spies.flatMap((spy) => spy.mock.calls);
  vi.restoreAllMocks();
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console output:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`,
    );
  }
});
