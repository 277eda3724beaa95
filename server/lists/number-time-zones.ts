// Where a text's recipient may be (issue 42): the TCPA counts the called party's local time,
// so a text waits for the sending hours on the rink's clock and in every time zone its
// number's area code spans (libphonenumber's map, area-code-zones.ts). A number whose area code
// the map does not have (a toll-free or unassigned code, or one opened after the map was made)
// gets the widest spread of the US and Canada, Newfoundland to Hawaii: a new code is most
// likely an overlay there (the territories' codes are long in the map), and the map's own
// answer for +1 (every zone of the plan, Guam to Newfoundland) leaves no hour of the default
// 9 AM to 8 PM in all of them at once, so such a number would never be texted. Decision 025.
import { areaCodeZones } from "./area-code-zones.ts";

/** Newfoundland to Hawaii, the zones of the US states and Canada at their widest. */
export const unplacedNumberZones: readonly string[] = [
  "America/St_Johns",
  "America/Halifax",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "America/Adak",
  "Pacific/Honolulu",
];

// Read into a map on first use, not at start-up (a Worker's start is measured, decision 024).
let byAreaCode: Map<string, readonly string[]> | undefined;

function areaCodes(): Map<string, readonly string[]> {
  if (!byAreaCode) {
    byAreaCode = new Map();
    for (const [zones, codes] of Object.entries(areaCodeZones)) {
      const list = zones.split(" ");
      for (const code of codes.split(" ")) byAreaCode.set(code, list);
    }
  }
  return byAreaCode;
}

/** The time zones a phone's key (ten digits, rink/forms/phone.ts) may ring in. */
export function timeZonesOf(phoneKey: string): readonly string[] {
  const known = /^\d{10}$/.test(phoneKey) ? areaCodes().get(phoneKey.slice(0, 3)) : undefined;
  return known ?? unplacedNumberZones;
}
