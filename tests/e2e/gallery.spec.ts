// The photos (issue 12): the About gallery by keyboard and by touch, without JavaScript, and
// how each page's photos load (the hero at once and first, the rest lazily, boxes sized).
import type { Locator, Page } from "@playwright/test";
import { loadPhotosContent } from "../../tooling/content/load.ts";
import { expectNoViolations } from "../support/e2e/axe.ts";
import { expect, gotoHydrated, test, viewports } from "../support/e2e/fixtures.ts";

const photos = loadPhotosContent();
const gallery = photos.gallery;

const thumbnails = (page: Page) =>
  page.getByRole("region", { name: "Inside the rink" }).getByRole("link");
const viewer = (page: Page) => page.getByRole("dialog", { name: "Photos" });
/** The image's file has arrived and decoded: it has pixels to show. */
const hasLoaded = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

/** The viewer shows photo `index`: its count, its alt text, its caption, and the photo itself. */
async function expectShowing(page: Page, index: number) {
  const dialog = viewer(page);
  await expect(dialog.getByText(`Photo ${index + 1} of ${gallery.length}`)).toBeVisible();
  const photo = dialog.getByRole("img");
  await expect(photo).toHaveAttribute("alt", gallery[index]?.alt ?? "");
  const caption = gallery[index]?.caption;
  if (caption) await expect(dialog.getByText(caption, { exact: true })).toBeVisible();
  // Loaded, so it has its size on the screen: until the large file arrives the photo is an
  // empty 0x0 box, and a swipe measured on it went nowhere (a full run on a slow machine).
  await expect.poll(() => hasLoaded(photo)).toBe(true);
}

test.beforeAll(() => {
  expect(gallery.length, "the sample content lists gallery photos").toBeGreaterThanOrEqual(3);
});

test("the gallery by keyboard: Enter opens, arrows move, focus stays inside, Escape closes", async ({
  page,
}) => {
  await gotoHydrated(page, "/about");
  await expect(thumbnails(page)).toHaveCount(gallery.length);
  const second = thumbnails(page).nth(1);
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(viewer(page)).toBeVisible();
  await expectShowing(page, 1);
  // The page behind is inert: a modal dialog.
  expect(await page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);

  // The open viewer is accessible too (WCAG 2.x A and AA, as tests/e2e/a11y.spec.ts checks pages).
  await expectNoViolations(page, "with the gallery's viewer open");

  await page.keyboard.press("ArrowRight");
  await expectShowing(page, 2);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expectShowing(page, 0);
  await page.keyboard.press("ArrowLeft");
  await expectShowing(page, gallery.length - 1);

  // Tab cycles through the dialog's buttons, never back to the page behind it.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(() => {
      const active = document.activeElement;
      return !active || active === document.body || Boolean(active.closest("dialog"));
    });
    expect(inside, `Tab ${i + 1} stays in the viewer`).toBe(true);
  }
  await viewer(page).getByRole("button", { name: "Next photo" }).press("Enter");
  await expectShowing(page, 0);

  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(second).toBeFocused();
});

test.describe("by touch", () => {
  test.use({ viewport: viewports.mobile, hasTouch: true, isMobile: true });

  test("tap opens, swipes move between photos, Close returns focus to the photo tapped", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    const first = thumbnails(page).first();
    await first.scrollIntoViewIfNeeded();
    await first.tap();
    await expectShowing(page, 0);

    // Real touch input through Chromium (touchStart, touchMove, touchEnd), as a finger makes.
    const cdp = await page.context().newCDPSession(page);
    const box = await viewer(page).getByRole("img").boundingBox();
    if (!box) throw new Error("the photo has no box");
    const y = box.y + box.height / 2;
    const swipe = async (fromX: number, toX: number, toY = y) => {
      const point = (x: number, py: number) => ({ x: Math.round(x), y: Math.round(py) });
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchStart",
        touchPoints: [point(fromX, y)],
      });
      for (let step = 1; step <= 6; step++) {
        const x = fromX + ((toX - fromX) * step) / 6;
        const py = y + ((toY - y) * step) / 6;
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: [point(x, py)],
        });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expectShowing(page, 1);
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expectShowing(page, 2);
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expectShowing(page, 1);
    // A short or mostly vertical move is not a swipe.
    await swipe(box.x + box.width * 0.5, box.x + box.width * 0.5 - 20);
    await swipe(box.x + box.width * 0.5, box.x + box.width * 0.5 - 30, y - 150);
    await expectShowing(page, 1);

    // A tap while Chromium still flings the vertical move would only stop the fling.
    await page.waitForTimeout(1_000);
    await viewer(page).getByRole("button", { name: "Close" }).tap();
    await expect(viewer(page)).toHaveCount(0);
    await expect(first).toBeFocused();
  });
});

test("on a slow connection the viewer shows the thumbnail in the photo's place until the large file arrives", async ({
  page,
}) => {
  await page.setViewportSize(viewports.mobile);
  await gotoHydrated(page, "/about");
  const first = thumbnails(page).first().getByRole("img");
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => hasLoaded(first)).toBe(true);
  const thumbnail = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
  // Every other photo file waits until the test lets it through, as on a slow phone.
  const held: (() => Promise<void>)[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/assets/photos/") && url.href !== thumbnail,
    (route) => void held.push(() => route.continue()),
  );
  await thumbnails(page).first().click();
  const photo = viewer(page).getByRole("img");
  await expect(viewer(page).getByText(`Photo 1 of ${gallery.length}`)).toBeVisible();
  await expect.poll(() => held.length, "the large file was asked for").toBeGreaterThan(0);
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
  const box = await photo.boundingBox();
  expect(box?.width, "the photo's place is on the screen").toBeGreaterThan(200);
  expect(box?.height).toBeGreaterThan(200);
  expect(await photo.evaluate((img) => getComputedStyle(img).backgroundImage)).toContain(thumbnail);

  for (const letThrough of held.splice(0)) await letThrough();
  await page.unrouteAll();
  await expectShowing(page, 0);
  expect(await photo.evaluate((img) => getComputedStyle(img).backgroundImage)).toBe("none");
});

test.describe("without JavaScript", () => {
  // Shown on its own, the photo makes the browser ask for /favicon.ico, which the site has not.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /\/favicon\.ico\)$/ });

  test("each thumbnail is a link to the photo itself", async ({ page, request }) => {
    await page.goto("/about");
    await expect(thumbnails(page)).toHaveCount(gallery.length);
    for (const [i, link] of (await thumbnails(page).all()).entries()) {
      await expect(link.getByRole("img")).toHaveAttribute("alt", gallery[i]?.alt ?? "");
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/assets\/photos\/[a-z0-9-]+-\d+\.[0-9a-f]{8}\.jpg$/);
      const response = await request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/jpeg");
      expect(response.headers()["cache-control"]).toContain("immutable");
    }
    await thumbnails(page).first().click();
    await expect(page).toHaveURL(/\/assets\/photos\/.+\.jpg$/);
  });
});

test.describe("how photos load", () => {
  test("Home's photo is fetched first and at once; every other photo lazily; boxes sized", async ({
    page,
  }) => {
    expect(photos.hero, "the sample content lists a hero photo").toBeTruthy();
    await page.goto("/");
    const hero = page.getByRole("img", { name: photos.hero?.alt ?? "" });
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("loading", "eager");
    expect(await hasLoaded(hero)).toBe(true);
    // The browser chose the AVIF.
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
  });

  for (const [path, count] of [
    ["/about", gallery.length],
    ["/parties", photos.parties.length],
  ] as const) {
    test(`${path}: photos lazy, decoded off the main thread, with width and height`, async ({
      page,
    }) => {
      await page.goto(path);
      const images = page.locator("main picture img");
      await expect(images).toHaveCount(count);
      for (const img of await images.all()) {
        await expect(img).toHaveAttribute("loading", "lazy");
        await expect(img).toHaveAttribute("decoding", "async");
        await expect(img).toHaveAttribute("width", /^\d+$/);
        await expect(img).toHaveAttribute("height", /^\d+$/);
        await expect(img).toHaveAttribute("sizes", /px/);
        await expect(img).not.toHaveAttribute("fetchpriority", /.*/);
      }
      const sources = page.locator("main picture source");
      await expect(sources).toHaveCount(count * 2);
      await expect(sources.first()).toHaveAttribute("type", "image/avif");
    });
  }
});
