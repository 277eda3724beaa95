// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Address, Phone } from "../content/types.ts";
import { directionsUrl, formatAddress } from "../lib/maps.ts";
import { formatPhone, telHref } from "../lib/phone.ts";
import { AddressPhoneCards } from "./address-phone-cards.tsx";

afterEach(cleanup);

const address: Address = {
  street: "1 Test Way",
  city: "Testville",
  region: "IN",
  postalCode: "46000",
  mapsQuery: "Test Rink, 1 Test Way, Testville, IN 46000",
};
const phones: Phone[] = [
  { label: "Main", number: "+12605550100" },
  { label: "Reservations", number: "+12605550101" },
];

describe("the address and phone cards", () => {
  it("are two regions named Address and Phone when they are parts of the page (Contact)", () => {
    render(<AddressPhoneCards address={address} phones={phones} level={2} idPrefix="contact" />);
    const card = screen.getByRole("region", { name: "Address" });
    expect(card).toHaveTextContent(formatAddress(address));
    const directions = within(card).getByRole("link", { name: /get directions/i });
    expect(directions).toHaveAttribute("href", directionsUrl(address));
    expect(directions).toHaveAttribute("target", "_blank");
    const numbers = screen.getByRole("region", { name: "Phone" });
    for (const phone of phones) {
      const term = within(numbers).getByText(phone.label);
      expect(term.tagName).toBe("DT");
      expect(
        within(numbers).getByRole("link", { name: formatPhone(phone.number) }),
      ).toHaveAttribute("href", telHref(phone.number));
    }
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(2);
  });

  it("are h3 cards and no regions within a section (Home, the footer)", () => {
    render(<AddressPhoneCards address={address} phones={phones.slice(0, 1)} level={3} />);
    expect(screen.queryAllByRole("region")).toHaveLength(0);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent?.trim())).toEqual([
      "Address",
      "Phone",
    ]);
    expect(screen.getAllByRole("link", { name: /\(\d{3}\)/ })).toHaveLength(1);
  });
});
