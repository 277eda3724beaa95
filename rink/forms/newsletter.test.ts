import { describe, expect, it } from "vitest";
import { smsConsent } from "./newsletter.ts";

describe("text-alert consent", () => {
  it("names the sender and says what a US text programme must", () => {
    const text = smsConsent("Sugar Creek Skateland");
    expect(text).toContain("Sugar Creek Skateland");
    expect(text).toContain("Msg & data rates may apply.");
    expect(text).toContain("Reply STOP to cancel, HELP for help.");
    expect(text).toMatch(/up to \d+ messages a month/);
    // The number joins only after a YES to the confirmation text (the text-alert terms say so).
    expect(text).toContain("reply YES to join");
  });
});
