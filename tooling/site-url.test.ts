import { describe, expect, it } from "vitest";
import { missingSiteUrl, siteUrl } from "./site-url.ts";

describe("the site's public address at build", () => {
  it("is SITE_URL, normalised", () => {
    expect(siteUrl({ SITE_URL: " https://skate.example/ " })).toBe("https://skate.example");
  });

  it("stops a build that would publish localhost, naming the setting; a local copy keeps its default", () => {
    expect(missingSiteUrl({})).toMatch(/^SITE_URL is not set: /);
    expect(missingSiteUrl({ SITE_URL: "  " })).toMatch(/^SITE_URL is not set: /);
    expect(missingSiteUrl({ SITE_URL: "https://skate.example" })).toBeUndefined();
    expect(missingSiteUrl({ RINK_LOCAL_BUILD: "1" })).toBeUndefined();
    expect(siteUrl({ RINK_LOCAL_BUILD: "1" })).toBe("http://localhost:3000");
  });
});
