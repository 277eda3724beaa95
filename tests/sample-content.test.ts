// The sample content: the facts the spec gives (section 9), exactly as given, in the content the
// test run reads. This is the one place that pins content to the spec; every other test takes
// its expected values from the content it runs on.
//   - In `npm test` it reads the fixture copy (tests/fixtures/content), like every behaviour
//     test: the tests' sample says what the spec says.
//   - `npm run check:sample` runs it on the owner's content/: whether the content shipped to a
//     rink still holds the spec's samples. Once the rink changes a price or an hour in the
//     editor it says so, by design; it is not part of `npm test` for that reason.
import { describe, expect, it } from "vitest";
import { footerLinks, nav } from "../app/content/navigation.ts";
import { site } from "../app/content/site.ts";
import { hoursRows } from "../app/lib/hours.ts";
import { formatDuration, formatPrice, formatSkaters, formatTimeRange } from "../rink/format.ts";

function session(name: string) {
  const found = site.sessions.find((s) => s.name === name);
  if (!found) throw new Error(`no session ${name}`);
  return {
    day: found.day,
    time: formatTimeRange(found.time),
    price: formatPrice(found.price),
    unit: found.priceUnit,
    perks: found.perks,
    family:
      "familyDeal" in found && found.familyDeal
        ? `${found.familyDeal.size} for ${formatPrice(found.familyDeal.price)} with ${found.familyDeal.includes}`
        : undefined,
  };
}

describe("the content matches the spec's business constants", () => {
  it("has the five public sessions with their times and prices", () => {
    expect(site.sessions).toHaveLength(5);
    expect(session("Wednesday Night Rewind")).toEqual({
      day: "wednesday",
      time: "8:00–10:00 PM",
      price: "$7",
      unit: "per skater",
      perks: ["Includes regular rental"],
      family: undefined,
    });
    expect(session("Friday Night Family Pizza Party")).toEqual({
      day: "friday",
      time: "6:30–9:00 PM",
      price: "$10",
      unit: "per skater",
      perks: [],
      family: "5 for $40 with pizza and a pitcher of pop",
    });
    expect(session("Saturday Afternoon Family Matinee")).toEqual({
      day: "saturday",
      time: "12:30–3:00 PM",
      price: "$8",
      unit: undefined,
      perks: ["Includes rental"],
      family: undefined,
    });
    expect(session("Saturday Night Family Roll (Glow)")).toEqual({
      day: "saturday",
      time: "6:30–9:00 PM",
      price: "$10",
      unit: undefined,
      perks: ["Free glow stick"],
      family: undefined,
    });
    expect(session("Sunday Funday Family Pizza Party")).toEqual({
      day: "sunday",
      time: "12:30–3:00 PM",
      price: "$10",
      unit: undefined,
      perks: [],
      family: "5 for $30 with pizza and pop",
    });
  });

  it("has the four party packages with both prices, duration and extras", () => {
    const packages = site.partyPackages.map((p) => [
      p.name,
      formatSkaters(p.skaters),
      formatPrice(p.cashPrice),
      formatPrice(p.cardPrice),
      formatDuration(p.durationMinutes),
      p.extras.join(", "),
    ]);
    expect(packages).toEqual([
      ["Package #1", "Up to 10 skaters", "$100", "$110", "2.5 hours", "One table"],
      ["Package #2", "Up to 20 skaters", "$210", "$220", "2.5 hours", "Two tables"],
      ["Package #3", "Unlimited skaters", "$290", "$300", "2.5 hours", "Party room"],
      [
        "Private Birthday Party",
        "Unlimited skaters",
        "$380",
        "$390",
        "2 hours",
        expect.stringMatching(/rink to yourself/i),
      ],
    ]);
  });

  it("says what every package includes and that families may bring food", () => {
    const includes = site.partyIncludes.join(" | ");
    expect(includes).toMatch(/admission and skate rental/i);
    expect(includes).toMatch(/DJ birthday announcement/i);
    expect(includes).toMatch(/glow stick for the birthday child/i);
    expect(site.partyOwnFood).toMatch(/food, drinks, cake and decorations/);
  });

  it("has the party availability", () => {
    const availability = site.partyAvailability.map((group) => ({
      packages: group.packageIds,
      slots: group.slots.map((slot) => [slot.days.join("+"), formatTimeRange(slot.time)]),
    }));
    expect(availability).toEqual([
      {
        packages: ["package-1", "package-2", "package-3"],
        slots: [
          ["friday+saturday", "6:30–9:00 PM"],
          ["saturday+sunday", "12:30–3:00 PM"],
        ],
      },
      { packages: ["private"], slots: [["saturday+sunday", "4:00–6:00 PM"]] },
    ]);
    const ids = new Set(site.partyPackages.map((p) => p.id));
    for (const group of site.partyAvailability) {
      for (const id of group.packageIds) expect(ids).toContain(id);
    }
  });

  it("has the posted hours", () => {
    expect(hoursRows(site.hours)).toEqual([
      { days: "Friday", hours: ["6:30–9:05 PM"] },
      { days: "Saturday", hours: ["12:00–3:00 PM", "6:30–9:00 PM"] },
      { days: "Sunday", hours: ["12:00–3:00 PM"] },
      { days: "Monday–Thursday", hours: ["Closed"] },
    ]);
  });

  it("has every policy the spec lists", () => {
    const rules = site.policies.sections.flatMap((s) => s.rules).join("\n");
    expect(rules).toMatch(/no in and out privileges for guests under 18/i);
    expect(rules).toMatch(/no outside food or drink unless you are hosting a party/i);
    expect(rules).toMatch(/no alcohol/i);
    expect(rules).toMatch(/under the influence/i);
    expect(rules).toMatch(/zero tolerance for bullying/i);
    expect(rules).toMatch(
      /reckless skating leads first to a request to stop, then to the removal/i,
    );
    expect(rules).toMatch(/offensive, violent, drug or alcohol imagery/i);
    expect(rules).toMatch(/revealing attire/i);
    expect(site.policies.sections.map((s) => s.title)).toEqual([
      "Skating safety and conduct",
      "Behavior",
      "Dress code",
      "Facility policies",
    ]);
  });

  it("has the rating, three labelled phone lines in the fictional range, and the time zone", () => {
    expect(site.rating).toEqual({ value: 4.4, source: "Google" });
    expect(site.phones.map((p) => p.label)).toEqual(["Main", "Reservations", "Manager"]);
    for (const phone of site.phones) expect(phone.number).toMatch(/^\+1\d{3}55501\d{2}$/);
    expect(site.timeZone).toBe("America/Indiana/Indianapolis");
  });

  // The spec's links come first, with its labels, in its order; a page added later (issue 34's
  // /events, or one made by the README's "Adding a page") follows them, so adding one to the
  // menu changes no test here, yet cannot move, relabel or drop one of the spec's.
  it("has the spec's navigation and footer links first, in order, neither with /policies", () => {
    const specNav = [
      { to: "/", label: "Home" },
      { to: "/about", label: "About" },
      { to: "/parties", label: "Parties" },
      { to: "/contact", label: "Contact" },
    ];
    const specFooter = [
      { to: "/", label: "Home" },
      { to: "/about", label: "About" },
      { to: "/parties", label: "Birthday Parties" },
      { to: "/contact", label: "Contact" },
    ];
    for (const [links, spec] of [
      [nav, specNav],
      [footerLinks, specFooter],
    ] as const) {
      expect(links.slice(0, spec.length)).toEqual(spec);
      const added = links.slice(spec.length).map((l) => l.to);
      for (const path of [...spec.map((l) => l.to), "/policies"]) expect(added).not.toContain(path);
      // Issue 34's page, after the spec's.
      expect(links.slice(spec.length)).toContainEqual({ to: "/events", label: "Events" });
    }
  });

  it("has What We Offer, the four values and the Coming Soon list (the sample's events)", () => {
    expect(site.services.map((s) => s.name)).toEqual([
      "Roller skating",
      "Pizza and food",
      "Shaved ice",
      "Party hosting",
    ]);
    expect(site.values.map((v) => v.name)).toEqual([
      "Family first",
      "Safety",
      "Quality service",
      "Community",
    ]);
    // The spec's Coming Soon items are events with dates since issue 34 (content/events.yml).
    const soon = site.pages.events.events.map((e) => `${e.title}: ${e.description}`).join("\n");
    expect(soon).toMatch(/homeschool/i);
    expect(soon).toMatch(/monthly afternoon/i);
    expect(soon).toMatch(/all Christian music/i);
    expect(soon).toMatch(/theme nights/i);
    const named = (title: RegExp) => site.pages.events.events.find((e) => title.test(e.title));
    // Monthly, as the spec says: the homeschool skate in the afternoon.
    expect(named(/homeschool/i)?.repeats).toBe("monthly");
    expect((named(/homeschool/i)?.time.start ?? "") >= "12:00").toBe(true);
    expect(named(/christian/i)?.repeats).toBe("monthly");
  });
});
