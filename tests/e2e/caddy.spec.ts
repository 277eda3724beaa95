// One small server: Debian's Caddy, with the repository's deploy/Caddyfile, in front of the
// server with the settings of deploy/rink-site.service (TRUST_PROXY=loopback), all on 127.0.0.1.
// HTTPS with Caddy's own local CA (`local_certs`: what `tls internal` does for every site)
// and a plain-HTTP site beside it. Caddy's state goes to a temp dir, never to /root or /etc,
// and its CA is never installed in the system's trust store.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testSiteDir } from "../support/build.ts";
import { type RunningCaddy, startCaddy } from "../support/caddy.ts";
import { expect, test, uniqueEmail } from "../support/e2e/fixtures.ts";
import { formsStoredFor, sendBothForms } from "../support/e2e/host-checks.ts";
import { screenshotHost } from "../support/e2e/host-screenshots.ts";
import { routes, unknownPath } from "../support/e2e/site-facts.ts";
import { type RunningServer, startServer } from "../support/server.ts";

test.describe.configure({ mode: "serial" });
// Caddy's certificate is from its own local CA, which this browser does not know.
test.use({ ignoreHTTPSErrors: true });

let dir: string;
let server: RunningServer | undefined;
let caddy: RunningCaddy | undefined;
let httpsOrigin: string;
let httpOrigin: string;
let ca: Buffer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), "rink-caddy-"));
  // Only what production sets (deploy/rink-site.service): not the e2e servers' SMTP settings.
  cpSync(testSiteDir, join(dir, "site"), { recursive: true });
  server = await startServer({
    siteDir: join(dir, "site"),
    databasePath: join(dir, "inbox.db"),
    env: { TRUST_PROXY: "loopback", RATE_LIMIT_PER_MINUTE: "5" },
  });
  caddy = await startCaddy(server.port, dir);
  ({ httpsOrigin, httpOrigin } = caddy);
  ca = await caddy.ca();
});

test.afterAll(async () => {
  await Promise.all([caddy?.stop(), server?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through Caddy, from `from` (a loopback address of this machine). */
function send(
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from ?? "127.0.0.1",
        ca,
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

test("pages through the proxy: HTTPS with HSTS, plain HTTP without", async () => {
  for (const path of routes) {
    const secure = await send(`${httpsOrigin}${path}`);
    expect(secure.status, path).toBe(200);
    expect(secure.headers["content-security-policy"], path).toMatch(/^default-src 'self'/);
    expect(secure.headers["strict-transport-security"], path).toMatch(/^max-age=\d+/);
    const plain = await send(`${httpOrigin}${path}`);
    expect(plain.status, path).toBe(200);
    expect(plain.headers["strict-transport-security"], path).toBeUndefined();
  }
  const missing = await send(`${httpsOrigin}${unknownPath}`);
  expect(missing.status).toBe(404);
  expect(missing.body).toContain("Page not found");
  expect(missing.headers["content-security-policy"]).toMatch(/^default-src 'self'/);
  const health = await send(`${httpsOrigin}/healthz`);
  expect([health.status, JSON.parse(health.body)]).toEqual([200, { status: "ok" }]);
});

test("both forms through the proxy, in Chromium over HTTPS", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo);
  await sendBothForms(page, httpsOrigin, { email, message: "Hello through Caddy." });
  expect(await formsStoredFor(join(dir, "inbox.db"), email)).toEqual(["contact", "newsletter"]);
});

test("no body over 64 KiB reaches the server: 413 with a length or without", async () => {
  const big = `email=${"a".repeat(100 * 1024)}`;
  const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: httpsOrigin };
  // A declared length over the limit: Caddy answers before anything is sent on.
  for (const path of ["/f/newsletter", "/inbox/sign-in", "/about"]) {
    const declared = await send(`${httpsOrigin}${path}`, {
      method: "POST",
      body: big,
      headers: { ...form, "Content-Length": String(Buffer.byteLength(big)) },
    });
    expect(declared.status, path).toBe(413);
  }
  // Without a length (chunked), to the routes that read a body: cut at the limit, 413.
  for (const path of ["/f/newsletter", "/inbox/sign-in"]) {
    const chunked = await send(`${httpsOrigin}${path}`, {
      method: "POST",
      body: big,
      headers: { ...form, "Transfer-Encoding": "chunked" },
    });
    expect(chunked.status, path).toBe(413);
  }
  // At the limit, the server's own answer (a signup of 64 KiB is too large for its fields).
  const most = `email=${"a".repeat(64 * 1024 - 6)}`;
  const atLimit = await send(`${httpsOrigin}/f/newsletter`, {
    method: "POST",
    body: most,
    headers: { ...form, Accept: "application/json" },
  });
  expect(atLimit.status).toBe(422);
});

test("the rate limit counts each visitor's own address, not the proxy's", async () => {
  const signup = (from: string, n: number) =>
    send(`${httpsOrigin}/f/newsletter`, {
      method: "POST",
      from,
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        // A visitor's forged header: Caddy replaces it with the address it sees.
        "X-Forwarded-For": `203.0.113.${n}`,
      },
      body: JSON.stringify({ email: `limit-${from}-${n}@example.test`, type: "newsletter_signup" }),
    });
  // Visitor A (127.0.0.2): a burst of 5, then refused, whatever it claims to be.
  const statuses: number[] = [];
  for (let n = 1; n <= 6; n++) statuses.push((await signup("127.0.0.2", n)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  // Visitor B (127.0.0.3), through the same proxy: not limited by A's posts.
  expect((await signup("127.0.0.3", 1)).status).toBe(200);
  const limited = await signup("127.0.0.2", 7);
  expect(limited.status).toBe(429);
  expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
});

test("screenshots through Caddy over HTTPS, at both sizes, an unknown path included", async ({
  browser,
}) => {
  await screenshotHost(browser, httpsOrigin, "caddy");
});
