// The fuzz corpus: generators of malformed requests to the inbox (broken JSON, wrong types,
// huge bodies, unicode and NUL strings, wrong or lying content types, broken multipart, deep
// nesting, odd methods and paths), each invalid by construction. server/forms/fuzz.test.ts runs
// thousands in process; tests/inbox-protocol.test.ts runs one seeded sample against the Node
// server and the Worker alike.
import fc from "fast-check";
import { expect } from "vitest";
import { formOfKind } from "../../server/forms/accepted-forms.ts";

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

// ---- values -------------------------------------------------------------------------------

export const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\u0000", "\u0007", "\r", "\n", "\t", " ", "\u00a0", "\u200b", "\ufeff"),
    fc.constantFrom("\ud800", "\udfff", "\u{1f6fc}", "é", "ß", "\u202e", "%", "&", "=", '"', "\\"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

/** Non-blank (NUL survives trim) and never an email or a phone number. */
const notEmail = nasty.map((s) => `\u0000${s}`);

/** Anything that is not text: the validator calls these TYPE_TEXT. */
export const notText: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.constant([]),
  fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const tooLong = fc
  .tuple(fc.integer({ min: 300, max: 6000 }), nasty)
  .map(([n, s]) => `x${s}${"y".repeat(n)}x`);

const deep = fc
  .tuple(fc.integer({ min: 50, max: 30_000 }), fc.constantFrom("[", '{"a":'))
  .map(([depth, open]) =>
    open === "["
      ? `${"[".repeat(depth)}${"]".repeat(depth)}`
      : `${open.repeat(depth)}1${"}".repeat(depth)}`,
  );

// Junk field names never clash with a declared field or the honeypot.
const declared = new Set(["name", "email", "phone", "subject", "message", "_gotcha"]);
const junkKey = fc
  .string({ maxLength: 12 })
  .filter((k) => !declared.has(k.trim()) && k !== "__proto__" && k !== "__deep");
const junk = fc.dictionary(junkKey, fc.oneof(nasty, notText), { maxKeys: 4 });

/**
 * A submission no form accepts: email or phone (declared by both forms) is not text, too long
 * or not an email. Contact's required name/subject/message are never all given.
 */
export const invalidFields: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    junk,
    fc.oneof(
      notText.map((v) => ({ email: v })),
      notText.map((v) => ({ phone: v })),
      tooLong.map((v) => ({ email: v })),
      notEmail.map((v) => ({ email: v })),
      fc.record({ email: notEmail, phone: nasty }),
      fc.record({ name: nasty, email: notEmail, message: nasty }),
      deep.map((d) => ({ __deep: d })),
    ),
  )
  .map(([extra, fields]) => ({ ...extra, ...fields }));

// ---- encodings ----------------------------------------------------------------------------

function jsonText(fields: Record<string, unknown>): string {
  // A deep nest is spliced in as raw JSON text: JSON.stringify would recurse through it.
  const { __deep, ...rest } = fields;
  const text = JSON.stringify(rest);
  if (typeof __deep !== "string") return text;
  return text === "{}" ? `{"email":${__deep}}` : `{"email":${__deep},${text.slice(1)}`;
}

/** Text values as they are; anything else as a field sent twice (which no rule accepts). */
function formPairs(fields: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(fields)) {
    const key = name === "__deep" ? "email" : name;
    if (typeof value === "string" && name !== "__deep") pairs.push([key, value]);
    else pairs.push([key, String(JSON.stringify(value))], [key, "again"]);
  }
  return pairs;
}

function urlencoded(fields: Record<string, unknown>): string {
  return new URLSearchParams(formPairs(fields)).toString();
}

function multipart(fields: Record<string, unknown>, boundary: string): string {
  const parts = formPairs(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,-]{1,40}$/);
const formPath = fc.constantFrom("/f/contact", "/f/newsletter");
const accept = fc.constantFrom(
  "application/json",
  "text/html,application/xhtml+xml,*/*;q=0.8",
  "*/*",
  "",
  "garbage;;q=x",
);

const encoded: fc.Arbitrary<{ type: string; body: string | Uint8Array<ArrayBuffer> }> = fc.oneof(
  // Honest encodings of invalid fields.
  invalidFields.map((f) => ({ type: "application/json", body: jsonText(f) })),
  invalidFields.map((f) => ({ type: "application/x-www-form-urlencoded", body: urlencoded(f) })),
  fc
    .tuple(invalidFields, boundary)
    .map(([f, b]) => ({ type: `multipart/form-data; boundary=${b}`, body: multipart(f, b) })),
  // Broken multipart: cut short, wrong or missing boundary, a file part.
  fc.tuple(invalidFields, boundary, fc.nat()).map(([f, b, cut]) => {
    const body = multipart(f, b);
    return { type: `multipart/form-data; boundary=${b}`, body: body.slice(0, cut % body.length) };
  }),
  fc.tuple(invalidFields, boundary).map(([f, b]) => ({
    type: `multipart/form-data; boundary=${b}x`,
    body: multipart(f, b),
  })),
  invalidFields.map((f) => ({ type: "multipart/form-data", body: multipart(f, "zz") })),
  fc.tuple(invalidFields, boundary).map(([f, b]) => ({
    type: `multipart/form-data; boundary=${b}`,
    body: `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n${multipart(f, b)}`,
  })),
  // Broken JSON and JSON that is not an object.
  fc
    .tuple(fc.json(), fc.nat(), fc.constantFrom("{", "}", ",", '"', ":", "\u0000", "\\", "[", "'"))
    .map(
      ([text, at, ch]) =>
        `${text.slice(0, at % (text.length + 1))}${ch}${text.slice(at % (text.length + 1))}`,
    )
    .filter((text) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed !== "object" || parsed === null || Array.isArray(parsed);
      } catch {
        return true;
      }
    })
    .map((body) => ({ type: "application/json", body })),
  fc
    .oneof(fc.jsonValue().filter((v) => typeof v !== "object" || v === null || Array.isArray(v)))
    .map((v) => ({ type: "application/json; charset=utf-8", body: JSON.stringify(v) ?? "null" })),
  deep.map((body) => ({ type: "application/json", body })),
  // Lying content types, even around a valid submission.
  fc.constantFrom(
    { type: "application/x-www-form-urlencoded", body: '{"email":"fam@example.com"}' },
    { type: "application/json", body: "email=fam%40example.com" },
    { type: "Application/JSON", body: "email=fam%40example.com&phone=3175550100" },
    { type: "multipart/form-data; boundary=b", body: '{"email":"fam@example.com"}' },
    { type: "text/plain", body: '{"email":"fam@example.com"}' },
    { type: "application/xml", body: "<email>fam@example.com</email>" },
    { type: "application/json-patch+json", body: '{"email":"fam@example.com"}' },
    { type: "", body: "email=fam%40example.com" },
    { type: "multipart/mixed; boundary=b", body: "--b\r\n\r\nx\r\n--b--" },
    { type: "application/json;;;", body: "email=fam%40example.com" },
  ),
  fc
    .uint8Array({ maxLength: 2000 })
    .chain((bytes) =>
      fc
        .constantFrom(
          "application/json",
          "application/x-www-form-urlencoded",
          "application/octet-stream",
        )
        .map((type) => ({ type, body: bytes })),
    ),
  // Over the 64 KB limit.
  fc
    .tuple(
      fc.integer({ min: 64 * 1024 + 1, max: 200_000 }),
      fc.constantFrom("application/json", "text/plain"),
    )
    .map(([size, type]) => ({ type, body: `{"email":"${"x".repeat(size)}"}` })),
);

/** Every byte percent-encoded (a lone surrogate becomes U+FFFD's bytes), now and then with bytes that are not UTF-8. */
function percentEncoded(text: string): string {
  const bytes = [...Buffer.from(text, "utf8")];
  if (text.length % 3 === 1) bytes.push(0xff, 0xfe);
  return bytes.map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");
}

const oddPath = fc.oneof(
  fc.constantFrom(
    "/f/",
    "/f",
    "/f/nope",
    "/f/contact/",
    "/f/contact/extra",
    "/f/CONTACT",
    "/f/%00",
    "/f/%E0%A4%A",
    "/f/..%2F..%2Fetc%2Fpasswd",
    "/f/../../etc/passwd",
    "/f/contact%00",
    "/f/newsletter;jsessionid=1",
    "/f//contact",
    "/f/__proto__",
    "/f/constructor",
    "/f/contact?x=1&email=fam@example.com",
    "/",
    "/about",
    "/assets/app-1a2b3c.js",
  ),
  nasty.map((s) => `/f/${percentEncoded(s)}`),
  nasty.map((s) => `/${percentEncoded(s)}x`),
);

const postRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.oneof({ arbitrary: formPath, weight: 4 }, { arbitrary: oddPath, weight: 1 }),
    encoded,
    accept,
  )
  .map(([path, { type, body }, acceptValue]) => ({
    method: "POST",
    path,
    headers: {
      ...(type ? { "Content-Type": type } : {}),
      ...(acceptValue ? { Accept: acceptValue } : {}),
    },
    body,
  }));

const oddMethod: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "FOO"),
    fc.oneof(
      formPath,
      oddPath.filter((p) => p.startsWith("/f/") && !p.includes("?")),
    ),
    fc.option(fc.constantFrom("https://evil.example", "null", "not a url"), { nil: undefined }),
  )
  .filter(([, path]) => /^\/f\/[^/]+$/.test(path))
  .map(([method, path, origin]) => ({
    method,
    path,
    headers: { "Content-Type": "application/json", ...(origin ? { Origin: origin } : {}) },
    body: '{"email":"fam@example.com"}',
  }));

const oddGet: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom("GET", "HEAD"),
    oddPath.filter((p) => p.startsWith("/f") || p.endsWith("x")),
  )
  .map(([method, path]) => ({ method, path, headers: {} }));

const crossOrigin: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    formPath,
    fc.constantFrom("https://evil.example", "null", "http://localhost.evil", "file://"),
  )
  .map(([path, origin]) => ({
    method: "POST",
    path,
    headers: { "Content-Type": "application/json", Accept: "application/json", Origin: origin },
    // Valid: only the origin is wrong.
    body: '{"email":"fam@example.com"}',
  }));

export const anyRequest = fc.oneof(
  { arbitrary: postRequest, weight: 12 },
  { arbitrary: oddMethod, weight: 2 },
  { arbitrary: oddGet, weight: 1 },
  { arbitrary: crossOrigin, weight: 1 },
);

export const leak =
  /\bat\s+\S+\s+\(|node_modules|\/work\/|\/tmp\/|\.ts:\d+|sqlite|SELECT\s|INSERT\s|TypeError|RangeError|stack/i;

export function describeRequest(r: FuzzRequest): string {
  const body = typeof r.body === "string" ? r.body.slice(0, 200) : `<${r.body?.length ?? 0} bytes>`;
  return `${r.method} ${r.path} ${JSON.stringify(r.headers)} ${JSON.stringify(body)}`;
}

export function toRequest(r: FuzzRequest, base: string): Request {
  return new Request(`${base}${r.path}`, {
    method: r.method,
    headers: r.headers,
    ...(r.body !== undefined && r.method !== "GET" && r.method !== "HEAD" ? { body: r.body } : {}),
  });
}

/** A 4xx without a trace of the server's insides (a stack, a path, SQL). */
export async function expectRefused(res: Response, r: FuzzRequest) {
  const text = await res.text();
  const what = `${describeRequest(r)} → ${res.status} ${text.slice(0, 200)}`;
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(text, what).not.toMatch(leak);
}

/** Every stored row passes its form's rules unchanged; spam rows hold only bounded text. */
export function expectRowsValid(
  rows: readonly Partial<Record<"form" | "data" | "spam", unknown>>[],
) {
  for (const row of rows) {
    const form = formOfKind(String(row.form));
    expect(form, String(row.form)).toBeDefined();
    const data = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<
      string,
      unknown
    >;
    if (row.spam === 1) {
      for (const [name, value] of Object.entries(data)) {
        expect(typeof value).toBe("string");
        const max = name === "_gotcha" ? 200 : form?.fields[name]?.maxLength;
        expect(max, name).toBeDefined();
        expect((value as string).length).toBeLessThanOrEqual(max ?? 0);
      }
    } else {
      expect(form?.validate(data)).toEqual({ ok: true, value: data });
    }
  }
}
