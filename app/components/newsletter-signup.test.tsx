// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newsletterMessages, statusTimeoutMs } from "../../rink/forms/newsletter.ts";
import { NewsletterSignup } from "./newsletter-signup.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete window.gtag;
});

function setup(fetch: typeof globalThis.fetch = vi.fn(async () => new Response(null))) {
  const view = render(
    <NewsletterSignup
      title="Stay in the Loop"
      intro="News."
      action="/f/newsletter"
      smsConsent="Msg & data rates may apply. Reply STOP to cancel, HELP for help."
      terms={{ href: "/text-alerts", label: "Text alert terms" }}
      privacyHref="/privacy"
      fetch={fetch}
    />,
  );
  const email = screen.getByLabelText("Email") as HTMLInputElement;
  const phone = screen.getByLabelText("Phone") as HTMLInputElement;
  const button = screen.getByRole("button", { name: newsletterMessages.subscribe });
  return { ...view, email, phone, button, fetch };
}

/** A fetch that waits until the test says how it ends. */
function deferredFetch() {
  let settle: (response: Response) => void = () => {};
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        settle = resolve;
      }),
  );
  return { fetch, settle: (response: Response) => settle(response) };
}

describe("NewsletterSignup", () => {
  it("tells people giving a number what texts they agree to, and links the terms and the privacy notice", () => {
    const { phone } = setup();
    expect(phone).toHaveAccessibleDescription(
      "Msg & data rates may apply. Reply STOP to cancel, HELP for help. Text alert terms",
    );
    expect(screen.getByRole("link", { name: "Text alert terms" })).toHaveAttribute(
      "href",
      "/text-alerts",
    );
    expect(screen.getByRole("link", { name: "How we handle your information" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  it("is a real form that works without JavaScript", () => {
    const { email, phone, container } = setup();
    const form = container.querySelector("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/f/newsletter");
    expect(form).toHaveAccessibleName("Stay in the Loop");
    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAttribute("name", "email");
    expect(phone).toHaveAttribute("name", "phone");
    expect(phone).toHaveAttribute("maxLength", "14");
    // "tel" is the autofill token for a tel input ("tel-national" is for text inputs only).
    expect(phone).toHaveAttribute("type", "tel");
    expect(phone).toHaveAttribute("autocomplete", "tel");
    const honeypot = container.querySelector('input[name="_gotcha"]');
    expect(honeypot).toHaveAttribute("tabIndex", "-1");
    expect(honeypot).toHaveAttribute("autoComplete", "off");
  });

  it("keeps digits only and formats the phone as it is typed", async () => {
    const { phone } = setup();
    const user = userEvent.setup();
    await user.type(phone, "2a6");
    expect(phone).toHaveValue("(26");
    await user.type(phone, "0555-01429999");
    expect(phone).toHaveValue("(260) 555-0142");
    await user.type(phone, "{Backspace}{Backspace}{Backspace}{Backspace}");
    expect(phone).toHaveValue("(260) 555");
    await user.type(phone, "{Backspace}");
    expect(phone).toHaveValue("(260) 55");
  });

  it("takes a number autofilled with the +1 country code as the 10-digit number", () => {
    const { phone } = setup();
    fireEvent.change(phone, { target: { value: "+1 260-555-0142" } });
    expect(phone).toHaveValue("(260) 555-0142");
  });

  it("keeps the caret beside the digit typed mid-number", async () => {
    const { phone } = setup();
    const user = userEvent.setup();
    await user.type(phone, "260555");
    await user.type(phone, "1", { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(phone).toHaveValue("(261) 055-5");
    expect(phone.selectionStart).toBe(4);
  });

  it("asks for an email or phone and sends nothing when both are empty", async () => {
    const { button, email, fetch } = setup();
    await userEvent.setup().click(button);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Please provide either an email or phone number.",
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Please provide either an email or phone number.");
  });

  it("says a 10-digit number is needed before sending a shorter one, and keeps what was typed", async () => {
    const { button, email, phone, fetch } = setup();
    const user = userEvent.setup();
    await user.type(email, "fam@example.com");
    await user.type(phone, "2605550");
    await user.click(button);
    expect(screen.getByRole("alert")).toHaveTextContent("Phone should be a 10-digit phone number.");
    expect(fetch).not.toHaveBeenCalled();
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveFocus();
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(phone.value).toBe("(260) 555-0");
    expect(email.value).toBe("fam@example.com");
    // Completing the number sends it.
    await user.type(phone, "142");
    await user.click(button);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("sends the signup, shows 'Subscribing...' meanwhile, then thanks and clears", async () => {
    const { fetch, settle } = deferredFetch();
    const { email, phone, button } = setup(fetch);
    const gtag = vi.fn();
    window.gtag = gtag;
    const user = userEvent.setup();
    await user.type(email, "sam@example.com");
    await user.type(phone, "2605550142");
    await user.click(button);

    expect(button).toHaveTextContent("Subscribing...");
    expect(button).toBeDisabled();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/f/newsletter");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ Accept: "application/json" });
    const body = JSON.parse(String(init.body));
    expect(body).toEqual({
      email: "sam@example.com",
      phone: "(260) 555-0142",
      signup_types: { hasEmail: true, hasSMS: true },
      type: "newsletter_signup",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    await act(async () => settle(new Response(null, { status: 200 })));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Thank you for subscribing! We'll keep you updated on special events and deals.",
    );
    expect(email).toHaveValue("");
    expect(phone).toHaveValue("");
    expect(button).toHaveTextContent("Subscribe");
    expect(button).toBeEnabled();
    expect(gtag).toHaveBeenCalledWith("event", "newsletter_signup", {
      event_category: "engagement",
      event_label: "email_sms",
    });
  });

  it("refuses a Jamaican number in words beside the phone, and sends nothing", async () => {
    const { button, email, phone, fetch } = setup();
    const user = userEvent.setup();
    await user.type(email, "fam@example.com");
    await user.type(phone, "8765550100");
    await user.click(button);
    const words = "Phone has an area code we do not send text alerts to.";
    expect(screen.getByRole("alert")).toHaveTextContent(words);
    expect(fetch).not.toHaveBeenCalled();
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(words));
    expect(phone).toHaveFocus();
    expect(phone.value).toBe("(876) 555-0100");
  });

  it.each([
    ["a non-OK response", async () => new Response(null, { status: 500 })],
    ["a network failure", async () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("apologises on %s and keeps what was typed", async (_, impl) => {
    const gtag = vi.fn();
    window.gtag = gtag;
    const { email, button } = setup(vi.fn(impl));
    const user = userEvent.setup();
    await user.type(email, "sam@example.com");
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Oops! Something went wrong. Please try again.",
    );
    expect(email).toHaveValue("sam@example.com");
    expect(gtag).not.toHaveBeenCalled();
  });

  it("returns to idle five seconds after a message appears", async () => {
    vi.useFakeTimers();
    const { email, button } = setup();
    fireEvent.change(email, { target: { value: "sam@example.com" } });
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole("status")).toHaveTextContent(newsletterMessages.success);

    act(() => vi.advanceTimersByTime(statusTimeoutMs - 1));
    expect(screen.getByRole("status")).toHaveTextContent(newsletterMessages.success);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("clears the missing-input error after five seconds too", () => {
    vi.useFakeTimers();
    const { button } = setup();
    act(() => fireEvent.click(button));
    expect(screen.getByRole("alert")).toHaveTextContent(newsletterMessages.missing);
    act(() => vi.advanceTimersByTime(statusTimeoutMs));
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("restarts the five seconds on a new submit", () => {
    vi.useFakeTimers();
    const { button } = setup();
    act(() => fireEvent.click(button));
    act(() => vi.advanceTimersByTime(4000));
    act(() => fireEvent.click(button));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole("alert")).toHaveTextContent(newsletterMessages.missing);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("cancels the timer when it unmounts", () => {
    vi.useFakeTimers();
    const { button, unmount } = setup();
    act(() => fireEvent.click(button));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
