import { afterAll, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { createApp } from "./app.ts";
import { openDatabase } from "./database.ts";
import { acceptedEncodings, indexSite } from "./static-site.ts";

const dir = tempDir();
const siteDir = fakeSite(dir.path);
const inbox = openDatabase(":memory:");
const app = createApp({ siteDir, inbox });
afterAll(() => {
  inbox.close();
  dir.remove();
});

describe("indexSite", () => {
  it("names each page by its path with and without the slash, and hides build files", () => {
    const index = indexSite(siteDir);
    expect([...index.keys()].sort()).toEqual([
      "/",
      "/about",
      "/about/",
      "/about/index.html",
      "/assets/app-1a2b3c.js",
      "/index.html",
    ]);
    const home = index.get("/");
    expect(Object.keys(home?.encoded ?? {}).sort()).toEqual(["br", "gzip"]);
    expect(home?.type).toBe("text/html; charset=utf-8");
  });
});

describe("acceptedEncodings", () => {
  it("reads q-values, refusals and the wildcard", () => {
    const names = (header?: string) => [...acceptedEncodings(header)].sort();
    expect(names("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(names("GZIP;q=0.5, BR;q=1.0")).toEqual(["br", "gzip"]);
    expect(names("br;q=0, gzip")).toEqual(["gzip"]);
    expect(names("*")).toEqual(["br", "gzip"]);
    expect(names("*, br;q=0")).toEqual(["gzip"]);
    expect(names("identity")).toEqual([]);
    expect(names(undefined)).toEqual([]);
    expect(names("br;q=x")).toEqual([]);
  });
});

describe("serving from the index", () => {
  it("never reaches outside the site folder", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/..%2Fpackage.json",
      "/assets/../../server/app.ts",
      "/assets%2F..%2F..%2Fpackage.json",
      "//etc/passwd",
      "/index.html%00",
      "/index.html.br",
      "/_headers",
      "/404/index.html",
      "/404.html",
      "/about.html",
      "/__spa-fallback.html",
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Page not found");
    }
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await app.request("/about", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(
      String((await app.request("/about")).headers.get("content-length")),
    );
    expect(await res.text()).toBe("");
  });

  it("matches If-None-Match lists, weak tags and *", async () => {
    const tag = (await app.request("/about")).headers.get("etag") ?? "";
    for (const header of [tag, `"x", ${tag}`, `W/${tag}`, "*"]) {
      expect(
        (await app.request("/about", { headers: { "If-None-Match": header } })).status,
        header,
      ).toBe(304);
    }
    expect((await app.request("/about", { headers: { "If-None-Match": '"x"' } })).status).toBe(200);
  });

  it("sends the 404 page without an ETag", async () => {
    const res = await app.request("/nope", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  });
});
