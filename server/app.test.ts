import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { openInbox } from "./inbox.ts";
import { fakeSite, tempDir } from "./test-support.ts";

const dir = tempDir();
const inbox = openInbox(join(dir.path, "inbox.db"));
const app = createApp({ siteDir: fakeSite(dir.path), inbox });
afterAll(() => {
  inbox.close();
  dir.remove();
});

describe("the static site beside the inbox", () => {
  it("serves the prerendered pages", async () => {
    const home = await app.request("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Home page");
    const about = await app.request("/about");
    expect(about.status).toBe(200);
    expect(await about.text()).toContain("About page");
  });

  it("answers unknown paths, and the 404 page's own path, with the 404 page", async () => {
    for (const path of ["/nope", "/404", "/404/index.html", "/f/contact"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Page not found");
    }
  });

  it("caches hashed assets for a year", async () => {
    const res = await app.request("/assets/app-1a2b3c.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
