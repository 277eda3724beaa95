// Walking a page by the Tab key, as a keyboard user does: each stop, and whether it shows a
// focus indicator that contrasts 3:1 with what is around it.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Tabs from the top of the page to `target` (at most 50 stops) and presses Enter on it. */
export async function pressByKeyboard(page: Page, target: Locator) {
  await page.locator("body").focus();
  for (let i = 0; i < 50 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
  await page.keyboard.press("Enter");
}

/**
 * From the focused element on, Tab until focus leaves the page or comes round to an element
 * already visited: each stop's tag and text, and the stops without a good focus indicator.
 */
export async function walkTabStops(page: Page): Promise<{ stops: string[]; problems: string[] }> {
  const stops: string[] = [];
  const problems: string[] = [];
  for (let i = 0; i < 200; i++) {
    const stop = await page.evaluate(focusIndicator);
    if (!stop || stop.revisit) break;
    stops.push(stop.key);
    if (!stop.ok) problems.push(`${stop.key}: ${stop.why}`);
    await page.keyboard.press("Tab");
  }
  return { stops, problems };
}

/**
 * Runs in the page on document.activeElement: is a focus indicator drawn, and does it reach
 * 3:1 against the colour around it (WCAG 1.4.11)? Looks at the outline (the site's focus
 * style) and falls back to a box-shadow ring. What is around it is read at four points just
 * outside the element, where the ring is drawn, from whatever is painted there (the sticky
 * header under the skip link, say), not only from the element's ancestors. Colours are
 * resolved to sRGB by a canvas, so oklch() works; a gradient counts with its worst stop.
 * Returns null once focus has left the page, and revisit: true when it comes round again.
 */
async function focusIndicator() {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  if (el.dataset.tabStop) return { key: "", ok: true, why: "", revisit: true };
  el.dataset.tabStop = "seen";
  // Links and buttons fade their colours in (transition-colors, outline included): the ring
  // is judged as it ends, so each fade is taken to its end at once (waiting for it cost 150 ms
  // a stop); and the page may still be scrolling the element into view: let it paint.
  for (const fade of el.getAnimations()) fade.finish();
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const label = (el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "")
    .trim()
    .replace(/\s+/g, " ")
    .slice(0, 40);
  const key = `${el.tagName.toLowerCase()} "${label}"`;
  const result = (ok: boolean, why = "") => ({ key, ok, why, revisit: false });
  // The skip link is hidden until focused: appearing is its focus indicator (checked by the
  // skip-link test); its ring may cross the header's Call Now button on a phone.
  if (el.getAttribute("href") === "#main") return result(true);
  const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!ctx) return result(false, "no canvas");
  type Rgb = { r: number; g: number; b: number; a: number };
  const rgba = (color: string): Rgb => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "#000";
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return { r, g, b, a: a / 255 };
  };
  const luminance = ({ r, g, b }: Rgb) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (x: Rgb, y: Rgb) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const colourStops = /(oklch|oklab|lab|lch|rgba?|hsla?|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;
  /** The colours an element paints behind its content: gradient stops or an opaque fill. */
  const paints = (node: Element): Rgb[] | null => {
    const style = getComputedStyle(node);
    const stops = style.backgroundImage.match(colourStops);
    if (stops?.length) return stops.map(rgba);
    const fill = rgba(style.backgroundColor);
    return fill.a > 0.99 ? [fill] : null;
  };
  const around = (): Rgb[] => {
    const box = el.getBoundingClientRect();
    const gap = 4; // outline-offset 2px + half the 3px outline
    const points = [
      [box.left - gap, box.top + box.height / 2],
      [box.right + gap, box.top + box.height / 2],
      [box.left + box.width / 2, box.top - gap],
      [box.left + box.width / 2, box.bottom + gap],
    ] as const;
    const found: Rgb[] = [];
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const stack = document.elementsFromPoint(x, y).filter((n) => n !== el && !el.contains(n));
      const painted = stack.map(paints).find((c) => c !== null);
      found.push(...(painted ?? [rgba("white")]));
    }
    if (found.length) return found;
    for (let node = el.parentElement; node; node = node.parentElement) {
      const painted = paints(node);
      if (painted) return painted;
    }
    return [rgba("white")];
  };
  const style = getComputedStyle(el);
  let indicator: string | null = null;
  if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2) {
    indicator = style.outlineColor;
  } else if (style.boxShadow && style.boxShadow !== "none") {
    indicator = style.boxShadow.match(colourStops)?.[0] ?? null;
  }
  if (!indicator) {
    return result(
      false,
      `no focus indicator (outline ${style.outlineStyle} ${style.outlineWidth})`,
    );
  }
  const ring = rgba(indicator);
  const worst = Math.min(...around().map((bg) => contrast(ring, bg)));
  if (worst < 3) return result(false, `ring ${indicator} has ${worst.toFixed(2)}:1 < 3:1`);
  return result(true);
}
