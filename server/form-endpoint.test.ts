import { DatabaseSync } from "node:sqlite";
import { createClient, isSubmissionError } from "@formspree/core";
import { serve } from "@hono/node-server";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { newsletterMessages } from "../forms/newsletter.ts";
import { fakeSite, tempDir } from "../tests/support/fake-site.ts";
import { createApp } from "./app.ts";
import { type Inbox, openInbox, type Submission } from "./inbox.ts";

const dir = tempDir();
const siteDir = fakeSite(dir.path);
afterAll(() => dir.remove());

const fixedNow = new Date("2025-06-01T16:30:00.000Z");
let dbPath: string;
let inbox: Inbox;
let notified: Submission[];
let app: ReturnType<typeof createApp>;
let counter = 0;

beforeEach(() => {
  counter += 1;
  dbPath = `${dir.path}/db-${counter}/inbox.db`;
  inbox = openInbox(dbPath);
  notified = [];
  app = createApp({
    siteDir,
    inbox,
    notifier: { notify: async (s) => void notified.push(s) },
    now: () => fixedNow,
    // The limit has its own tests (abuse.test.ts); here many posts come from one client.
    rateLimitPerMinute: 0,
  });
});
afterEach(() => inbox.close());

/** The rows as they sit in the SQLite file, read with a connection of our own. */
function rowsOnDisk() {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    return db
      .prepare("SELECT form, created_at, data, spam, notify_sent_at FROM submissions ORDER BY id")
      .all()
      .map((r) => ({ ...r, data: JSON.parse(String(r.data)) }));
  } finally {
    db.close();
  }
}

const contact = {
  name: "Pat Skater",
  email: "pat@example.com",
  phone: "(317) 555-0100",
  subject: "birthday-party",
  message: "Party for 12 on Saturday?",
};

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

const urlencoded = (fields: Record<string, string>, accept = "application/json") => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: accept },
  body: new URLSearchParams(fields).toString(),
});

// What Chromium sends with a plain <form method="post">.
const browserAccept =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

describe("accepted submissions", () => {
  it("takes JSON, answers Formspree's success and stores only the declared fields", async () => {
    const res = await app.request("/f/contact", json({ ...contact, extra: "not kept" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ next: "/contact/thanks", ok: true });
    expect(rowsOnDisk()).toEqual([
      {
        form: "contact",
        created_at: fixedNow.toISOString(),
        data: contact,
        spam: 0,
        notify_sent_at: null,
      },
    ]);
    expect(notified.map((s) => s.data)).toEqual([contact]);
  });

  it("takes multipart form data, as @formspree/core sends a FormData", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(contact)) form.append(k, v);
    const res = await app.request("/f/contact", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ next: "/contact/thanks", ok: true });
    expect(rowsOnDisk()[0]?.data).toEqual(contact);
  });

  it("takes application/x-www-form-urlencoded, as a plain HTML form sends", async () => {
    const res = await app.request("/f/contact", urlencoded({ ...contact, name: "  Pat Skater " }));
    expect(res.status).toBe(200);
    expect(rowsOnDisk()[0]?.data).toEqual(contact);
  });

  it("takes the newsletter block's JSON payload and keeps email and phone", async () => {
    const res = await app.request(
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
    expect(rowsOnDisk()[0]).toMatchObject({
      form: "newsletter",
      data: { phone: "(317) 555-0100" },
    });
  });

  it("takes a newsletter form post with just an email", async () => {
    const res = await app.request("/f/newsletter", urlencoded({ email: "fam@example.com" }));
    expect(res.status).toBe(200);
    expect(rowsOnDisk()[0]?.data).toEqual({ email: "fam@example.com" });
  });
});

describe("refused submissions", () => {
  async function errorsOf(res: Response) {
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    return ((await res.json()) as { errors: unknown[] }).errors;
  }

  it("names a missing required field REQUIRED_FIELD_MISSING", async () => {
    const { message: _, ...rest } = contact;
    const res = await app.request("/f/contact", json(rest));
    expect(res.status).toBe(422);
    expect(await errorsOf(res)).toEqual([
      { field: "message", code: "REQUIRED_FIELD_MISSING", message: "is required" },
    ]);
    expect(rowsOnDisk()).toEqual([]);
  });

  it("names a blank required field REQUIRED_FIELD_EMPTY", async () => {
    const res = await app.request("/f/contact", urlencoded({ ...contact, name: "   " }));
    expect(res.status).toBe(422);
    expect(await errorsOf(res)).toEqual([
      { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "is required" },
    ]);
  });

  it("names a malformed email TYPE_EMAIL", async () => {
    const res = await app.request("/f/contact", json({ ...contact, email: "pat@home" }));
    expect(res.status).toBe(422);
    expect(await errorsOf(res)).toEqual([
      { field: "email", code: "TYPE_EMAIL", message: "should be an email" },
    ]);
  });

  it("names a field over its limit TYPE_TEXT", async () => {
    const res = await app.request("/f/contact", json({ ...contact, name: "x".repeat(101) }));
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
      const res = await app.request(path, init);
      expect(res.status, path).toBe(422);
      const [error] = (await errorsOf(res)) as { code: string; field?: string }[];
      expect(error?.code).toBe("EMPTY");
      expect(error?.field).toBeUndefined();
    }
    const res = await app.request("/f/newsletter", json({ email: "Not provided", phone: "" }));
    expect(await errorsOf(res)).toEqual([{ code: "EMPTY", message: newsletterMessages.missing }]);
    expect(rowsOnDisk()).toEqual([]);
  });

  it("answers an unknown form id 404 FORM_NOT_FOUND", async () => {
    for (const id of ["nope", "__proto__", "constructor", "contact%2F..", "CONTACT"]) {
      const res = await app.request(`/f/${id}`, json(contact));
      expect(res.status, id).toBe(404);
      expect(await errorsOf(res)).toEqual([{ code: "FORM_NOT_FOUND", message: "Form not found" }]);
    }
    expect(rowsOnDisk()).toEqual([]);
  });

  it("answers broken JSON, and JSON that is not an object, 400", async () => {
    for (const body of ["{", '{"name": "Pat",}', "[1,2]", "null", '"text"', "12"]) {
      const res = await app.request("/f/contact", json(body));
      expect(res.status, body).toBe(400);
      expect(await errorsOf(res)).toEqual([{ code: "INVALID_JSON", message: expect.any(String) }]);
    }
  });

  it("answers an unsupported content type 415", async () => {
    for (const type of ["text/plain", "application/xml", ""]) {
      const res = await app.request("/f/contact", {
        method: "POST",
        headers: type ? { "Content-Type": type } : {},
        body: new TextEncoder().encode("name=Pat"),
      });
      expect(res.status, type).toBe(415);
      expect(await errorsOf(res)).toEqual([
        { code: "UNSUPPORTED_CONTENT_TYPE", message: expect.any(String) },
      ]);
    }
  });

  it("answers broken multipart and file uploads 400", async () => {
    const broken = await app.request("/f/contact", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nPat',
    });
    expect(broken.status).toBe(400);

    const form = new FormData();
    for (const [k, v] of Object.entries(contact)) form.append(k, v);
    form.append("attachment", new Blob(["hello"]), "hello.txt");
    const upload = await app.request("/f/contact", { method: "POST", body: form });
    expect(upload.status).toBe(400);
    expect(await errorsOf(upload)).toEqual([
      { code: "NO_FILE_UPLOADS", message: "File uploads are not accepted." },
    ]);
    expect(rowsOnDisk()).toEqual([]);
  });

  it("answers a body over 64 KB 413, with or without a Content-Length", async () => {
    const big = JSON.stringify({ ...contact, message: "x".repeat(70_000) });
    const sized = await app.request("/f/contact", json(big));
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
    const streamed = await app.request("/f/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(rowsOnDisk()).toEqual([]);
  });

  it("rejects a field sent twice rather than picking one", async () => {
    const body = new URLSearchParams({ ...contact });
    body.append("email", "other@example.com");
    const res = await app.request("/f/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    expect(res.status).toBe(422);
    expect(await errorsOf(res)).toEqual([
      { field: "email", code: "TYPE_TEXT", message: "should be text" },
    ]);
  });

  it("answers a storage failure 500 in Formspree's shape, without details", async () => {
    const logged: string[] = [];
    const broken = createApp({
      siteDir,
      log: (message) => logged.push(message),
      inbox: {
        ...inbox,
        insert: () => {
          throw new Error("SQLITE_FULL: database or disk is full at /secret/path");
        },
        insertMany: () => {
          throw new Error("SQLITE_FULL: database or disk is full at /secret/path");
        },
      },
    });
    const res = await broken.request("/f/contact", json(contact));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      errors: [{ message: "The submission could not be saved. Please try again later." }],
    });
    expect(text).not.toMatch(/secret|SQLITE|at /);
    expect(logged).toEqual([expect.stringContaining("SQLITE_FULL")]);
  });
});

describe("the honeypot", () => {
  it("answers success, stores the row flagged as spam and sends no email", async () => {
    const res = await app.request("/f/contact", json({ ...contact, _gotcha: "http://spam" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ next: "/contact/thanks", ok: true });
    const [row] = rowsOnDisk();
    expect(row).toMatchObject({ form: "contact", spam: 1 });
    expect(row?.data).toEqual({ ...contact, _gotcha: "http://spam" });
    expect(notified).toEqual([]);
  });

  it("answers success even when the bot's data is invalid", async () => {
    const res = await app.request("/f/newsletter", urlencoded({ email: "x", _gotcha: "1" }));
    expect(res.status).toBe(200);
    expect(rowsOnDisk()).toMatchObject([{ form: "newsletter", spam: 1 }]);
  });

  it("ignores an empty trap, as every person leaves it", async () => {
    const res = await app.request("/f/contact", urlencoded({ ...contact, _gotcha: "" }));
    expect(res.status).toBe(200);
    expect(rowsOnDisk()).toMatchObject([{ spam: 0, data: contact }]);
    expect(notified).toHaveLength(1);
  });
});

describe("a browser without JavaScript", () => {
  it("is redirected 303 to the thank-you page", async () => {
    const res = await app.request("/f/contact", urlencoded(contact, browserAccept));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact/thanks");
    expect(rowsOnDisk()).toHaveLength(1);

    const signup = await app.request(
      "/f/newsletter",
      urlencoded({ phone: "3175550100" }, browserAccept),
    );
    expect(signup.status).toBe(303);
    expect(signup.headers.get("location")).toBe("/newsletter/thanks");
  });

  it("is redirected after filling the honeypot too", async () => {
    const res = await app.request("/f/contact", urlencoded({ _gotcha: "x" }, browserAccept));
    expect(res.status).toBe(303);
  });

  it("gets a small HTML page listing the errors by label, and a way back", async () => {
    const { name: _, ...rest } = contact;
    const res = await app.request(
      "/f/contact",
      urlencoded({ ...rest, email: "pat@", subject: "" }, browserAccept),
    );
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Please check the form</title>");
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual(["Name is required", "Email should be an email", "Subject is required"]);
    expect(html).toContain('<a href="/contact">');
    expect(html).not.toMatch(/<script|style=/);
  });

  it("gets the newsletter's form-level message, linking back home", async () => {
    const res = await app.request("/f/newsletter", urlencoded({ email: "" }, browserAccept));
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("<li>Please provide either an email or phone number.</li>");
    expect(html).toContain('<a href="/">');
  });

  it("gets an HTML 404 for an unknown form", async () => {
    const res = await app.request("/f/missing", urlencoded(contact, browserAccept));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<li>Form not found</li>");
  });
});

describe("the official @formspree/core client", () => {
  it("reads our answers as Formspree's: success, field errors, form errors", async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((done) => server.once("listening", () => done()));
    const address = server.address();
    const endpoint = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      const client = createClient();

      const form = new FormData();
      for (const [k, v] of Object.entries(contact)) form.append(k, v);
      const sent = await client.submitForm("contact", form, { endpoint });
      expect(sent.kind).toBe("success");

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
      expect(rowsOnDisk()).toHaveLength(1);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
