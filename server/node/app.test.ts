import { rmSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { fakeInlineScripts, fakeSite, scriptHash, tempDir } from "../../tests/support/fake-site.ts";
import { baseHeaders, immutableCache, revalidateCache } from "../security-headers.ts";
import { createApp } from "./app.ts";
import { openDatabase } from "./database.ts";

const dir = tempDir();
const inbox = openDatabase(join(dir.path, "inbox.db"));
const siteDir = fakeSite(dir.path);
const app = createApp({ siteDir, inbox });
afterAll(() => {
  inbox.close();
  dir.remove();
});

/** As the Node adapter binds a request from `address` (in-process requests have no socket). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = "", ...values]) => [name, values]),
  );
}

describe("the static site beside the inbox", () => {
  it("serves the prerendered pages", async () => {
    const home = await app.request("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Home page");
    const about = await app.request("/about");
    expect(about.status).toBe(200);
    expect(await about.text()).toContain("About page");
  });

  it("answers unknown paths, the 404 page's own path and build files with the 404 page", async () => {
    for (const path of ["/nope", "/404", "/404/index.html", "/f/contact", "/_headers"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Page not found");
    }
  });

  it("refuses to start without the build's _headers file", () => {
    const bare = tempDir();
    const site = fakeSite(bare.path);
    try {
      rmSync(join(site, "_headers"));
      expect(() => createApp({ siteDir: site, inbox })).toThrow(
        /_headers is missing: build the site first/,
      );
    } finally {
      bare.remove();
    }
  });
});

describe("security headers from _headers", () => {
  it("puts the base headers on every kind of answer", async () => {
    const answers = await Promise.all([
      app.request("/"),
      app.request("/assets/app-1a2b3c.js"),
      app.request("/nope"),
      app.request("/f/contact", { method: "POST", headers: { Accept: "application/json" } }),
      app.request("/f/nope", { method: "DELETE" }),
    ]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(baseHeaders)) {
        expect(res.headers.get(name), `${res.url} ${name}`).toBe(value);
      }
    }
  });

  it("gives each page its CSP, allowing its inline scripts by hash and nothing unsafe", async () => {
    for (const [path, script] of [
      ["/", fakeInlineScripts["/"]],
      ["/about", fakeInlineScripts["/about/"]],
      ["/about/", fakeInlineScripts["/about/"]],
      ["/about/index.html", fakeInlineScripts["/about/"]],
    ] as const) {
      const res = await app.request(path);
      const csp = res.headers.get("content-security-policy");
      expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      const policy = directives(csp);
      expect(policy.get("script-src"), path).toEqual(["'self'", `'${scriptHash(script)}'`]);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("form-action")).toEqual(["'self'"]);
      expect(res.headers.get("cache-control"), path).toBe(revalidateCache);
    }
  });

  it("gives a 404 answer the 404 page's policy", async () => {
    const res = await app.request("/no/such/page");
    expect(res.status).toBe(404);
    const policy = directives(res.headers.get("content-security-policy"));
    expect(policy.get("script-src")).toEqual([
      "'self'",
      `'${scriptHash(fakeInlineScripts["/404/"])}'`,
    ]);
  });

  it("lists another forms origin in connect-src and form-action when the build names one", async () => {
    const other = tempDir();
    const site = fakeSite(other.path, { formsOrigin: "https://forms.example.com" });
    try {
      const res = await createApp({ siteDir: site, inbox }).request("/");
      const policy = directives(res.headers.get("content-security-policy"));
      expect(policy.get("connect-src")).toEqual(["'self'", "https://forms.example.com"]);
      expect(policy.get("form-action")).toEqual(["'self'", "https://forms.example.com"]);
    } finally {
      other.remove();
    }
  });

  it("gives the inbox's answers a policy that loads nothing, and no caching", async () => {
    const json = await app.request("/f/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: "{",
    });
    const html = await app.request("/f/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/html" },
      body: "{",
    });
    for (const res of [json, html]) {
      expect(res.status).toBe(400);
      const policy = directives(res.headers.get("content-security-policy"));
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.get("form-action")).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("caches hashed assets for a year", async () => {
    const res = await app.request("/assets/app-1a2b3c.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(immutableCache);
    // A missing asset is a 404 page, which must not be cached for a year.
    const missing = await app.request("/assets/gone-000000.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe(revalidateCache);
  });
});

describe("Strict-Transport-Security", () => {
  const hsts = "strict-transport-security";

  it("is sent over HTTPS, and never over plain HTTP", async () => {
    expect((await app.request("https://rink.example/")).headers.get(hsts)).toMatch(/max-age=\d+/);
    expect((await app.request("http://rink.example/")).headers.get(hsts)).toBeNull();
  });

  it("believes X-Forwarded-Proto only from a trusted proxy", async () => {
    const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" };
    const untrusted = await app.request("/", { headers }, from("127.0.0.1"));
    expect(untrusted.headers.get(hsts)).toBeNull();

    const behindOne = createApp({ siteDir, inbox, trustProxy: { kind: "hops", hops: 1 } });
    expect(
      (await behindOne.request("/", { headers }, from("127.0.0.1"))).headers.get(hsts),
    ).toMatch(/max-age/);
    const plain = { "X-Forwarded-Proto": "http" };
    expect(
      (await behindOne.request("/", { headers: plain }, from("127.0.0.1"))).headers.get(hsts),
    ).toBeNull();

    const listed = createApp({
      siteDir,
      inbox,
      trustProxy: { kind: "addresses", entries: ["loopback"] },
    });
    expect((await listed.request("/", { headers }, from("127.0.0.1"))).headers.get(hsts)).toMatch(
      /max-age/,
    );
    expect(
      (await listed.request("/", { headers }, from("198.51.100.4"))).headers.get(hsts),
    ).toBeNull();
  });
});

describe("revalidation and compression", () => {
  it("gives HTML an ETag and answers a matching If-None-Match with 304", async () => {
    const first = await app.request("/about");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[\w-]{20,}"$/);
    const again = await app.request("/about", { headers: { "If-None-Match": tag ?? "" } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(tag);
    expect(again.headers.get("cache-control")).toBe(revalidateCache);
    expect(again.headers.get("content-security-policy")).toContain("script-src");

    const stale = await app.request("/about", { headers: { "If-None-Match": '"old"' } });
    expect(stale.status).toBe(200);
    const head = await app.request("/about", {
      method: "HEAD",
      headers: { "If-None-Match": tag ?? "" },
    });
    expect(head.status).toBe(304);
  });

  it("sends the brotli copy when accepted, else gzip, else the plain file, varying on it", async () => {
    const br = await app.request("/", {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gz = await app.request("/", { headers: { "Accept-Encoding": "gzip, deflate" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const plain = await app.request("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("Home page");

    for (const res of [br, gz, plain]) expect(res.headers.get("vary")).toBe("Accept-Encoding");
    // Each representation has its own validator.
    const tags = new Set([br, gz, plain].map((r) => r.headers.get("etag")));
    expect(tags.size).toBe(3);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(
      "Home page",
    );
  });
});

describe("GET /healthz", () => {
  it("answers 200 while the database answers, never cached", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await app.request("/healthz", { method });
      expect(res.status, method).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect(await (await app.request("/healthz")).json()).toEqual({ status: "ok" });
  });

  it("answers 503 once the database is gone", async () => {
    const other = tempDir();
    const closed = openDatabase(join(other.path, "inbox.db"));
    try {
      let t = Date.parse("2025-06-01T12:00:00.000Z");
      const checked = createApp({ siteDir, inbox: closed, now: () => new Date(t) });
      expect((await checked.request("/healthz")).status).toBe(200);
      closed.close();
      // A healthy answer is kept 10 seconds, then the database is asked again.
      t += 10_000;
      const res = await checked.request("/healthz");
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ status: "database unavailable" });
    } finally {
      other.remove();
    }
  });
});
