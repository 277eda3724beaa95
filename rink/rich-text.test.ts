import { describe, expect, it } from "vitest";
import { linksOf, parseRichText, plainText } from "./rich-text.ts";

const values = { rink: "Sugar Creek Skateland", phone: "(260) 555-0142", "texts-a-month": "4" };

describe("the owner's words with facts and links", () => {
  it("fills in the facts and keeps a link's words", () => {
    const text =
      "Texts from {rink}, up to {texts-a-month} a month. Call {phone} or read [our notice](/privacy).";
    expect(parseRichText(text).problems).toEqual([]);
    expect(plainText(text, values)).toBe(
      "Texts from Sugar Creek Skateland, up to 4 a month. Call (260) 555-0142 or read our notice.",
    );
    expect(linksOf(text)).toEqual(["/privacy"]);
    expect(parseRichText(text).parts).toContainEqual({
      kind: "link",
      words: "our notice",
      href: "/privacy",
    });
  });

  it("takes a link to a place on a page of the site", () => {
    expect(linksOf("the form on our [home page](/#newsletter)")).toEqual(["/#newsletter"]);
  });

  it("says what is wrong: a word it does not know, a link out of the site or without words", () => {
    expect(parseRichText("{Rink} and {rink name}").problems).toEqual([
      '"{Rink}" is not a word the site fills in: use {rink}, {phone}, {texts-a-month}',
      '"{rink name}" is not a word the site fills in: use {rink}, {phone}, {texts-a-month}',
    ]);
    expect(
      parseRichText("[Kit](https://kit.com) [x](//evil.example) [ ](/privacy)").problems,
    ).toEqual([
      'the link "[Kit](https://kit.com)" must go to a page of this site, like (/privacy)',
      'the link "[x](//evil.example)" must go to a page of this site, like (/privacy)',
      'the link "[ ](/privacy)" needs words between the square brackets',
    ]);
  });

  it("leaves plain brackets and a lone brace as they are", () => {
    const text = "Open 12–3 [weekends] {";
    expect(parseRichText(text)).toEqual({ parts: [{ kind: "text", text }], problems: [] });
  });
});
