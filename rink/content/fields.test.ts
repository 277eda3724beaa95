// A photo's file name as the schema takes it: one plain name in content/photos/ with an image's
// extension, so it names the same file in Git, on every owner's computer and on the site;
// anything else is refused at its line and field, in words the owner can act on.
import { describe, expect, it } from "vitest";
import { photoNameProblem } from "./fields.ts";
import { checkContent, formatProblem } from "./problems.ts";
import { contentFiles } from "./schema.ts";

const { file, schema } = contentFiles.photos;
const problemsOf = (image: string) => {
  const source = `gallery:\n  - image: ${JSON.stringify(image)}\n    alt: "Skaters on the floor"\n`;
  const checked = checkContent(file, source, schema);
  return "problems" in checked ? checked.problems.map(formatProblem) : [];
};

describe("a photo's file name", () => {
  it("takes the names a phone, a camera or the editor gives", () => {
    for (const name of [
      "rink-floor.jpg",
      "IMG_1234.JPG",
      "PXL_20261124_180000123.jpeg",
      "Hello World (1).webp",
      "Screenshot 2026-11-24 at 18.00.00.png",
      "party.avif",
      "scan.tiff",
      "console.jpg",
      "com10.gif",
    ]) {
      expect(photoNameProblem(name), name).toBeUndefined();
      expect(problemsOf(`photos/${name}`), name).toEqual([]);
    }
  });

  it("refuses a dot segment, a hidden file, an invisible or non-ASCII character", () => {
    const words =
      "a photo's file name may hold only letters A to Z, digits, spaces and - _ . ( ), starting with a letter or digit: rename the file, like photos/rink-floor.jpg";
    for (const image of [
      "photos/.git",
      "photos/.hidden.jpg",
      "photos/..jpg",
      "photos/a..jpg",
      "content/photos/.gitattributes.png",
      "photos/rink\u200bfloor.jpg",
      "photos/rink-floor.jpg\u200d.jpg",
      "photos/\ufeffrink.jpg",
      "photos/r\u0131nk.jpg",
      "photos/caf\u00e9.jpg",
      "photos/a\u0000.jpg",
      "photos/ a.jpg",
      "photos/a:b.jpg",
    ]) {
      expect(problemsOf(image), JSON.stringify(image)).toEqual([
        `photos.yml:2:12 gallery[0].image: ${words}`,
      ]);
    }
  });

  it("refuses a Windows device name, in any case, with or without an extension", () => {
    for (const device of ["CON", "prn", "Aux", "nul", "COM1", "com9", "LPT1", "lpt9"]) {
      for (const name of [`${device}.jpg`, `${device}.tar.png`, `${device} .jpg`]) {
        expect(problemsOf(`photos/${name}`), name).toEqual([
          `photos.yml:2:12 gallery[0].image: a photo cannot be named ${device}, a name Windows keeps for a device: rename the file, like photos/rink-floor.jpg`,
        ]);
      }
      expect(photoNameProblem(device), device).toMatch(/^expected a photo file/);
    }
  });

  it("refuses a file that is not an image by its name", () => {
    for (const name of ["notes.txt", "run.sh", "photo", "photo.jpg.exe", "a.svg"]) {
      expect(problemsOf(`photos/${name}`), name).toEqual([
        "photos.yml:2:12 gallery[0].image: expected a photo file (JPEG, PNG, WebP, AVIF, TIFF or GIF), like photos/rink-floor.jpg",
      ]);
    }
  });
});
