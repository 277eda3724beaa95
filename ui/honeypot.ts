import { createElement as h } from "react";

/**
 * Formspree's spam trap: a text input named `_gotcha` that people never see, reach or hear,
 * so only a bot fills it. Off-screen rather than display:none, which some bots skip.
 */
export function Honeypot() {
  return h(
    "div",
    { "aria-hidden": "true", className: "sr-only" },
    h(
      "label",
      null,
      "Leave this field empty",
      h("input", {
        type: "text",
        name: "_gotcha",
        tabIndex: -1,
        autoComplete: "off",
        defaultValue: "",
      }),
    ),
  );
}
