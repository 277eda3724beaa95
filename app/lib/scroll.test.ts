import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollToTop } from "./scroll.ts";

function fakeWindow(reduceMotion: boolean) {
  const scrollTo = vi.fn();
  vi.stubGlobal("window", {
    matchMedia: (query: string) => ({
      matches: query === "(prefers-reduced-motion: reduce)" && reduceMotion,
    }),
    scrollTo,
  });
  return scrollTo;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("scrollToTop", () => {
  it("scrolls smoothly to the top", () => {
    const scrollTo = fakeWindow(false);
    scrollToTop();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: "smooth" });
  });

  it("jumps to the top for visitors who prefer reduced motion", () => {
    const scrollTo = fakeWindow(true);
    scrollToTop();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: "instant" });
  });
});
