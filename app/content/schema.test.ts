import { describe, expect, it } from "vitest";
import { siteContentSchema } from "../../rink/content/schema.ts";
import { site } from "./site.ts";

// A deep copy of the real content to break one fact at a time.
type Content = ReturnType<typeof structuredClone<typeof site>>;
function broken(edit: (content: Content) => void): unknown {
  const copy = structuredClone(site);
  edit(copy);
  return copy;
}

/** list[i], which must exist. */
function at<T>(list: T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

/** The dotted paths of every problem the schema reports. */
function problems(content: unknown): string[] {
  const result = siteContentSchema.safeParse(content);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
}

describe("the content schema", () => {
  it("accepts the real content", () => {
    expect(problems(site)).toEqual([]);
  });

  describe("rejects a negative price", () => {
    it.each([
      ["a session price", (c: Content) => (at(c.sessions, 0).price = -7), "sessions.0.price"],
      [
        "a family deal",
        (c: Content) => {
          const deal = c.sessions.find((s) => "familyDeal" in s && s.familyDeal);
          if (!deal || !("familyDeal" in deal) || !deal.familyDeal) throw new Error("no deal");
          deal.familyDeal.price = -40;
        },
        "sessions.1.familyDeal.price",
      ],
      [
        "a cash party price",
        (c: Content) => (at(c.partyPackages, 0).cashPrice = -100),
        "partyPackages.0.cashPrice",
      ],
      [
        "a card party price",
        (c: Content) => (at(c.partyPackages, 3).cardPrice = -390),
        "partyPackages.3.cardPrice",
      ],
    ])("%s", (_name, edit, path) => {
      expect(problems(broken(edit))).toEqual([path]);
    });
  });

  it("rejects a price with fractions of a cent", () => {
    expect(problems(broken((c) => (at(c.sessions, 0).price = 7.005)))).toEqual([
      "sessions.0.price",
    ]);
  });

  describe("rejects a malformed time", () => {
    it.each(["25:00", "6:30 PM", "6:30", "18:60", "1830", "", "18:30:00"])("%j", (time) => {
      expect(problems(broken((c) => (at(c.sessions, 0).time.start = time)))).toContain(
        "sessions.0.time.start",
      );
      expect(
        problems(broken((c) => (at(c.hours, 4).ranges = [{ start: "18:30", end: time }]))),
      ).toContain("hours.4.ranges.0.end");
      expect(
        problems(broken((c) => (at(at(c.partyAvailability, 0).slots, 0).time.start = time))),
      ).toContain("partyAvailability.0.slots.0.time.start");
    });
  });

  it("rejects a time range that ends before it starts", () => {
    expect(
      problems(broken((c) => (at(c.sessions, 0).time = { start: "22:00", end: "20:00" }))),
    ).toEqual(["sessions.0.time"]);
  });

  describe("phone numbers", () => {
    it("rejects a missing label", () => {
      const content = broken((c) => {
        delete (at(c.phones, 1) as { label?: string }).label;
      });
      expect(problems(content)).toContain("phones.1.label");
    });

    it("rejects an unknown label", () => {
      const content = broken((c) => {
        (at(c.phones, 2) as { label: string }).label = "Fax";
      });
      expect(problems(content)).toContain("phones.2.label");
    });

    it("rejects a duplicate label", () => {
      const content = broken((c) => {
        (at(c.phones, 2) as { label: string }).label = "Main";
      });
      expect(problems(content)).toEqual(["phones.2"]);
    });

    it("rejects a missing line", () => {
      expect(problems(broken((c) => c.phones.pop()))).toEqual(["phones"]);
    });

    it.each(["(260) 555-0142", "2605550142", "+1260555014", "+44 20 7946 0958", ""])(
      "rejects %j, which is not a US number in E.164 form",
      (number) => {
        expect(problems(broken((c) => (at(c.phones, 0).number = number)))).toEqual([
          "phones.0.number",
        ]);
      },
    );
  });

  it("rejects an unknown day", () => {
    expect(
      problems(broken((c) => ((at(c.sessions, 0) as { day: string }).day = "funday"))),
    ).toEqual(["sessions.0.day"]);
  });

  it("rejects a week without seven days", () => {
    expect(problems(broken((c) => c.hours.pop()))).toEqual(["hours"]);
  });

  it("rejects a rating outside 1 to 5", () => {
    expect(problems(broken((c) => (c.rating.value = 5.5)))).toEqual(["rating.value"]);
  });

  it("rejects an empty name and a package without extras", () => {
    expect(problems(broken((c) => (c.name = "  ")))).toEqual(["name"]);
    expect(problems(broken((c) => (at(c.partyPackages, 0).extras = [])))).toEqual([
      "partyPackages.0.extras",
    ]);
  });
});
