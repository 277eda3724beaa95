// The Node server's side of the inbox under abuse: its own rate limiter (a limit other than
// the default, a trusted proxy, IPv6 /64s), odd methods and the request log's contents. The
// default limit, the origin allowlist and the 405s are in the shared protocol suite
// (tests/inbox-protocol.test.ts), against Node and the Worker.
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import { type AppDeps, createApp } from "../node/app.ts";
import { openDatabase } from "../node/database.ts";

const dir = tempDir();
const siteDir = fakeSite(dir.path);
const inbox = openDatabase(":memory:");
afterAll(() => {
  inbox.close();
  dir.remove();
});

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

function app(deps: Partial<AppDeps> = {}) {
  return createApp({ siteDir, inbox, ...deps });
}

let n = 0;

/** A valid newsletter signup, different each time. */
function signup(headers: Record<string, string> = {}) {
  n += 1;
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify({ email: `fam${n}@example.com` }),
  };
}

describe("the rate limit", () => {
  it("counts invalid submissions too, and shows a browser without JavaScript a page", async () => {
    const site = app({ rateLimitPerMinute: 2 });
    const bad = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" };
    expect((await site.request("/f/contact", bad, from("198.51.100.3"))).status).toBe(400);
    expect((await site.request("/f/contact", bad, from("198.51.100.3"))).status).toBe(400);
    const page = await site.request(
      "/f/contact",
      { ...bad, headers: { ...bad.headers, Accept: "text/html" } },
      from("198.51.100.3"),
    );
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBe("30");
    expect(await page.text()).toContain("<title>Too many submissions</title>");
  });

  it("keys on the forwarded address only behind a trusted proxy", async () => {
    const direct = app({ rateLimitPerMinute: 1 });
    const viaProxy = (address: string) =>
      direct.request("/f/newsletter", signup({ "X-Forwarded-For": address }), from("127.0.0.1"));
    expect((await viaProxy("203.0.113.1")).status).toBe(200);
    // Untrusted: rotating X-Forwarded-For does not buy a fresh allowance.
    expect((await viaProxy("203.0.113.2")).status).toBe(429);

    const proxied = app({ rateLimitPerMinute: 1, trustProxy: { kind: "hops", hops: 1 } });
    const through = (address: string) =>
      proxied.request("/f/newsletter", signup({ "X-Forwarded-For": address }), from("127.0.0.1"));
    expect((await through("203.0.113.1")).status).toBe(200);
    expect((await through("203.0.113.2")).status).toBe(200);
    expect((await through("203.0.113.1")).status).toBe(429);
  });

  it("treats one IPv6 /64 as one client", async () => {
    const site = app({ rateLimitPerMinute: 1 });
    expect((await site.request("/f/newsletter", signup(), from("2001:db8:1:2::1"))).status).toBe(
      200,
    );
    expect((await site.request("/f/newsletter", signup(), from("2001:db8:1:2::99"))).status).toBe(
      429,
    );
    expect((await site.request("/f/newsletter", signup(), from("2001:db8:1:3::1"))).status).toBe(
      200,
    );
  });
});

describe("other methods", () => {
  it("refuses PROPFIND with 405 and Allow, and a POST to a page with the 404 page", async () => {
    const site = app();
    const res = await site.request("/f/contact", { method: "PROPFIND" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await site.request("/", { method: "POST" })).status).toBe(404);
  });
});

describe("the request log", () => {
  it("writes one line per request without bodies, queries or addresses", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const site = app({ logger: pino({ base: undefined }, sink), rateLimitPerMinute: 0 });
    await site.request("/about?email=secret@example.com", {}, from("198.51.100.77"));
    await site.request(
      "/f/contact",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Pat Secret", email: "pat@" }),
      },
      from("198.51.100.77"),
    );
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([
      expect.objectContaining({ method: "GET", path: "/about", status: 200, msg: "request" }),
      expect.objectContaining({
        method: "POST",
        path: "/f/contact",
        status: 422,
        code: "TYPE_EMAIL",
      }),
    ]);
    expect(typeof lines[0]?.ms).toBe("number");
    expect(lines[0]?.client).toBe(lines[1]?.client);
    const text = JSON.stringify(lines);
    for (const secret of ["secret@example.com", "Pat Secret", "pat@", "198.51.100.77", "email="]) {
      expect(text).not.toContain(secret);
    }
  });
});
