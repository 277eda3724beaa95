import { describe, expect, it } from "vitest";
import { site } from "../content/site.ts";
import { formatPhone, phoneByLabel, telHref } from "./phone.ts";

describe("formatPhone", () => {
  it("shows a US number the American way", () => {
    expect(formatPhone("+12605550142")).toBe("(260) 555-0142");
    expect(formatPhone("+13175550100")).toBe("(317) 555-0100");
  });
  it("accepts the ten digits without the country code", () => {
    expect(formatPhone("2605550142")).toBe("(260) 555-0142");
  });
  it("leaves a number it cannot read as it is", () => {
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(formatPhone("555-0142")).toBe("555-0142");
  });
});

describe("telHref", () => {
  it("dials the E.164 form", () => {
    expect(telHref("+12605550142")).toBe("tel:+12605550142");
  });
  it("gives an E.164 tel: link for every line in the content", () => {
    for (const phone of site.phones) {
      expect(telHref(phone.number)).toMatch(/^tel:\+1[2-9]\d{2}[2-9]\d{6}$/);
      expect(formatPhone(phone.number)).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    }
  });
});

describe("phoneByLabel", () => {
  it("finds each line by its label", () => {
    expect(phoneByLabel(site.phones, "Main").label).toBe("Main");
    expect(phoneByLabel(site.phones, "Reservations").label).toBe("Reservations");
    expect(phoneByLabel(site.phones, "Manager").label).toBe("Manager");
  });
  it("fails loudly when a line is missing", () => {
    const phones: { label: string; number: string }[] = site.phones.slice(0, 2);
    expect(() => phoneByLabel(phones, "Manager")).toThrow(/No Manager phone number/);
  });
});
