// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactMessages } from "../../rink/forms/contact.ts";
import { ContactAfter, ContactBefore, contactFormProps } from "../routes/contact.tsx";
import { meta as contactThanksMeta } from "../routes/contact-thanks.tsx";
import { meta as newsletterThanksMeta } from "../routes/newsletter-thanks.tsx";
import { ContactBlock } from "./contact-block.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Contact page", () => {
  it("gives way to the Thank You screen once the message is sent", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ next: "/contact/thanks", ok: true }),
    );
    vi.stubGlobal("fetch", fetch);
    // As app/pages/contact.astro places it: the page's other parts around the form.
    render(
      <ContactBlock {...contactFormProps()} before={<ContactBefore />} after={<ContactAfter />} />,
    );
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Name"), "Sam");
    await user.type(screen.getByLabelText("Email"), "sam@example.com");
    await user.selectOptions(screen.getByLabelText("Subject"), "general");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: contactMessages.submit }));

    const heading = await screen.findByRole("heading", { level: 1, name: "Thank You!" });
    expect(heading).toHaveFocus();
    expect(screen.getByText(contactMessages.success)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("heading", { name: "Contact Us" })).not.toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe(`${window.location.origin}/f/contact`);
  });
});

describe("the thank-you pages", () => {
  it.each([
    ["contact", contactThanksMeta],
    ["newsletter", newsletterThanksMeta],
  ])("keep the %s thank-you page out of search results", (_, meta) => {
    const tags: object[] = meta("/x/thanks/");
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.some((tag) => "rel" in tag && tag.rel === "canonical")).toBe(false);
  });
});
