// @vitest-environment happy-dom
import { SubmissionError, type SubmissionResult } from "@formspree/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactFields, contactSubjects } from "../../rink/forms/contact.ts";
import { ContactForm } from "./contact-form.tsx";

afterEach(cleanup);

const phone = { label: "Main", number: "+12605550142" } as const;

function setup(answer: () => Promise<SubmissionResult>) {
  const submitForm = vi.fn((_id: string, _data: unknown) => answer());
  const onSuccess = vi.fn();
  const view = render(
    <ContactForm
      action="/f/contact"
      target={{ formId: "contact", endpoint: "", client: { submitForm } as never }}
      phone={phone}
      onSuccess={onSuccess}
    />,
  );
  return { ...view, submitForm, onSuccess, user: userEvent.setup() };
}

const ok = async () => ({ kind: "success", next: "/" }) as SubmissionResult;

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Sam Skater");
  await user.type(screen.getByLabelText("Email"), "sam@example.com");
  await user.type(screen.getByLabelText(/Phone/), "260 555 0142");
  await user.selectOptions(screen.getByLabelText("Subject"), "Birthday Party Booking");
  await user.type(screen.getByLabelText("Message"), "Is Saturday free?");
}

describe("ContactForm", () => {
  it("is a real form with the spec's fields, limits and native constraints", () => {
    const { container } = setup(ok);
    const form = container.querySelector("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/f/contact");
    for (const [name, rules] of Object.entries(contactFields)) {
      const control = container.querySelector(`[name="${name}"]`);
      expect(control, name).toHaveAccessibleName(
        rules.required ? rules.label : `${rules.label} (optional)`,
      );
      expect(control, name).toHaveAttribute("autocomplete", rules.autoComplete);
      if (rules.required) expect(control, name).toBeRequired();
      else expect(control, name).not.toBeRequired();
      if (rules.type !== "select") {
        expect(control, name).toHaveAttribute("maxlength", String(rules.maxLength));
      }
    }
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(container.querySelector('input[name="_gotcha"]')).toHaveAttribute("tabindex", "-1");
  });

  it("offers 'Select a topic' first, then the six subjects", () => {
    setup(ok);
    const options = within(screen.getByLabelText("Subject")).getAllByRole("option");
    expect(options.map((o) => [o.getAttribute("value"), o.textContent])).toEqual([
      ["", "Select a topic"],
      ...contactSubjects.map((s) => [s.value, s.label]),
    ]);
    expect(screen.getByLabelText("Subject")).toHaveValue("");
  });

  it("sends the five fields, shows 'Sending...' meanwhile, and reports success", async () => {
    let settle: (r: SubmissionResult) => void = () => {};
    const { submitForm, onSuccess, user } = setup(
      () => new Promise((resolve) => (settle = resolve)),
    );
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const button = screen.getByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    expect(submitForm).toHaveBeenCalledOnce();
    const [formId, data] = submitForm.mock.calls[0] as [string, FormData];
    expect(formId).toBe("contact");
    expect(Object.fromEntries(data)).toEqual({
      name: "Sam Skater",
      email: "sam@example.com",
      phone: "260 555 0142",
      subject: "birthday-party",
      message: "Is Saturday free?",
      _gotcha: "",
    });
    expect(onSuccess).not.toHaveBeenCalled();
    settle({ kind: "success", next: "/" } as SubmissionResult);
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
  });

  it("shows the service's field errors beneath their inputs, labelled", async () => {
    const { user, onSuccess } = setup(
      async () =>
        new SubmissionError(
          { field: "email", code: "TYPE_EMAIL", message: "should be an email" },
          { field: "message", code: "REQUIRED_FIELD_EMPTY", message: "is required" },
          { field: "message", code: "TYPE_TEXT", message: "should be text" },
        ),
    );
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const email = screen.getByLabelText("Email");
    const message = screen.getByLabelText("Message");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Email should be an email");
    expect(message).toHaveAccessibleDescription("Message is required, should be text");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")).toHaveTextContent(
      "Email should be an email",
    );
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-describedby");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(email).toHaveFocus();
    expect(onSuccess).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(screen.getByLabelText("Name")).toHaveValue("Sam Skater");
    expect(message).toHaveValue("Is Saturday free?");

    // Fixing a field clears its own error only.
    await user.type(email, "m");
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(message).toHaveAttribute("aria-invalid", "true");
  });

  it("asks to try again or call when the service fails as a whole", async () => {
    const { user } = setup(async () => new SubmissionError({ message: "Failed to fetch" }));
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(/try again, or call us at \(260\) 555-0142/);
    expect(within(alert).getByRole("link", { name: "(260) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+12605550142",
    );
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(screen.getByLabelText("Subject")).toHaveValue("birthday-party");
    expect(screen.getByLabelText("Message")).toHaveValue("Is Saturday free?");
  });
});
