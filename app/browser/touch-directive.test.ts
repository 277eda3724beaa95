// @vitest-environment happy-dom
// client:touch: the island loads on the first use of its own form (a finger, the focus, a key,
// a value, a send), once, and not for anything else on the island (Contact's holds the whole
// page) or outside it. The browser's side (nothing loaded reading to the end, every behaviour
// from the first tap) is tests/e2e/performance.spec.ts and first-tap.spec.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import touch from "./touch-directive.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** An island as Contact's: words and a link around the form, then the directive started on it. */
function island() {
  document.body.innerHTML = `<a href="/" id="outside">Home</a>
    <astro-island><p>Call us <a href="tel:+12605550100" id="call">(260) 555-0100</a></p>
      <form><label>Name <input name="name" id="name"></label><button id="send">Send</button></form>
    </astro-island>`;
  const hydrate = vi.fn(async () => {});
  const load = vi.fn(async () => hydrate);
  const element = document.querySelector("astro-island") as HTMLElement;
  touch(load, { name: "ContactBlock", value: "" }, element);
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { load, hydrate, byId };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe("client:touch", () => {
  for (const [what, fire] of [
    [
      "a finger or mouse down on a field",
      (el: HTMLElement) => el.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })),
    ],
    ["the focus moving into a field", (el: HTMLElement) => el.focus()],
    [
      "a key in a field",
      (el: HTMLElement) =>
        el.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true })),
    ],
    [
      "a value put in a field",
      (el: HTMLElement) => el.dispatchEvent(new Event("input", { bubbles: true })),
    ],
  ] as const) {
    it(`loads and hydrates the island on ${what}, once`, async () => {
      const { load, hydrate, byId } = island();
      fire(byId("name"));
      fire(byId("name"));
      await settle();
      expect(load).toHaveBeenCalledTimes(1);
      expect(hydrate).toHaveBeenCalledTimes(1);
    });
  }

  it("loads on a form sent without a touch first (a screen reader's browse mode)", async () => {
    const { load, byId } = island();
    byId("send")
      .closest("form")
      ?.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads nothing for a touch on the island outside its form, or elsewhere on the page", async () => {
    const { load, byId } = island();
    for (const id of ["call", "outside"]) {
      byId(id).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      byId(id).focus();
      byId(id).dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    }
    window.scrollTo(0, 5000);
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  /** The directive started on an island as `html` builds it, after `before`: how often it loaded. */
  async function loadsAtStart(html: string, before = () => {}) {
    document.body.innerHTML = html;
    before();
    const load = vi.fn(async () => async () => {});
    touch(
      load,
      { name: "NewsletterSignup", value: "" },
      document.querySelector("astro-island") as HTMLElement,
    );
    await settle();
    return load.mock.calls.length;
  }

  it("loads at once when a field already has the focus as the runtime starts (a tap before it came)", async () => {
    const focused = () => (document.getElementById("early") as HTMLInputElement).focus();
    expect(
      await loadsAtStart(`<astro-island><form><input id="early"></form></astro-island>`, focused),
    ).toBe(1);
  });

  it("loads at once on an island the page's script marked touched as it fetched the runtime", async () => {
    expect(
      await loadsAtStart(`<astro-island data-touched><form><input></form></astro-island>`),
    ).toBe(1);
  });

  // A form typed in or sent before the runtime came, its focus gone, is read from the browser's
  // own marks (:user-valid, :user-invalid), which only a real browser sets, and only for what a
  // visitor did: first-tap.spec.ts ("a Subscribe tapped before it is sent once it arrives",
  // "Contact's Send tapped before it is sent once it arrives").
});
