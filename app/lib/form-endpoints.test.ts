import { describe, expect, it } from "vitest";
import { absoluteEndpoint, formAction, readFormSettings } from "./form-endpoints.ts";

describe("readFormSettings", () => {
  it("defaults to this site's own inbox and the built-in form ids", () => {
    const settings = readFormSettings({});
    expect(settings).toEqual({
      endpoint: "",
      ids: { newsletter: "newsletter", contact: "contact" },
    });
    expect(formAction("newsletter", settings)).toBe("/f/newsletter");
    expect(formAction("contact", settings)).toBe("/f/contact");
    expect(absoluteEndpoint(settings.endpoint, "https://rink.example")).toBe(
      "https://rink.example",
    );
  });

  it("uses the hosted service when configured", () => {
    const settings = readFormSettings({
      VITE_FORMS_ENDPOINT: "https://formspree.io/",
      VITE_NEWSLETTER_FORM_ID: "xnews123",
      VITE_CONTACT_FORM_ID: " xcont456 ",
    });
    expect(formAction("newsletter", settings)).toBe("https://formspree.io/f/xnews123");
    expect(formAction("contact", settings)).toBe("https://formspree.io/f/xcont456");
    expect(absoluteEndpoint(settings.endpoint, "https://rink.example")).toBe(
      "https://formspree.io",
    );
  });

  it("treats blank values as unset", () => {
    const settings = readFormSettings({ VITE_FORMS_ENDPOINT: " ", VITE_CONTACT_FORM_ID: "" });
    expect(formAction("contact", settings)).toBe("/f/contact");
  });
});
