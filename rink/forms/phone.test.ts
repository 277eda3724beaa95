import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { phoneDigits } from "./newsletter.ts";
import {
  caretAfterDigits,
  formatPhoneInput,
  phoneDigitsOf,
  phoneKey,
  textRegionOf,
  textsReach,
} from "./phone.ts";

const pattern = "(ddd) ddd-dddd";

/** True when `text` matches the start of (ddd) ddd-dddd, a digit wherever a d stands. */
function isPatternPrefix(text: string): boolean {
  if (text.length > pattern.length) return false;
  return [...text].every((char, i) => (pattern[i] === "d" ? /\d/.test(char) : char === pattern[i]));
}

// Text as people type or paste it: digits mixed with spaces, brackets, dashes, letters.
const typed = fc.string({
  unit: fc.constantFrom(..."0123456789 ()-+.x#a".split("")),
  maxLength: 30,
});

describe("formatPhoneInput", () => {
  it.each([
    ["", ""],
    ["1", "(1"],
    ["123", "(123"],
    ["1234", "(123) 4"],
    ["123456", "(123) 456"],
    ["1234567", "(123) 456-7"],
    ["1234567890", "(123) 456-7890"],
    ["12345678901234", "(123) 456-7890"],
    ["(260) 555-0142", "(260) 555-0142"],
    ["260.555.0142", "(260) 555-0142"],
    ["abc", ""],
    ["(123) ", "(123"],
    // Autofill's full number (autocomplete="tel"): the +1 country code is not kept.
    ["+1 260-555-0142", "(260) 555-0142"],
    ["+12605550142", "(260) 555-0142"],
    ["+1 (260) 555-0142", "(260) 555-0142"],
  ])("formats %j as %j", (input, expected) => {
    expect(formatPhoneInput(input)).toBe(expected);
  });

  it("keeps the input's digits, in order, up to ten", () => {
    fc.assert(
      fc.property(typed, (input) => {
        // Less a leading +1, the country code (examples above).
        const digits = input.replace(/^\s*\+1/, "").replace(/\D/g, "");
        expect(phoneDigitsOf(formatPhoneInput(input))).toBe(digits.slice(0, phoneDigits));
      }),
    );
  });

  it("is always a prefix of the (ddd) ddd-dddd pattern", () => {
    fc.assert(fc.property(typed, (input) => isPatternPrefix(formatPhoneInput(input))));
  });

  it("never exceeds 14 characters", () => {
    fc.assert(fc.property(fc.string(), (input) => formatPhoneInput(input).length <= 14));
  });

  it("is stable: formatting a formatted number changes nothing", () => {
    fc.assert(
      fc.property(typed, (input) => {
        const once = formatPhoneInput(input);
        expect(formatPhoneInput(once)).toBe(once);
      }),
    );
  });
});

describe("caretAfterDigits", () => {
  it("puts the caret just after the given number of digits", () => {
    expect(caretAfterDigits("(123) 456-7", 3)).toBe(4);
    expect(caretAfterDigits("(123) 456-7", 4)).toBe(7);
    expect(caretAfterDigits("(123) 456-7", 7)).toBe(11);
    expect(caretAfterDigits("(123) 456-7", 0)).toBe(1);
    expect(caretAfterDigits("", 0)).toBe(0);
    expect(caretAfterDigits("(12", 5)).toBe(3);
  });

  it("always has exactly that many digits before the caret", () => {
    fc.assert(
      fc.property(typed, fc.nat(12), (input, n) => {
        const formatted = formatPhoneInput(input);
        const before = formatted.slice(0, caretAfterDigits(formatted, n)).replace(/\D/g, "");
        expect(before.length).toBe(Math.min(n, phoneDigitsOf(formatted).length));
      }),
    );
  });
});

describe("phoneKey", () => {
  it("is one key for one number however it is written", () => {
    for (const written of [
      "(317) 555-0100",
      "+1 317 555 0100",
      "1-317-555-0100",
      "317.555.0100",
      "+1 (317) 555-0100",
      "13175550100",
    ]) {
      expect(phoneKey(written), written).toBe("3175550100");
    }
  });

  it("keeps numbers that are not US ten-digit ones whole", () => {
    expect(phoneKey("+44 20 7946 0958")).toBe("442079460958");
    expect(phoneKey("555-0100")).toBe("5550100");
    expect(phoneKey("")).toBe("");
  });
});

describe("textRegionOf", () => {
  it.each([
    ["3175550100", "us"],
    ["2125550100", "us"],
    ["7875550100", "us"],
    ["9395550100", "us"],
    ["6715550100", "us"],
    ["3405550100", "us"],
    ["4165550100", "ca"],
    ["6045550100", "ca"],
    ["8765550100", null],
    ["6585550100", null],
    ["8095550100", null],
    ["2685550100", null],
    ["8005550100", null],
    ["5555550100", null],
    ["1235550100", null],
    ["317555010", null],
  ])("%s is %s", (key, region) => {
    expect(textRegionOf(key)).toBe(region);
  });

  it("opens Canada only when asked", () => {
    expect(textsReach("4165550100", false)).toBe(false);
    expect(textsReach("4165550100", true)).toBe(true);
    expect(textsReach("8765550100", true)).toBe(false);
    expect(textsReach("3175550100", false)).toBe(true);
  });
});
