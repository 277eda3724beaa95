// @vitest-environment happy-dom
import { createClient, SubmissionError } from "@formspree/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactResult, labelFieldErrors, submitContact } from "./submit-contact.ts";

afterEach(() => vi.unstubAllGlobals());

describe("labelFieldErrors", () => {
  it("prefixes the field label to the message", () => {
    expect(labelFieldErrors("Email", [{ message: "should be an email" }])).toBe(
      "Email should be an email",
    );
  });

  it("joins several messages with commas after one label", () => {
    expect(
      labelFieldErrors("Message", [{ message: "is required" }, { message: "is too short" }]),
    ).toBe("Message is required, is too short");
  });

  it("is undefined without errors", () => {
    expect(labelFieldErrors("Name", [])).toBeUndefined();
  });
});

describe("contactResult", () => {
  it("labels field errors with the form's labels", () => {
    const result = contactResult(
      new SubmissionError(
        { field: "email", code: "TYPE_EMAIL", message: "should be an email" },
        { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "is required" },
        { field: "name", code: "TYPE_TEXT", message: "should be text" },
      ),
    );
    expect(result).toEqual({
      kind: "error",
      fieldErrors: { email: "Email should be an email", name: "Name is required, should be text" },
      formError: false,
    });
  });

  it("turns form-level errors into the alert", () => {
    expect(contactResult(new SubmissionError({ code: "EMPTY", message: "empty" }))).toEqual({
      kind: "error",
      fieldErrors: {},
      formError: true,
    });
  });

  it("turns an error on a field the form does not show into the alert", () => {
    const result = contactResult(
      new SubmissionError(
        { field: "paymentMethod", code: "STRIPE_CLIENT_ERROR", message: "x" },
        { field: "email", code: "TYPE_EMAIL", message: "should be an email" },
      ),
    );
    expect(result).toEqual({
      kind: "error",
      fieldErrors: { email: "Email should be an email" },
      formError: true,
    });
  });
});

describe("submitContact through Formspree's client", () => {
  const data = () => {
    const form = new FormData();
    form.set("name", "Sam");
    form.set("email", "sam@example.com");
    form.set("phone", "");
    form.set("subject", "birthday-party");
    form.set("message", "Saturday?");
    return form;
  };

  it("posts the form data to <endpoint>/f/<id>", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ next: "/thanks", ok: true }),
    );
    vi.stubGlobal("fetch", fetch);
    const result = await submitContact(data(), {
      formId: "contact",
      endpoint: "",
      client: createClient(),
    });
    expect(result).toEqual({ kind: "success" });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/f/contact`);
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Accept")).toBe("application/json");
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual(["name", "email", "phone", "subject", "message"]);
    expect(body.get("subject")).toBe("birthday-party");
  });

  it("uses a configured hosted endpoint as is", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ next: "/thanks" }));
    vi.stubGlobal("fetch", fetch);
    await submitContact(data(), {
      formId: "xyzabc",
      endpoint: "https://formspree.io",
      client: createClient(),
    });
    expect(fetch.mock.calls[0]?.[0]).toBe("https://formspree.io/f/xyzabc");
  });

  it("reads the service's field errors", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { errors: [{ field: "email", code: "TYPE_EMAIL", message: "should be an email" }] },
        { status: 422 },
      ),
    );
    await expect(
      submitContact(data(), { formId: "contact", endpoint: "", client: createClient() }),
    ).resolves.toEqual({
      kind: "error",
      fieldErrors: { email: "Email should be an email" },
      formError: false,
    });
  });

  it.each([
    ["a network failure", async () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a server error page", async () => new Response("<h1>Bad gateway</h1>", { status: 502 })],
  ])("shows the alert on %s", async (_, impl) => {
    vi.stubGlobal("fetch", impl);
    await expect(
      submitContact(data(), { formId: "contact", endpoint: "", client: createClient() }),
    ).resolves.toEqual({ kind: "error", fieldErrors: {}, formError: true });
  });

  it("shows the alert when the client itself throws", async () => {
    const client = { submitForm: vi.fn(async () => Promise.reject(new Error("boom"))) };
    await expect(
      submitContact(data(), { formId: "contact", endpoint: "https://x.example", client }),
    ).resolves.toEqual({ kind: "error", fieldErrors: {}, formError: true });
  });
});
