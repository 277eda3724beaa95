// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
// Astro's island runtime fetched at a form's first use (issue 45, decision 016): nothing for a
// reader; at the first finger, focus, key or value in an island's form, the runtime, the
// island's component and React asked for at once, once, and the island marked so the runtime's
// directive hydrates it without a second touch; a form used before the page's script ran wakes
// it as soon as it runs. The browser's side is tests/e2e/performance.spec.ts and first-tap.spec.ts.
import { afterEach, describe, expect, it } from "vitest";
import { wakeIslandsOnUse } from "./island-wake.ts";

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

function page() {
  document.body.innerHTML = `<a href="/parties" id="outside">Parties</a>
    <astro-island data-runtime="/assets/islands.abc.js" component-url="/assets/form.js"
      renderer-url="/assets/client.js" ssr client="touch">
      <p>Call us <a href="tel:+12605550100" id="call">(260) 555-0100</a></p>
      <form><input id="email"><button id="send">Subscribe</button></form>
    </astro-island>`;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  const asked = () => [
    ...[...document.head.querySelectorAll("script")].map((s) => `script ${s.getAttribute("src")}`),
    ...[...document.head.querySelectorAll("link")].map((l) => `${l.rel} ${l.getAttribute("href")}`),
  ];
  return { byId, asked, island: document.querySelector("astro-island") as HTMLElement };
}

describe("the islands' runtime", () => {
  it("is not fetched for a reader, nor for a tap outside the form", () => {
    const { byId, asked } = page();
    wakeIslandsOnUse();
    byId("outside").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    byId("call").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    expect(asked()).toEqual([]);
  });

  it("is fetched with the island's code at the first use of the form, once, the island marked", () => {
    const { byId, asked, island } = page();
    wakeIslandsOnUse();
    byId("email").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    byId("email").dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    expect(asked().sort()).toEqual(
      [
        "script /assets/islands.abc.js",
        "modulepreload /assets/form.js",
        "modulepreload /assets/client.js",
      ].sort(),
    );
    expect(island.hasAttribute("data-touched")).toBe(true);
  });

  it("is fetched at once when the form was used before the page's script ran", () => {
    const { byId, asked } = page();
    byId("email").focus();
    wakeIslandsOnUse();
    expect(asked()).toContain("script /assets/islands.abc.js");
  });

  it("is not asked for on a page without islands", () => {
    document.body.innerHTML = "<form><input id='q'></form>";
    wakeIslandsOnUse();
    document.getElementById("q")?.dispatchEvent(new Event("focusin", { bubbles: true }));
    expect(document.head.children).toHaveLength(0);
  });
});
