// The inbox's protocol, one suite for both of its homes (tests/support/inbox-targets.ts): the
// Node server and the Cloudflare Worker, each a real process over HTTP with its real database.
// Formspree's answers for scripts and for browsers without JavaScript, every refusal a 4xx
// that stores nothing, the honeypot, the origin allowlist, the rate limit, a burst, the fuzz
// corpus, and the owner's email. What only one platform has is tested beside its code
// (server/**/*.test.ts; the Worker's in server/edge/).
import { request as httpRequest } from "node:http";
import { createClient, isSubmissionError } from "@formspree/core";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterMessages } from "../rink/forms/newsletter.ts";
import { maxBodyBytes } from "../server/forms/form-endpoint.ts";
import { fakeInlineScripts, scriptHash } from "./support/fake-site.ts";
import {
  clientAddresses,
  edgeTarget,
  type InboxTarget,
  nodeTarget,
  otherOrigin,
  type StoredRow,
  targetDailyLimit,
} from "./support/inbox-targets.ts";
import {
  anyRequest,
  expectRefused,
  expectRowsValid,
  type FuzzRequest,
  toRequest,
} from "./support/malformed-requests.ts";

const contact = {
  name: "Pat Skater",
  email: "pat@example.com",
  phone: "(317) 555-0100",
  subject: "birthday-party",
  message: "Party for 12 on Saturday?",
};

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

const urlencoded = (fields: Record<string, string>, accept = "application/json"): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: accept },
  body: new URLSearchParams(fields).toString(),
});

// What Chromium sends with a plain <form method="post">.
const browserAccept =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

// Each request comes from a client of its own unless a test says otherwise, so the limit of
// 5 a minute only meets the tests about it.
const nextClient = clientAddresses("10");

/**
 * Sends one request of the fuzz corpus. A body past the 64 KB limit is refused (413) from its
 * Content-Length, before it is read: should the server close the connection while the body
 * is still being written, fetch fails with EPIPE or ECONNRESET without reading the answer
 * (seen on a loaded machine, on both homes at once), where a browser reads it. Such a body goes through node:http, which, like a browser, hands over an
 * answer that came before the body was sent (the fresh-clone run of 545b385 lost the 413 to
 * EPIPE three times running with fetch); its answer is held to the same rules as any other.
 */
async function sendCorpusRequest(request: Request, r: FuzzRequest): Promise<Response> {
  const body = typeof r.body === "string" ? Buffer.from(r.body) : Buffer.from(r.body ?? []);
  if (body.length <= maxBodyBytes) {
    // A kept-alive connection can turn out closed when fetch reuses it (workerd closes one
    // after some malformed requests: "other side closed", the unit run of 2026-11-26 23:21,
    // on Workers, and while the answer's body was read, "terminated", the fresh-clone run of
    // 3873354; EPIPE on Node in another run that night, on a machine busy with other work);
    // a browser then sends the request again on a new connection, and so does this, the
    // answer read whole each time. A request that broke the server would break it again, and
    // nothing may be stored.
    const whole = async (sent: Request) => {
      const res = await fetch(sent);
      const text = await res.text();
      const empty = [101, 204, 205, 304].includes(res.status);
      return new Response(empty ? null : text, { status: res.status, headers: res.headers });
    };
    try {
      return await whole(request.clone());
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? "";
      if (!["UND_ERR_SOCKET", "EPIPE", "ECONNRESET"].includes(code)) throw error;
      return whole(request);
    }
  }
  const url = new URL(request.url);
  return new Promise<Response>((resolve, reject) => {
    const sent = httpRequest(
      url,
      { method: request.method, headers: Object.fromEntries(request.headers) },
      async (answer) => {
        // A redirect (Cloudflare's asset server to an odd path's plain form) is followed, as
        // fetch does, with fetch: what counts is where the visitor ends up.
        if ((answer.statusCode ?? 0) >= 300 && (answer.statusCode ?? 0) < 400) {
          answer.resume();
          resolve(fetch(request));
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined) headers.set(name, String(value));
        }
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers }));
      },
    );
    // The write may fail once the answer is in: what counts is the answer.
    sent.on("error", (error) => setTimeout(() => reject(error), 1_000));
    sent.end(body);
  });
}

async function errorsOf(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return ((await res.json()) as { errors: unknown[] }).errors;
}

describe.for([
  ["Node", nodeTarget],
  ["Workers", edgeTarget],
] as const)("the inbox on %s", { timeout: 30_000 }, ([, start]) => {
  let target: InboxTarget;
  let before = 0;
  let testStarted = "";

  beforeAll(async () => {
    target = await start();
  }, 60_000);
  afterAll(() => target?.stop());
  beforeEach(() => {
    before = target.rows().at(-1)?.id ?? 0;
    testStarted = new Date().toISOString();
  });

  function send(path: string, init: RequestInit = {}, client = nextClient()) {
    const headers = new Headers(init.headers);
    headers.set(target.clientHeader, client);
    return fetch(`${target.url}${path}`, { redirect: "manual", ...init, headers });
  }

  /** What this test stored, as it sits in the database. */
  const stored = (): StoredRow[] => target.rows(before);

  /** The owner's email about a stored row (fails after 10 s). */
  async function mailAbout(id: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = target.mails().find((m) => m.text.includes(`Submission: #${id}\n`));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`No email about #${id}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  describe("accepted submissions", () => {
    it("takes JSON, answers Formspree's success, stores only the declared fields and emails the owner", async () => {
      const res = await send("/f/contact", json({ ...contact, extra: "not kept" }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ next: "/contact/thanks", ok: true });
      const [row, ...others] = stored();
      expect(others).toEqual([]);
      expect(row).toMatchObject({ form: "contact", data: contact, spam: 0 });
      expect((row?.created_at ?? "") >= testStarted).toBe(true);

      const mail = await mailAbout(row?.id ?? 0);
      expect(mail.subject).toBe("Contact message from Pat Skater: Birthday Party Booking");
      for (const line of [
        "Form: contact",
        "Name: Pat Skater",
        "Email: pat@example.com",
        "Phone: (317) 555-0100",
        "Subject: Birthday Party Booking",
        "Message: Party for 12 on Saturday?",
      ]) {
        expect(mail.text).toContain(line);
      }
    });

    it("takes multipart form data, as @formspree/core sends a FormData", async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries(contact)) form.append(k, v);
      const res = await send("/f/contact", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: form,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ next: "/contact/thanks", ok: true });
      expect(stored()[0]?.data).toEqual(contact);
    });

    it("takes application/x-www-form-urlencoded, as a plain HTML form sends", async () => {
      const res = await send("/f/contact", urlencoded({ ...contact, name: "  Pat Skater " }));
      expect(res.status).toBe(200);
      expect(stored()[0]?.data).toEqual(contact);
    });

    it("takes the newsletter block's JSON payload and keeps email and phone", async () => {
      const res = await send(
        "/f/newsletter",
        json({
          email: "Not provided",
          phone: "(317) 555-0100",
          signup_types: { hasEmail: false, hasSMS: true },
          type: "newsletter_signup",
          timestamp: "2025-06-01T16:29:59.000Z",
        }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ next: "/newsletter/thanks", ok: true });
      const [row] = stored();
      expect(row).toMatchObject({ form: "newsletter", data: { phone: "(317) 555-0100" } });
      expect((await mailAbout(row?.id ?? 0)).subject).toBe("Newsletter signup: (317) 555-0100");
    });

    it("takes a newsletter form post with just an email", async () => {
      const res = await send("/f/newsletter", urlencoded({ email: "fam@example.com" }));
      expect(res.status).toBe(200);
      expect(stored()[0]?.data).toEqual({ email: "fam@example.com" });
    });

    it("stores every one of a burst of 200 concurrent signups it acknowledges, once", async () => {
      const emails = Array.from({ length: 200 }, (_, i) => `burst-${i}@example.com`);
      const answers = await Promise.all(
        emails.map((email) => send("/f/newsletter", json({ email }))),
      );
      const acknowledged = emails.filter((_, i) => answers[i]?.status === 200);
      // Nothing in the way of a burst of distinct clients: all of them are acknowledged.
      expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
      const kept = stored().map((row) => row.data.email);
      expect(kept.toSorted()).toEqual(acknowledged.toSorted());
    });
  });

  describe("refused submissions", () => {
    it("names a missing required field REQUIRED_FIELD_MISSING", async () => {
      const { message: _, ...rest } = contact;
      const res = await send("/f/contact", json(rest));
      expect(res.status).toBe(422);
      expect(await errorsOf(res)).toEqual([
        { field: "message", code: "REQUIRED_FIELD_MISSING", message: "is required" },
      ]);
      expect(stored()).toEqual([]);
    });

    it("names a blank required field REQUIRED_FIELD_EMPTY", async () => {
      const res = await send("/f/contact", urlencoded({ ...contact, name: "   " }));
      expect(res.status).toBe(422);
      expect(await errorsOf(res)).toEqual([
        { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "is required" },
      ]);
    });

    it("names a malformed email TYPE_EMAIL", async () => {
      const res = await send("/f/contact", json({ ...contact, email: "pat@home" }));
      expect(res.status).toBe(422);
      expect(await errorsOf(res)).toEqual([
        { field: "email", code: "TYPE_EMAIL", message: "should be an email" },
      ]);
    });

    it("names a field over its limit TYPE_TEXT", async () => {
      const res = await send("/f/contact", json({ ...contact, name: "x".repeat(101) }));
      expect(res.status).toBe(422);
      expect(await errorsOf(res)).toEqual([
        { field: "name", code: "TYPE_TEXT", message: "is too long (at most 100 characters)" },
      ]);
    });

    it("answers an empty submission with the form-level EMPTY", async () => {
      for (const [path, init] of [
        ["/f/contact", json({})],
        ["/f/contact", { method: "POST", headers: { Accept: "application/json" } }],
        ["/f/newsletter", urlencoded({ email: "", phone: "" })],
      ] as const) {
        const res = await send(path, init);
        expect(res.status, path).toBe(422);
        const [error] = (await errorsOf(res)) as { code: string; field?: string }[];
        expect(error?.code).toBe("EMPTY");
        expect(error?.field).toBeUndefined();
      }
      const res = await send("/f/newsletter", json({ email: "Not provided", phone: "" }));
      expect(await errorsOf(res)).toEqual([{ code: "EMPTY", message: newsletterMessages.missing }]);
      expect(stored()).toEqual([]);
    });

    it("answers an unknown form id 404 FORM_NOT_FOUND", async () => {
      for (const id of ["nope", "__proto__", "constructor", "contact%2F..", "CONTACT"]) {
        const res = await send(`/f/${id}`, json(contact));
        expect(res.status, id).toBe(404);
        expect(await errorsOf(res)).toEqual([
          { code: "FORM_NOT_FOUND", message: "Form not found" },
        ]);
      }
      expect(stored()).toEqual([]);
    });

    it("answers broken JSON, and JSON that is not an object, 400", async () => {
      for (const body of ["{", '{"name": "Pat",}', "[1,2]", "null", '"text"', "12"]) {
        const res = await send("/f/contact", json(body));
        expect(res.status, body).toBe(400);
        expect(await errorsOf(res)).toEqual([
          { code: "INVALID_JSON", message: expect.any(String) },
        ]);
      }
    });

    it("answers an unsupported content type 415", async () => {
      for (const type of ["text/plain", "application/xml"]) {
        const res = await send("/f/contact", {
          method: "POST",
          headers: { "Content-Type": type },
          body: "name=Pat",
        });
        expect(res.status, type).toBe(415);
        expect(await errorsOf(res)).toEqual([
          { code: "UNSUPPORTED_CONTENT_TYPE", message: expect.any(String) },
        ]);
      }
    });

    it("answers broken multipart and file uploads 400", async () => {
      const broken = await send("/f/contact", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
        body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nPat',
      });
      expect(broken.status).toBe(400);

      const form = new FormData();
      for (const [k, v] of Object.entries(contact)) form.append(k, v);
      form.append("attachment", new Blob(["hello"]), "hello.txt");
      const upload = await send("/f/contact", { method: "POST", body: form });
      expect(upload.status).toBe(400);
      expect(await errorsOf(upload)).toEqual([
        { code: "NO_FILE_UPLOADS", message: "File uploads are not accepted." },
      ]);
      expect(stored()).toEqual([]);
    });

    it("answers a body over 64 KB 413, with or without a Content-Length", async () => {
      const big = JSON.stringify({ ...contact, message: "x".repeat(70_000) });
      const sized = await send("/f/contact", json(big));
      expect(sized.status).toBe(413);
      expect(await errorsOf(sized)).toEqual([
        { code: "PAYLOAD_TOO_LARGE", message: "The submission is larger than 64 KB." },
      ]);

      const bytes = new TextEncoder().encode(big);
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
          controller.close();
        },
      });
      const streamed = await send("/f/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(stored()).toEqual([]);
    });

    it("answers a 64 KB body of one name repeated, or of 10,000 names, 4xx at once, and holds up no page meanwhile", async () => {
      // Each of these once took the Node server 6.3 s of its one thread (a repeated field's list
      // was copied on every repeat), and every visitor waited with it.
      const bodies = {
        "one name": Array(32_000).fill("a").join("&"),
        "10,000 names": Array.from({ length: 10_000 }, (_, i) => i.toString(36)).join("&"),
      };
      for (const [what, body] of Object.entries(bodies)) {
        const started = performance.now();
        const posting = send("/f/contact", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }).then((res) => ({ status: res.status, ms: performance.now() - started }));
        await new Promise((r) => setTimeout(r, 5));
        const pageStarted = performance.now();
        const page = await send("/healthz");
        const pageMs = performance.now() - pageStarted;
        const post = await posting;
        expect(post.status, what).toBe(422);
        expect(post.ms, what).toBeLessThan(500);
        expect(page.status, what).toBe(200);
        expect(pageMs, what).toBeLessThan(500);
      }
      expect(stored()).toEqual([]);
    });

    it("rejects a field sent twice rather than picking one", async () => {
      const body = new URLSearchParams({ ...contact });
      body.append("email", "other@example.com");
      const res = await send("/f/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      });
      expect(res.status).toBe(422);
      expect(await errorsOf(res)).toEqual([
        { field: "email", code: "TYPE_TEXT", message: "should be text" },
      ]);
    });

    it("answers a seeded sample of the fuzz corpus with a 4xx each, storing nothing", async () => {
      // The same 300 requests on both platforms: fast-check's sample with a fixed seed.
      const corpus = fc.sample(anyRequest, { numRuns: 300, seed: 20_261_124 });
      for (const r of corpus) {
        const request = toRequest(r, target.url);
        request.headers.set(target.clientHeader, nextClient());
        // Followed: Cloudflare's asset server redirects some odd paths to their plain form
        // first; what counts is where the visitor ends up.
        const res = await sendCorpusRequest(request, r);
        if (r.method === "FOO" && target.platform === "workers") {
          // workerd itself answers a method HTTP does not define with 501, before the Worker
          // runs (Node's parser says 400): the one 5xx, and not ours to change.
          expect(res.status).toBe(501);
          continue;
        }
        await expectRefused(res, r);
      }
      expect(stored()).toEqual([]);
      expect((await send("/f/newsletter", json({ email: "after@example.com" }))).status).toBe(200);
      expectRowsValid(stored());
    });
  });

  describe("the honeypot", () => {
    it("answers success, stores the row flagged as spam and sends no email", async () => {
      const res = await send("/f/contact", json({ ...contact, _gotcha: "http://spam" }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ next: "/contact/thanks", ok: true });
      const [spam] = stored();
      expect(spam).toMatchObject({ form: "contact", spam: 1 });
      expect(spam?.data).toEqual({ ...contact, _gotcha: "http://spam" });

      // A real one right after: once its email is out, the spam's would have been too.
      expect((await send("/f/contact", json(contact))).status).toBe(200);
      await mailAbout(stored()[1]?.id ?? 0);
      expect(target.mails().filter((m) => m.text.includes(`Submission: #${spam?.id}\n`))).toEqual(
        [],
      );
    });

    it("answers success even when the bot's data is invalid", async () => {
      const res = await send("/f/newsletter", urlencoded({ email: "x", _gotcha: "1" }));
      expect(res.status).toBe(200);
      expect(stored()).toMatchObject([{ form: "newsletter", spam: 1 }]);
    });

    it("ignores an empty trap, as every person leaves it", async () => {
      const res = await send("/f/contact", urlencoded({ ...contact, _gotcha: "" }));
      expect(res.status).toBe(200);
      expect(stored()).toMatchObject([{ spam: 0, data: contact }]);
    });
  });

  describe("a browser without JavaScript", () => {
    it("is redirected 303 to the thank-you page", async () => {
      const res = await send("/f/contact", urlencoded(contact, browserAccept));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/contact/thanks");
      expect(stored()).toHaveLength(1);

      const signup = await send(
        "/f/newsletter",
        urlencoded({ phone: "3175550100" }, browserAccept),
      );
      expect(signup.status).toBe(303);
      expect(signup.headers.get("location")).toBe("/newsletter/thanks");
    });

    it("is redirected after filling the honeypot too", async () => {
      const res = await send("/f/contact", urlencoded({ _gotcha: "x" }, browserAccept));
      expect(res.status).toBe(303);
    });

    it("gets a small HTML page listing the errors by label, and a way back", async () => {
      const { name: _, ...rest } = contact;
      const res = await send(
        "/f/contact",
        urlencoded({ ...rest, email: "pat@", subject: "" }, browserAccept),
      );
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
      const html = await res.text();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('<html lang="en">');
      expect(html).toContain("<title>Please check the form</title>");
      const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
      expect(items).toEqual([
        "Name is required",
        "Email should be an email",
        "Subject is required",
      ]);
      expect(html).toContain('<a href="/contact">');
      expect(html).not.toMatch(/<script|style=/);
    });

    it("gets the newsletter's form-level message, linking back home", async () => {
      const res = await send("/f/newsletter", urlencoded({ email: "" }, browserAccept));
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain("<li>Please provide either an email or phone number.</li>");
      expect(html).toContain('<a href="/">');
    });

    it("gets an HTML 404 for an unknown form", async () => {
      const res = await send("/f/missing", urlencoded(contact, browserAccept));
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("<li>Form not found</li>");
    });
  });

  describe("the rate limit", () => {
    it("answers the sixth submission in a minute 429, with Retry-After and Formspree's shape", async () => {
      const client = nextClient();
      for (let i = 0; i < 5; i++) {
        const res = await send("/f/newsletter", json({ email: `five${i}@example.com` }), client);
        expect(res.status).toBe(200);
      }
      const refused = await send("/f/newsletter", json({ email: "six@example.com" }), client);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        errors: [{ code: "RATE_LIMITED", message: expect.stringMatching(/^Too many submissions/) }],
      });
      const page = await send(
        "/f/newsletter",
        urlencoded({ email: "seven@example.com" }, browserAccept),
        client,
      );
      expect(page.status).toBe(429);
      expect(await page.text()).toContain("<title>Too many submissions</title>");
      expect(stored()).toHaveLength(5);

      // Another form, and another client, have their own allowance.
      expect((await send("/f/contact", json(contact), client)).status).toBe(200);
      expect((await send("/f/newsletter", json({ email: "other@example.com" }))).status).toBe(200);
    });
  });

  describe("cross-origin submissions", () => {
    it("accepts the site's own origin and the configured ones, echoing the allowed origin", async () => {
      const same = await send(
        "/f/newsletter",
        json({ email: "a@example.com" }, { Origin: target.url }),
      );
      expect(same.status).toBe(200);
      const listed = await send(
        "/f/newsletter",
        json({ email: "b@example.com" }, { Origin: otherOrigin }),
      );
      expect(listed.status).toBe(200);
      expect(listed.headers.get("access-control-allow-origin")).toBe(otherOrigin);
      expect(listed.headers.get("vary")).toContain("Origin");
    });

    it("refuses any other origin with 403 and no CORS headers, storing nothing", async () => {
      for (const origin of ["https://evil.example", "null", `${otherOrigin}.evil.example`]) {
        const res = await send(
          "/f/newsletter",
          json({ email: "c@example.com" }, { Origin: origin }),
        );
        expect(res.status, origin).toBe(403);
        expect(res.headers.get("access-control-allow-origin"), origin).toBeNull();
        expect(await res.json()).toEqual({
          errors: [{ code: "ORIGIN_NOT_ALLOWED", message: expect.any(String) }],
        });
      }
      expect(stored()).toEqual([]);
    });

    it("answers the preflight of an allowed origin, and refuses others", async () => {
      const preflight = (origin: string) =>
        send("/f/contact", {
          method: "OPTIONS",
          headers: {
            Origin: origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers":
              "content-type, formspree-client, formspree-session-data",
          },
        });
      const allowed = await preflight(otherOrigin);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get("access-control-allow-origin")).toBe(otherOrigin);
      expect(allowed.headers.get("access-control-allow-methods")).toBe("POST");
      expect(allowed.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
        "formspree-session-data",
      );
      const refused = await preflight("https://evil.example");
      expect(refused.status).toBe(403);
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("other requests", () => {
    it("refuses other methods with 405 and Allow; GET shows the not-found page with its policy", async () => {
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const res = await send("/f/contact", { method });
        expect(res.status, method).toBe(405);
        expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      }
      const page = await send("/f/contact");
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("<h1>Page not found</h1>");
      expect(page.headers.get("content-security-policy")).toContain(
        scriptHash(fakeInlineScripts["/404/"]),
      );
    });

    it("answers the health check while the database answers, never cached", async () => {
      const res = await send("/healthz");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    });
  });

  describe("the official @formspree/core client", () => {
    it("reads our answers as Formspree's: success, field errors, form errors", async () => {
      const client = createClient();
      const endpoint = target.url;
      const form = new FormData();
      for (const [k, v] of Object.entries(contact)) form.append(k, v);
      // Its answers in the messages: this test failed once in a full unit run (not again in
      // four runs) without saying which step; the next failure will.
      const sent = await client.submitForm("contact", form, { endpoint });
      expect(sent.kind, JSON.stringify(sent)).toBe("success");

      const refused = await client.submitForm(
        "contact",
        { ...contact, email: "nope" },
        { endpoint },
      );
      expect(isSubmissionError(refused)).toBe(true);
      if (isSubmissionError(refused)) {
        expect(refused.getFieldErrors("email")).toEqual([
          { code: "TYPE_EMAIL", message: "should be an email" },
        ]);
      }

      const missing = await client.submitForm("no-such-form", form, { endpoint });
      expect(isSubmissionError(missing)).toBe(true);
      if (isSubmissionError(missing)) {
        expect(missing.getFormErrors()).toEqual([
          { code: "FORM_NOT_FOUND", message: "Form not found" },
        ]);
      }
      expect(stored(), JSON.stringify(stored())).toHaveLength(1);
    });
  });

  // Last: it leaves the newsletter form full for the rest of the targets' day.
  describe("the daily ceiling per form", () => {
    it("stores no more than the ceiling from many clients at once, then answers 429 DAILY_LIMIT", async () => {
      const count = () =>
        Number(
          target.query(
            "SELECT count(*) AS n FROM submissions WHERE form = 'newsletter' AND spam = 0",
          )[0]?.n,
        );
      // The suite's other tests stored some; signups, each from a client of its own, fill the
      // rest, and 10 more arrive at the same moment. (Spam is counted apart.)
      const room = targetDailyLimit - count();
      expect(room).toBeGreaterThan(0);
      const answers = await Promise.all(
        Array.from({ length: room + 10 }, (_, i) =>
          send("/f/newsletter", json({ email: `fam-${i}@example.com` })),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(room);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      expect(count()).toBe(targetDailyLimit);

      const refused = await send("/f/newsletter", json({ email: "late@example.com" }));
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(23 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      expect(await errorsOf(refused)).toEqual([
        {
          code: "DAILY_LIMIT",
          message:
            "This form has had too many submissions today. Please try again tomorrow, or call the rink.",
        },
      ]);
      const page = await send(
        "/f/newsletter",
        urlencoded({ email: "late@example.com" }, browserAccept),
      );
      expect(page.status).toBe(429);
      expect(await page.text()).toContain(
        "<li>This form has had too many submissions today. Please try again tomorrow, or call the rink.</li>",
      );
      expect(count()).toBe(targetDailyLimit);
      // The other form has a ceiling of its own.
      expect((await send("/f/contact", json(contact))).status).toBe(200);
    });
  });
});
