// The area codes text alerts may go to: rink/forms/text-area-codes.ts is what
// make-text-area-codes.ts makes from the installed libphonenumber-js, so updating the package
// without running it again fails here.
import { describe, expect, it } from "vitest";
import { textAreaCodes } from "../rink/forms/text-area-codes.ts";
import { bitsOf, packageData, textAreaCodesOf } from "./make-text-area-codes.ts";

describe("the text alerts' area codes", () => {
  const codes = textAreaCodesOf(packageData().metadata);

  it("are the installed package's", () => {
    expect(textAreaCodes).toEqual({ us: bitsOf(codes.us), ca: bitsOf(codes.ca) });
  });

  it("hold the US with its territories, and Canada apart; never the Caribbean", () => {
    for (const code of [317, 212, 907, 808, 787, 939, 340, 671, 670, 684]) {
      expect(codes.us, String(code)).toContain(code);
    }
    for (const code of [416, 514, 604, 709, 867]) expect(codes.ca, String(code)).toContain(code);
    for (const code of [876, 658, 809, 829, 849, 268, 242, 246, 441, 345, 868, 800, 900]) {
      expect([...codes.us, ...codes.ca], String(code)).not.toContain(code);
    }
  });
});
