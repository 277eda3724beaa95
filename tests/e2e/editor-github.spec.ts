// The editor without a GitHub account (issues 33 and 42), end to end on a phone-sized
// Chromium: the owner signs in once from the emailed link and opens the editor from the home
// page's "Edit the site", signed in by that session (the site's page, server/editor/routes.ts,
// and admin/editor-init.js): no "Sign In with GitHub" before the collections. The owner
// changes the Friday price and saves; the GitHub stand-in's repository
// (tests/support/github-stand-in.ts) then has one new commit changing content/sessions.yml,
// naming the owner. A change the site could not be built from (a weekly event left with a
// week of the month) is refused by the proxy: the editor says what to fix, and nothing is
// committed. A 4 MB photo from a phone goes on an event: the browser makes it a WebP of at
// most 1600 px before it is sent (tooling/editor/settings.ts), and one commit of content/ lands. A photo
// nothing shows is deleted (one commit); one a page shows is refused, the pages named, and
// nothing is committed. The site is the test build, its editor's configuration written for the
// stand-in's repository as the build writes GITHUB_REPO. Then, signed out, /admin/ leads to
// the emailed-link sign-in, and the proxy answers 401.
// Nothing reaches the internet: any request to another origin fails the test.
import { cpSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { parse } from "yaml";
import { photoPath } from "../../rink/content/fields.ts";
import { editorConfig } from "../../tooling/editor-config.ts";
import { testSiteDir } from "../support/build.ts";
import {
  deletePhoto,
  saveFirstEventPhoto,
  saveFirstEventWeekly,
  saveFridayPrice,
} from "../support/e2e/editor-steps.ts";
import { expect, test, viewports } from "../support/e2e/fixtures.ts";
import { screenshotDir } from "../support/e2e/host-screenshots.ts";
import { signInToTarget } from "../support/e2e/owner-sign-in.ts";
import { tempDir } from "../support/fake-site.ts";
import { type GithubStandIn, standInRepo, startGithubStandIn } from "../support/github-stand-in.ts";
import { type InboxTarget, nodeTarget, ownerAddress } from "../support/inbox-targets.ts";

let github: GithubStandIn;
let target: InboxTarget;
const site = tempDir("rink-editor-site-");

/** A photo in content/photos/ that no page shows (an old flyer, say). */
const unusedPhoto = "old-flyer.jpg";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const flyer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#c04080" },
  })
    .jpeg()
    .toBuffer();
  github = await startGithubStandIn({ files: { [`content/photos/${unusedPhoto}`]: flyer } });
  cpSync(testSiteDir, site.path, { recursive: true });
  const config = join(site.path, "admin/config.yml");
  writeFileSync(config, editorConfig(readFileSync(config, "utf8"), standInRepo));
  target = await nodeTarget(github.settings, { siteDir: site.path });
});
test.afterAll(async () => {
  await target?.stop();
  await github?.close();
  site.remove();
});

test.use({
  viewport: viewports.mobile,
  actionTimeout: 20_000,
  navigationTimeout: 30_000,
  // The errors expected: the browser's note of the proxy's 422 for a change the site cannot
  // be built from (and for a photo in use), the editor's own log of the refused save, and the
  // page's policy refusing the EXIF reader Sveltia fetches from unpkg.com for a JPEG's details
  // (nothing leaves the site: tooling/build-admin.ts).
  allowedConsoleErrors:
    /Loading the script 'https:\/\/unpkg\.com\/exifr@[\d.]+\/dist\/lite\.esm\.mjs' violates the following Content Security Policy directive: "script-src 'self' 'wasm-unsafe-eval'"|status of 422 \(Unprocessable (Entity|Content)\) \(http:\/\/127\.0\.0\.1:\d+\/admin\/api\/graphql\)$|^\{status: 422, message: Not saved: .*\} \(http:\/\/127\.0\.0\.1:\d+\/admin\/sveltia-cms\.js\)$/,
});
test.setTimeout(180_000);

/** Every request to another origin refused and kept, to hold it empty at the end. */
async function refuseOtherOrigins(page: import("@playwright/test").Page): Promise<string[]> {
  const external: string[] = [];
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    external.push(route.request().url());
    return route.abort();
  });
  return external;
}

test("the owner opens the editor signed in, changes the Friday price, adds and deletes photos; each one commit of content/", async ({
  page,
}) => {
  const external = await refuseOtherOrigins(page);
  const sessions = parse(github.file("content/sessions.yml")) as {
    sessions: { id: string; price: number }[];
  };
  const fridayIndex = sessions.sessions.findIndex((s) => s.id === "friday-family-pizza-party");
  expect(fridayIndex).toBeGreaterThanOrEqual(0);
  const commitsBefore = github.commits().length;

  // What the owner could see of the editor's own sign-in: every frame the browser paints is
  // looked at (requestAnimationFrame runs before each paint) for its sign-in buttons.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { signInSeen: seen });
    const look = () => {
      for (const button of document.querySelectorAll("button")) {
        const text = button.textContent ?? "";
        // (Sveltia's words; the owner's own sign-in at /inbox/ says "Sign in".)
        if (/Sign In/.test(text) && button.getClientRects().length > 0) seen.push(text);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const signInSeen = () =>
    page.evaluate(() => (window as unknown as { signInSeen: string[] }).signInSeen);

  // Signed in once by the emailed link, as every owner's page is; then the home page's door.
  await signInToTarget(page, target);
  await page.getByRole("link", { name: /^Edit the site/ }).click();
  await expect(page).toHaveURL(`${target.url}/admin/`);
  // Its collections, with no sign-in of its own before them.
  await expect(
    page.getByText("Sessions, prices and parties").filter({ visible: true }).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  expect(await signInSeen()).toEqual([]);
  await expect(page.getByRole("button", { name: /Sign In/ })).toHaveCount(0);
  await page.screenshot({ path: join(screenshotDir, "hand/E-editor-390.png") });

  // The price, as the owner does it: collection, file, the Friday session, Save.
  await saveFridayPrice(page, fridayIndex, 11);

  // One new commit in the repository: content/sessions.yml, the owner named, the price $11.
  const commits = github.commits();
  expect(commits).toHaveLength(commitsBefore + 1);
  expect(commits[0]?.files).toEqual(["content/sessions.yml"]);
  expect(commits[0]?.subject).toMatch(
    new RegExp(`^Content: .* by ${ownerAddress.replace(".", "\\.")}$`),
  );
  const after = parse(github.file("content/sessions.yml")) as typeof sessions;
  expect(after.sessions[fridayIndex]?.price).toBe(11);

  // A change the site could not be built from: refused, with what to fix; nothing committed.
  await page.goto(`${target.url}/admin/`);
  await saveFirstEventWeekly(page);
  const refusal = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({
    hasText: "There was an error while saving the entry.",
  });
  await expect(refusal).toContainText(
    /Not saved: please fix this first, then save again\. content\/events\.yml:\d+:\d+ events\[0\]\.week \(“Homeschool skate”\): a weekly event has no week of the month: clear it, or choose monthly\./,
    { timeout: 20_000 },
  );
  await page.screenshot({ path: join(screenshotDir, "hand/E-editor-refused-390.png") });
  expect(github.commits()).toHaveLength(commitsBefore + 1);
  expect(external).toEqual([]);

  await page.setViewportSize(viewports.desktop);
  await expect(refusal).toBeVisible();
  await page.screenshot({ path: join(screenshotDir, "hand/E-editor-refused-1280.png") });
  await page.goto(`${target.url}/admin/`);
  await expect(
    page.getByText("Sessions, prices and parties").filter({ visible: true }).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: join(screenshotDir, "hand/E-editor-1280.png") });

  expect(await signInSeen()).toEqual([]);

  // A 4 MB photo from a phone on the first event (a JPEG of 4000x3000, made here), back at
  // the phone's size.
  await page.setViewportSize(viewports.mobile);
  const phonePhoto = join(site.path, "phone-photo.jpg");
  // Broad light and colour with a camera's fine grain, kept at JPEG quality 95 as a phone
  // keeps it: about 4.6 MB.
  const [width, height] = [4000, 3000];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = [
        120 + 80 * Math.sin(x / 300),
        90 + 60 * Math.cos(y / 200),
        140 + 70 * Math.sin((x + y) / 500),
      ];
      for (let c = 0; c < 3; c++) {
        pixels[(y * width + x) * 3 + c] = (light[c] ?? 0) + (Math.random() - 0.5) * 24;
      }
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toFile(phonePhoto);
  const phoneBytes = statSync(phonePhoto).size;
  expect(phoneBytes).toBeGreaterThan(4_000_000);
  const withPhoto = github.commits().length;
  await page.goto(`${target.url}/admin/`);
  const alt = "Families skating on the homeschool afternoon.";
  // (The refused change to the first event above is offered back, and discarded.)
  await saveFirstEventPhoto(page, phonePhoto, alt, { draftLeft: true });
  // One commit touching only content/: the event and its photo, a WebP, much smaller.
  await expect.poll(() => github.commits().length).toBe(withPhoto + 1);
  const photoCommit = github.commits()[0];
  expect(photoCommit?.files.sort()).toEqual([
    "content/events.yml",
    "content/photos/phone-photo.webp",
  ]);
  const committed = github.bytes("content/photos/phone-photo.webp");
  const meta = await sharp(committed).metadata();
  expect(meta.format).toBe("webp");
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
  // A few hundred KB at most, a tenth of what the phone took or less.
  expect(committed.length).toBeLessThan(500_000);
  expect(committed.length).toBeLessThan(phoneBytes / 10);
  test.info().annotations.push({
    type: "photo",
    description: `${phoneBytes} bytes of JPEG, 4000x3000 -> ${committed.length} bytes of WebP, ${meta.width}x${meta.height}`,
  });
  console.log(`photo: ${phoneBytes} -> ${committed.length} bytes, ${meta.width}x${meta.height}`);
  const event = (
    parse(github.file("content/events.yml")) as {
      events: { title: string; photo?: { image: string; alt: string } }[];
    }
  ).events[0];
  expect(event?.title).toBe("Homeschool skate");
  expect(photoPath.exec(event?.photo?.image ?? "")?.groups?.name).toBe("phone-photo.webp");
  expect(event?.photo?.alt).toBe(alt);

  // A photo nothing shows: deleted, one commit touching only it.
  await deletePhoto(page, target.url, unusedPhoto);
  await expect.poll(() => github.commits().length).toBe(withPhoto + 2);
  expect(github.commits()[0]?.files).toEqual([`content/photos/${unusedPhoto}`]);
  expect(github.git("ls-tree", "--name-only", "main", "content/photos/")).not.toContain(
    unusedPhoto,
  );

  // A photo the About page's gallery and an event show: refused, the pages named; nothing
  // committed, the photo still there.
  await deletePhoto(page, target.url, "mirror-ball.jpg");
  const photoRefusal = page.getByRole("alertdialog", { name: "The photo was not deleted" });
  await expect(photoRefusal).toContainText(
    "Not saved: the photo mirror-ball.jpg is used on the About page's gallery and the Events page (“Christian skate”). Take it off there first, then delete it.",
    { timeout: 20_000 },
  );
  await page.screenshot({ path: join(screenshotDir, "hand/E-editor-photo-refused-390.png") });
  await page.setViewportSize(viewports.desktop);
  await page.screenshot({ path: join(screenshotDir, "hand/E-editor-photo-refused-1280.png") });
  await photoRefusal.getByRole("button", { name: "OK" }).click();
  await expect(photoRefusal).toHaveCount(0);
  expect(github.commits()).toHaveLength(withPhoto + 2);
  expect(github.git("ls-tree", "--name-only", "main", "content/photos/")).toContain(
    "mirror-ball.jpg",
  );
  expect(external).toEqual([]);

  // Signed out (or the session ended), /admin/ leads to the emailed-link sign-in, and the
  // proxy answers 401 to what the editor asks (tests/editor-proxy.test.ts checks each call).
  await page.context().clearCookies();
  await page.goto(`${target.url}/admin/`);
  await expect(page).toHaveURL(`${target.url}/inbox/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the inbox");
  const user = await page.request.get(`${target.url}/admin/api/v3/user`);
  expect(user.status()).toBe(401);
});

// Safari's canvas has no WebP encoder: asked for one, it writes a PNG, and a 1600 px PNG of a
// photo can be several MB, past what the proxy takes for a photo (1 MB). Sveltia then encodes the WebP itself with @jsquash/webp, which it
// would fetch from unpkg.com: the build serves that encoder from /admin/ instead
// (tooling/build-admin.ts), so the photo is still a WebP of a few hundred KB.
test("on a phone whose browser cannot write WebP (Safari), the photo is still committed as a WebP, by the encoder the site serves", async ({
  page,
}) => {
  const external = await refuseOtherOrigins(page);
  await page.addInitScript(() => {
    // As Safari answers: asked for image/webp, a canvas writes image/png.
    const asSafari = (type?: string) => (type === "image/webp" ? "image/png" : type);
    const convert = OffscreenCanvas.prototype.convertToBlob;
    OffscreenCanvas.prototype.convertToBlob = function (options?: ImageEncodeOptions) {
      return convert.call(this, { ...options, type: asSafari(options?.type) });
    };
    const toBlob = HTMLCanvasElement.prototype.toBlob;
    HTMLCanvasElement.prototype.toBlob = function (done, type, quality) {
      toBlob.call(this, done, asSafari(type), quality);
    };
  });
  const encoder: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/admin/jsquash-webp/")) {
      encoder.push(new URL(request.url()).pathname);
    }
  });
  const photoFile = join(site.path, "safari-photo.jpg");
  await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#3060a0" } })
    .composite([
      {
        input: await sharp({
          create: { width: 1200, height: 900, channels: 3, background: "#f0c040" },
        })
          .png()
          .toBuffer(),
        top: 300,
        left: 400,
      },
    ])
    .jpeg({ quality: 95 })
    .toFile(photoFile);
  await signInToTarget(page, target);
  const before = github.commits().length;
  await page.goto(`${target.url}/admin/`);
  await saveFirstEventPhoto(page, photoFile, "The rink floor under the lights.");
  await expect.poll(() => github.commits().length).toBe(before + 1);
  expect(github.commits()[0]?.files.sort()).toEqual([
    "content/events.yml",
    "content/photos/safari-photo.webp",
  ]);
  const committed = github.bytes("content/photos/safari-photo.webp");
  const meta = await sharp(committed).metadata();
  expect(meta.format).toBe("webp");
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
  expect(encoder, "the WebP encoder, from the site").toContain("/admin/jsquash-webp/encode.js");
  expect(external).toEqual([]);
});
