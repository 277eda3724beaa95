import { describe, expect, it } from "vitest";
import { externalizeIslandRuntime } from "./island-runtime.ts";

// The two scripts as Astro 5 writes them (shortened in the middle), around an island.
const directive =
  '(()=>{var a=(s,i,o)=>{};(self.Astro||(self.Astro={})).visible=a;window.dispatchEvent(new Event("astro:visible"));})();';
const runtime =
  '(()=>{var g=Object.defineProperty;class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();';
const page = (scripts: string, runtimeAttribute = "") =>
  `<html><head><script>document.documentElement.classList.add("js")</script></head><body>${scripts}<astro-island ${runtimeAttribute}uid="x" client="visible"><form></form></astro-island></body></html>`;

describe("Astro's island runtime as a file", () => {
  it("moves the runtime and the directive into one file that each island names, and keeps the page's own scripts", () => {
    const { html, file } = externalizeIslandRuntime(
      page(`<script>${directive}</script><script>${runtime}</script>`),
    );
    expect(file?.path).toMatch(/^\/assets\/islands\.[\w-]{10}\.js$/);
    expect(file?.code).toBe(`${directive}\n${runtime}`);
    // Nothing fetches it yet: the page's script does at a form's first use (island-wake.ts).
    expect(html).toBe(page("", `data-runtime="${file?.path}" `));
    expect(html).toContain('classList.add("js")');
  });

  it("names the file by its content: the same scripts, the same file", () => {
    const a = externalizeIslandRuntime(page(`<script>${runtime}</script>`));
    const b = externalizeIslandRuntime(`<p>other</p>${page(`<script>${runtime}</script>`)}`);
    const c = externalizeIslandRuntime(
      page(`<script>${directive}</script><script>${runtime}</script>`),
    );
    expect(a.file?.path).toBe(b.file?.path);
    expect(c.file?.path).not.toBe(a.file?.path);
  });

  it("leaves a page without islands as it is", () => {
    const html = "<html><body><script>let x = 1;</script></body></html>";
    expect(externalizeIslandRuntime(html)).toEqual({ html, file: null });
  });

  it("fails the build when a page has an island but no runtime it recognises", () => {
    expect(() => externalizeIslandRuntime(page(""))).toThrow(/Astro now writes it another way/);
    expect(() => externalizeIslandRuntime(page(`<script>${directive}</script>`))).toThrow(
      /without Astro's island runtime/,
    );
  });
});
