// The newsletter's phone input: digits only, formatted progressively as (123) 456-7890.
// Shared by the browser (as typed) and the inbox (to normalise a no-JavaScript post).

import { phoneDigits } from "./newsletter.ts";
import { textAreaCodes } from "./text-area-codes.ts";

/**
 * Every digit in the text, in order, at most `phoneDigits` of them. A leading "+1", the US
 * country code a browser's autofill may write into a tel input (autocomplete="tel"), is not
 * part of the number: kept, it would push the last digit out.
 */
export function phoneDigitsOf(value: string): string {
  return value
    .replace(/^\s*\+1/, "")
    .replace(/\D/g, "")
    .slice(0, phoneDigits);
}

/**
 * A phone number as one key whatever way it was written: its digits, with a leading US
 * country code ("+1", or a "1" before ten more digits) dropped. "(317) 555-0100",
 * "+1 317 555 0100", "1-317-555-0100" and "317.555.0100" are all "3175550100". The inbox
 * stores it beside every submission with a phone, and searches and deletes by it.
 */
export function phoneKey(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * "(123) 456-7890" built as far as the digits go: "", "(1", "(123", "(123) 4", "(123) 456-7".
 * A separator is written only once a digit follows it, so Backspace never gets stuck on one,
 * and the result is always a prefix of the full pattern (at most 14 characters).
 */
export function formatPhoneInput(value: string): string {
  const d = phoneDigitsOf(value);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * Where the caret belongs in `formatted` so that `digitsBefore` digits precede it: keeps the
 * caret beside the digit just typed or deleted when the input is reformatted mid-number.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return formatted.startsWith("(") ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i))) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** Where a phone's key (ten digits) can get text alerts: the US, Canada, or neither. */
export type TextRegion = "us" | "ca";

/**
 * The region of a phone's key by its area code (text-area-codes.ts, from libphonenumber's
 * region data), or null: the +1 plan's other countries (Jamaica's 876, the Dominican
 * Republic's 809), toll-free and unassigned codes. Carriers in those countries are paid to end
 * a text, which is what SMS pumping bots sign up numbers for. The US's territories (Puerto
 * Rico 787 and 939, the Virgin Islands 340, Guam 671, the Northern Marianas 670, American
 * Samoa 684) count as the US: their numbers are the FCC's, their carriers are reached at the
 * US's rates under its rules, and a family that moved to Indiana often keeps its number.
 */
export function textRegionOf(key: string): TextRegion | null {
  if (!/^[2-9]\d{9}$/.test(key)) return null;
  const i = Number(key.slice(0, 3)) - 200;
  const has = (bits: string) => ((atob(bits).charCodeAt(i >> 3) >> (i & 7)) & 1) === 1;
  if (has(textAreaCodes.us)) return "us";
  return has(textAreaCodes.ca) ? "ca" : null;
}

/** Whether text alerts may go to a phone's key: the US's numbers, and Canada's if allowed. */
export function textsReach(key: string, canada: boolean): boolean {
  const region = textRegionOf(key);
  return region === "us" || (canada && region === "ca");
}
