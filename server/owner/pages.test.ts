// The owner's layout: a long address in the header wraps where a reader would break it.
import { describe, expect, it } from "vitest";
import { messagePage } from "./pages.ts";

describe("the owner's header", () => {
  it("offers line breaks after the address's @ and before each dot of its domain only", async () => {
    const html = await messagePage("Done", "Saved.", "the.rink.owner@roller-skating.example.com");
    const who = html.match(/<span class="who">(.*?)<\/span>/)?.[1];
    expect(who).toBe("the.rink.owner@<wbr>roller-skating<wbr>.example<wbr>.com");
    expect(who?.replaceAll("<wbr>", "")).toBe("the.rink.owner@roller-skating.example.com");
  });

  it("shows an address without an @ as it is", async () => {
    const html = await messagePage("Done", "Saved.", "owner");
    expect(html).toContain('<span class="who">owner</span>');
  });
});
