// The photo pipeline on odd originals: a phone photo stored sideways with an EXIF orientation,
// a 12-megapixel original, a big PNG screenshot with transparency, a file that is not an image,
// and the cache. Each original is made here, in a temp folder, so nothing is downloaded.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { PhotoError, processPhoto, slug, widthsFor } from "./photos.ts";
import { buildPhotos } from "./photos-plugin.ts";

const dir = mkdtempSync(join(tmpdir(), "rink-photos-test-"));
const cacheDir = join(dir, "cache");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A picture whose top half is red and bottom half blue, `width` x `height`. */
function halves(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height / 2}" fill="#f00"/><rect y="${height / 2}" width="${width}" height="${height / 2}" fill="#00f"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** The colour at (x, y) of an encoded image, as [r, g, b]. */
async function pixel(path: string, x: number, y: number) {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]] as number[];
}

const variant = (
  photo: Awaited<ReturnType<typeof processPhoto>>,
  format: string,
  width: number,
) => {
  const v = photo.variants.find((x) => x.format === format && x.width === width);
  if (!v) throw new Error(`no ${format} at ${width}`);
  return join(photo.dir, v.fileName);
};

describe("widths", () => {
  it("never enlarges, and keeps the original's own width when it is smaller than the largest", () => {
    expect(widthsFor(4000)).toEqual([320, 480, 640, 800, 1080, 1280, 1600]);
    expect(widthsFor(1000)).toEqual([320, 480, 640, 800, 1000]);
    expect(widthsFor(200)).toEqual([200]);
  });
  it("makes URL-safe names", () => {
    expect(slug("content/photos/Rink Floor (2).JPG")).toBe("rink-floor-2");
    expect(slug("Ümlaut.png")).toBe("umlaut");
    expect(slug("???.jpg")).toBe("photo");
  });
});

describe("processPhoto", () => {
  it("turns a sideways phone photo upright (EXIF orientation 6)", async () => {
    // Stored 1200 wide and 800 high, top half red; orientation 6 says "rotate 90° clockwise to
    // show", so upright it is 800 wide, 1200 high, with the red half on the right.
    const file = join(dir, "sideways.jpg");
    await halves(1200, 800).jpeg().withMetadata({ orientation: 6 }).toFile(file);
    const photo = await processPhoto(file, { cacheDir });
    expect([photo.width, photo.height]).toEqual([800, 1200]);
    for (const format of ["avif", "webp", "jpeg"]) {
      const out = variant(photo, format, 640);
      const meta = await sharp(out).metadata();
      expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([640, 960, 1]);
      const [r1, , b1] = await pixel(out, 600, 480);
      const [r2, , b2] = await pixel(out, 40, 480);
      expect(r1, `${format}: red on the right`).toBeGreaterThan(200);
      expect(b1).toBeLessThan(60);
      expect(b2, `${format}: blue on the left`).toBeGreaterThan(200);
      expect(r2).toBeLessThan(60);
    }
  });

  it("handles a 12-megapixel original and strips its metadata (no GPS position)", async () => {
    const file = join(dir, "twelve-mp.jpg");
    await sharp({
      create: {
        width: 4032,
        height: 3024,
        channels: 3,
        background: "#7a4",
        noise: { type: "gaussian", mean: 120, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: "Phone", Model: "Camera" }, IFD3: { GPSLatitudeRef: "N" } })
      .toFile(file);
    const photo = await processPhoto(file, { cacheDir });
    expect([photo.width, photo.height]).toEqual([1600, 1200]);
    expect(new Set(photo.variants.map((v) => v.width))).toEqual(
      new Set([320, 480, 640, 800, 1080, 1280, 1600]),
    );
    expect(photo.variants).toHaveLength(21);
    for (const v of photo.variants) {
      const meta = await sharp(join(photo.dir, v.fileName)).metadata();
      expect(meta.format).toBe(v.format === "avif" ? "heif" : v.format);
      expect(meta.exif, `${v.fileName} carries no EXIF`).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    }
    // Smaller than the original by far, AVIF smallest.
    const at = (format: string) => statSync(variant(photo, format, 1600)).size;
    expect(at("avif")).toBeLessThan(at("jpeg"));
    expect(at("jpeg")).toBeLessThan(statSync(file).size / 2);
  }, 120_000);

  it("handles a big PNG screenshot with transparency (flattened on white, not black)", async () => {
    const file = join(dir, "Screenshot 2026-11-20.png");
    await sharp({
      create: {
        width: 2560,
        height: 1600,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#0a0"/></svg>',
          ),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toFile(file);
    const photo = await processPhoto(file, { cacheDir });
    expect([photo.width, photo.height]).toEqual([1600, 1000]);
    const jpeg = variant(photo, "jpeg", 1600);
    expect(jpeg).toMatch(/screenshot-2026-11-20-1600\.[0-9a-f]{8}\.jpg$/);
    expect(await pixel(jpeg, 1200, 800)).toEqual([255, 255, 255]);
    const [r, g] = await pixel(jpeg, 100, 100);
    expect(g).toBeGreaterThan(140);
    expect(r).toBeLessThan(40);
  }, 60_000);

  it("refuses a file that is not an image, naming it", async () => {
    const file = join(dir, "notes.jpg");
    writeFileSync(file, "Remember to order more pizza boxes.\n");
    await expect(processPhoto(file, { cacheDir })).rejects.toThrow(PhotoError);
    await expect(processPhoto(file, { cacheDir })).rejects.toThrow(
      /notes\.jpg is not a photo the build can read \(JPEG, PNG/,
    );
  });

  it("refuses a missing file, naming it", async () => {
    await expect(processPhoto(join(dir, "gone.jpg"), { cacheDir })).rejects.toThrow(
      /gone\.jpg: the file is missing/,
    );
  });

  it("answers a second time from the cache, without encoding", async () => {
    const file = join(dir, "cached.png");
    await halves(900, 600).png().toFile(file);
    const first = await processPhoto(file, { cacheDir });
    const again = join(first.dir, "meta.json");
    const before = statSync(again).mtimeMs;
    const started = performance.now();
    const second = await processPhoto(file, { cacheDir });
    expect(performance.now() - started).toBeLessThan(200);
    expect(second).toEqual(first);
    expect(statSync(again).mtimeMs).toBe(before);
    // A changed original is a new key: processed anew.
    await halves(900, 601).png().toFile(file);
    expect((await processPhoto(file, { cacheDir })).dir).not.toBe(first.dir);
  });
});

describe("content/photos.yml through the build", () => {
  const content = join(dir, "content");
  mkdirSync(join(content, "photos"), { recursive: true });

  it("names photos.yml's line and the file when a photo is not an image", async () => {
    writeFileSync(join(content, "photos", "menu.jpg"), "%PDF-1.7 not a photo");
    await halves(640, 480)
      .jpeg()
      .toFile(join(content, "photos", "floor.jpg"));
    writeFileSync(
      join(content, "photos.yml"),
      [
        "gallery:",
        "  - image: photos/floor.jpg",
        "    alt: The floor.",
        "  - image: /content/photos/menu.jpg",
        "    alt: The snack bar menu.",
        "",
      ].join("\n"),
    );
    await expect(buildPhotos(content, cacheDir)).rejects.toThrow(
      /photos\.yml:4:12 gallery\[1\]\.image: .*menu\.jpg is not a photo the build can read/,
    );
  });

  it("fails on a photo without alt text, naming the file and line", async () => {
    writeFileSync(
      join(content, "photos.yml"),
      [
        "hero:",
        "  image: photos/floor.jpg",
        "parties:",
        "  - image: photos/floor.jpg",
        "    alt: '  '",
        "",
      ].join("\n"),
    );
    const error = await buildPhotos(content, cacheDir).catch((e: Error) => e);
    expect(String(error)).toMatch(
      /photos\.yml:2:3 hero\.alt: a photo needs alt text: one sentence saying what it shows, for visitors who cannot see it, but it is missing/,
    );
    expect(String(error)).toMatch(/photos\.yml:5:10 parties\[0\]\.alt: a photo needs alt text/);
  });

  it("gives each page its photos in the owner's order, and none when none are listed", async () => {
    writeFileSync(
      join(content, "photos.yml"),
      [
        "gallery:",
        "  - image: photos/floor.jpg",
        "    alt: The floor.",
        "    caption: Friday night.",
        "",
      ].join("\n"),
    );
    const built = await buildPhotos(content, cacheDir);
    expect(built.modules.hero).toBe("export default null;");
    expect(built.modules.parties).toBe("export default [];");
    const gallery = JSON.parse(built.modules.gallery.replace(/^export default |;$/g, ""));
    expect(gallery).toEqual([
      expect.objectContaining({
        alt: "The floor.",
        caption: "Friday night.",
        width: 640,
        height: 480,
        name: "floor",
        widths: [320, 480, 640],
      }),
    ]);
    expect(built.files.size).toBe(9);
  });
});

describe("content/events.yml's photos through the build (issue 34)", () => {
  const content = join(dir, "content-events");
  mkdirSync(join(content, "photos"), { recursive: true });
  /** An events.yml whose events are `events` (YAML lines, indented as list items). */
  const eventsFile = (events: string[]) =>
    [
      "title: Events at the rink",
      "description: Theme nights, homeschool afternoons and more at the rink, with their dates, times and prices.",
      "heading: Events",
      "lead: Besides our weekly sessions.",
      "subscribe:",
      "  heading: Put our schedule in your calendar",
      "  intro: One calendar.",
      "  steps:",
      "    - app: Google Calendar",
      "      how: Paste the address.",
      "events:",
      ...events,
      "",
    ].join("\n");
  const event = (id: string, photo: string[] = []) => [
    `  - id: ${id}`,
    `    title: ${id}`,
    "    description: An event.",
    '    date: "2026-12-12"',
    "    time:",
    '      start: "12:30"',
    '      end: "15:00"',
    "    price: 5",
    ...photo,
  ];

  it("gives /events each event's photo by its id, with its alt text, in the photos' sizes and kinds", async () => {
    await halves(1000, 500)
      .jpeg()
      .toFile(join(content, "photos", "ball.jpg"));
    await halves(640, 480)
      .jpeg()
      .toFile(join(content, "photos", "floor.jpg"));
    writeFileSync(
      join(content, "photos.yml"),
      ["gallery:", "  - image: photos/floor.jpg", "    alt: The floor.", ""].join("\n"),
    );
    writeFileSync(
      join(content, "events.yml"),
      eventsFile([
        ...event("toy-drive", [
          "    photo:",
          "      image: /photos/ball.jpg",
          "      alt: The mirror ball over the floor.",
        ]),
        ...event("no-photo"),
        // The same file as the gallery's: processed once, its files written once.
        ...event("floor-night", [
          "    photo:",
          "      image: photos/floor.jpg",
          "      alt: The floor at night.",
        ]),
      ]),
    );
    const built = await buildPhotos(content, cacheDir);
    const events = JSON.parse(built.modules.events.replace(/^export default |;$/g, ""));
    expect(Object.keys(events).sort()).toEqual(["floor-night", "toy-drive"]);
    expect(events["toy-drive"]).toEqual(
      expect.objectContaining({
        alt: "The mirror ball over the floor.",
        width: 1000,
        height: 500,
        name: "ball",
        widths: [320, 480, 640, 800, 1000],
      }),
    );
    expect(events["toy-drive"]).not.toHaveProperty("caption");
    expect(events["floor-night"]).toEqual(
      expect.objectContaining({
        alt: "The floor at night.",
        name: "floor",
        widths: [320, 480, 640],
      }),
    );
    // Every width as AVIF, WebP and JPEG: 5 x 3 for the ball, 3 x 3 for the floor (once).
    expect(built.files.size).toBe(15 + 9);
    const ball = [...built.files.keys()].filter((url) => url.includes("/ball-"));
    expect(ball.filter((url) => url.endsWith(".avif"))).toHaveLength(5);
    expect(ball.filter((url) => url.endsWith(".webp"))).toHaveLength(5);
    expect(ball.filter((url) => url.endsWith(".jpg"))).toHaveLength(5);
    // The other places are photos.yml's alone.
    expect(JSON.parse(built.modules.gallery.replace(/^export default |;$/g, ""))).toHaveLength(1);
  });

  it("names events.yml's line and the file when an event's photo is missing or not an image", async () => {
    writeFileSync(join(content, "photos", "flyer.jpg"), "%PDF-1.7 not a photo");
    writeFileSync(join(content, "photos.yml"), "{}\n");
    writeFileSync(
      join(content, "events.yml"),
      eventsFile([
        ...event("one", ["    photo:", "      image: photos/gone.jpg", "      alt: Gone."]),
        ...event("two", ["    photo:", "      image: photos/flyer.jpg", "      alt: A flyer."]),
      ]),
    );
    const error = String(await buildPhotos(content, cacheDir).catch((e: Error) => e));
    expect(error).toMatch(
      /events\.yml:21:14 events\[0\]\.photo\.image: .*gone\.jpg: the file is missing from content\/photos\//,
    );
    expect(error).toMatch(
      /events\.yml:32:14 events\[1\]\.photo\.image: .*flyer\.jpg is not a photo the build can read/,
    );
  });
});
