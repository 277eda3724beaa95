import { describe, expect, it } from "vitest";
import { site } from "../content/site.ts";
import { directionsUrl, formatAddress, mapUrl } from "./maps.ts";

const address = {
  street: "12 Elm & Main St",
  city: "Fort Wayne",
  region: "IN",
  postalCode: "46802",
  mapsQuery: "Rink #1, 12 Elm & Main St, Fort Wayne, IN 46802",
};

describe("maps links", () => {
  it("builds a Google Maps directions link to the address, safely encoded", () => {
    const url = new URL(directionsUrl(address));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("destination")).toBe(address.mapsQuery);
    expect(directionsUrl(address).split("destination=")[1]).not.toMatch(/[ #&]/);
  });

  it("builds a Google Maps search link to the address", () => {
    const url = new URL(mapUrl(address));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/search/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("query")).toBe(address.mapsQuery);
  });

  it("writes the address on one line", () => {
    expect(formatAddress(address)).toBe("12 Elm & Main St, Fort Wayne, IN 46802");
    expect(formatAddress(site.address)).toBe(
      `${site.address.street}, ${site.address.city}, IN ${site.address.postalCode}`,
    );
  });
});
