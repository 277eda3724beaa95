// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RichText } from "./rich-text.tsx";

afterEach(cleanup);

const facts = { rink: "Sugar Creek Skateland", phone: "+12605550142", textsAMonth: 4 };

describe("RichText", () => {
  it("fills in the rink, the texts a month and a number that dials, and makes links links", () => {
    const { container } = render(
      <p>
        <RichText
          text="Texts from {rink}, up to {texts-a-month} a month. Call {phone}; read our [privacy notice](/privacy)."
          facts={facts}
        />
      </p>,
    );
    expect(container).toHaveTextContent(
      "Texts from Sugar Creek Skateland, up to 4 a month. Call (260) 555-0142; read our privacy notice.",
    );
    expect(screen.getByRole("link", { name: "(260) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+12605550142",
    );
    expect(screen.getByRole("link", { name: "privacy notice" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  it("shows a text without braces or links as it is", () => {
    const { container } = render(<RichText text="Carriers are not liable." facts={facts} />);
    expect(container.innerHTML).toBe("Carriers are not liable.");
  });
});
