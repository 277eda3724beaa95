import { describe, expect, it, vi } from "vitest";
import { newsletterMessages } from "../../rink/forms/newsletter.ts";
import { readBeacon } from "../../rink/insights.ts";
import {
  newsletterPayload,
  sendNewsletter,
  signupLabel,
  trackNewsletterSignup,
} from "./submit-newsletter.ts";

const now = new Date("2025-06-01T18:30:00.000Z");

describe("newsletterPayload", () => {
  it("is null when neither an email nor a phone is given", () => {
    expect(newsletterPayload({ email: "", phone: "" }, now)).toBeNull();
    expect(newsletterPayload({ email: "  ", phone: " " }, now)).toBeNull();
  });

  it("writes 'Not provided' for the input left empty", () => {
    expect(newsletterPayload({ email: "sam@example.com", phone: "" }, now)).toEqual({
      email: "sam@example.com",
      phone: "Not provided",
      signup_types: { hasEmail: true, hasSMS: false },
      type: "newsletter_signup",
      timestamp: "2025-06-01T18:30:00.000Z",
    });
    expect(newsletterPayload({ email: "", phone: "(260) 555-0142" }, now)).toEqual({
      email: "Not provided",
      phone: "(260) 555-0142",
      signup_types: { hasEmail: false, hasSMS: true },
      type: "newsletter_signup",
      timestamp: "2025-06-01T18:30:00.000Z",
    });
  });
});

describe("sendNewsletter", () => {
  const payload = newsletterPayload({ email: "sam@example.com", phone: "(260) 555-0142" }, now);
  if (!payload) throw new Error("unreachable");

  it("POSTs the payload as JSON, asking for JSON back", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }));
    await sendNewsletter("/f/newsletter", payload, "", fetch);
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/f/newsletter");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({
      Accept: "application/json",
      "Content-Type": "application/json",
    });
    expect(JSON.parse(String(init.body))).toEqual(payload);
  });

  it("judges success by the status alone, never reading the body", async () => {
    const json = vi.fn();
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => ({ ok: true, status: 200, json }) as unknown as Response,
    );
    await expect(sendNewsletter("/f/n", payload, "", fetch)).resolves.toEqual({
      kind: "success",
      message: newsletterMessages.success,
      payload,
    });
    expect(json).not.toHaveBeenCalled();
  });

  it.each([
    ["a non-OK status", async () => new Response('{"next":"/"}', { status: 500 })],
    ["a network failure", async () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("reports %s as the spec's failure message", async (_, impl) => {
    await expect(sendNewsletter("/f/n", payload, "", vi.fn(impl))).resolves.toEqual({
      kind: "error",
      reason: "failed",
      message: "Oops! Something went wrong. Please try again.",
    });
  });

  it("passes a filled honeypot on, so the inbox can flag the bot", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }));
    await sendNewsletter("/f/n", payload, "spam", fetch);
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ ...payload, _gotcha: "spam" });
  });
});

describe("analytics", () => {
  it.each([
    [{ hasEmail: true, hasSMS: false }, "email"],
    [{ hasEmail: false, hasSMS: true }, "_sms"],
    [{ hasEmail: true, hasSMS: true }, "email_sms"],
  ])("labels %j as %j", (types, label) => {
    expect(signupLabel(types)).toBe(label);
    const gtag = vi.fn();
    trackNewsletterSignup(types, gtag);
    expect(gtag).toHaveBeenCalledWith("event", "newsletter_signup", {
      event_category: "engagement",
      event_label: label,
    });
    // The site's own count takes the same label (rink/insights.ts's wire format).
    expect(
      readBeacon({ v: 1, type: "action", path: "/", action: "newsletter_signup", label }),
    ).toMatchObject({ ok: true });
  });

  it("does nothing without gtag", () => {
    expect(() => trackNewsletterSignup({ hasEmail: true, hasSMS: false })).not.toThrow();
  });
});
