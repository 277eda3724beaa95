// Thousands of generated malformed requests against the real app: broken JSON, wrong types,
// huge bodies, unicode and NUL strings, wrong or lying content types, broken multipart, deep
// nesting, odd methods and paths. Every payload is invalid by construction (whatever a parser
// makes of it), so every answer must be a 4xx: never a 5xx, never a stored row, never a stack
// trace. Most run in process through app.fetch; a slice goes over a real socket.
import { connect } from "node:net";
import { DatabaseSync } from "node:sqlite";
import { serve } from "@hono/node-server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeSite, tempDir } from "../../tests/support/fake-site.ts";
import {
  anyRequest,
  expectRefused,
  expectRowsValid,
  invalidFields,
  nasty,
  notText,
  toRequest,
} from "../../tests/support/malformed-requests.ts";
import { createApp } from "../node/app.ts";
import { openDatabase } from "../node/database.ts";

const dir = tempDir();
const dbPath = `${dir.path}/inbox.db`;
const inbox = openDatabase(dbPath);
const failures: string[] = [];
// No rate limit: the generator, not the limiter, should decide each answer.
const app = createApp({
  siteDir: fakeSite(dir.path),
  inbox,
  rateLimitPerMinute: 0,
  log: (message) => failures.push(message),
});
afterAll(() => {
  inbox.close();
  dir.remove();
});

// ---- checks -------------------------------------------------------------------------------

function storedRows() {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    return db.prepare("SELECT form, data, spam FROM submissions").all();
  } finally {
    db.close();
  }
}

/** Every stored row passes its form's rules unchanged; spam rows hold only bounded text. */
const expectEveryRowValid = () => expectRowsValid(storedRows());

const validSignup = (email: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  body: JSON.stringify({ email, phone: "Not provided", type: "newsletter_signup" }),
});

describe("malformed requests", { timeout: 60_000 }, () => {
  it("answers 2,500 of them in process with a 4xx, storing nothing", async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(anyRequest, async (r) => {
        count++;
        const res = await app.fetch(toRequest(r, "http://localhost"));
        await expectRefused(res, r);
      }),
      { numRuns: 2500 },
    );
    expect(count).toBeGreaterThanOrEqual(2500);
    expect(failures).toEqual([]);
    expect(storedRows()).toEqual([]);

    const ok = await app.request("/f/newsletter", validSignup("after-fuzz@example.com"));
    expect(ok.status).toBe(200);
    expect(storedRows()).toHaveLength(1);
    expectEveryRowValid();
  });

  it("stores a bot's honeypot submission as bounded spam, whatever it holds", async () => {
    // The trap's value as JSON text: a value to serialise, or a deep nest spliced in raw.
    const trap: fc.Arbitrary<string> = fc.oneof(
      fc.string({ minLength: 1, maxLength: 500 }).map((v) => JSON.stringify(v)),
      nasty.filter((v) => v !== "").map((v) => JSON.stringify(v)),
      notText.filter((v) => v !== false).map((v) => JSON.stringify(v)),
      fc.oneof(fc.integer(), fc.constant(true)).map((v) => JSON.stringify(v)),
      fc
        .integer({ min: 50, max: 20_000 })
        .map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    );
    await fc.assert(
      fc.asyncProperty(trap, invalidFields, async (value, fields) => {
        const { __deep: _, ...rest } = fields;
        const others = JSON.stringify(rest).slice(1);
        const body = others === "}" ? `{"_gotcha":${value}}` : `{"_gotcha":${value},${others}`;
        const res = await app.request("/f/contact", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body,
        });
        expect(res.status, body.slice(0, 200)).toBe(200);
      }),
      // Each row is a synced write (a few ms): fewer runs than the refusals above.
      { numRuns: 150 },
    );
    expect(failures).toEqual([]);
    expectEveryRowValid();
  });
});

describe("malformed requests over a socket", { timeout: 60_000 }, () => {
  let server: ReturnType<typeof serve>;
  let base: string;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((done) => server.once("listening", () => done()));
    const address = server.address();
    port = typeof address === "object" && address ? address.port : 0;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("answers 300 of them with a 4xx and keeps serving", async () => {
    const before = storedRows().length;
    await fc.assert(
      fc.asyncProperty(anyRequest, async (r) => {
        // Node's own HTTP parser answers a method it does not know (FOO) with a 400.
        const res = await fetch(toRequest(r, base));
        await expectRefused(res, r);
      }),
      { numRuns: 300 },
    );
    expect(storedRows()).toHaveLength(before);
    const ok = await fetch(`${base}/f/newsletter`, validSignup("after-socket@example.com"));
    expect(ok.status).toBe(200);
    expect(storedRows()).toHaveLength(before + 1);
    expect(failures).toEqual([]);
    expectEveryRowValid();
  });

  it("answers broken HTTP with 400 from Node itself", async () => {
    const raw = (text: string) =>
      new Promise<string>((done, fail) => {
        const socket = connect(port, "127.0.0.1");
        let answer = "";
        socket.on("data", (chunk) => {
          answer += String(chunk);
        });
        socket.on("close", () => done(answer));
        socket.on("error", fail);
        socket.end(text);
      });
    const cases = [
      "GARBAGE\r\n\r\n",
      "POST /f/contact HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
      "POST /f/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      "POST /f/contact HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\nContent-Length: 0\r\n\r\n",
      "POST /f/contact HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
      `POST /f/contact HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    ];
    for (const text of cases) {
      const answer = await raw(text);
      expect(answer.slice(0, 200), JSON.stringify(text.slice(0, 80))).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    const ok = await fetch(`${base}/f/newsletter`, validSignup("after-raw@example.com"));
    expect(ok.status).toBe(200);
  });
});
