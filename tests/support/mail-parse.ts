// A small MIME reader for the mails the SMTP capture server receives: enough for the
// messages nodemailer writes (headers, encoded-word subjects, multipart/alternative,
// quoted-printable and base64 bodies in UTF-8). Not a general mail parser.

export interface ParsedMail {
  /** Header names in lower case; a repeated header keeps its first value. */
  headers: Record<string, string>;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  /** The text/plain body, decoded; "" when the mail has none. */
  text: string;
  /** The text/html body, decoded; "" when the mail has none. */
  html: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(text: string, inHeader = false): string {
  const source = inHeader ? text.replace(/_/g, " ") : text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 encoded words such as =?UTF-8?Q?Caf=C3=A9?= in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_all, _charset, encoding: string, data: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(data, "base64").toString("utf8")
          : decodeQuotedPrintable(data, true),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function collectParts(raw: string, into: { text: string; html: string }): void {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = (headers["content-type"] ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r?\n/, ""), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"]).replace(/\r\n/g, "\n");
  if (type.startsWith("text/html") && !into.html) into.html = decoded;
  else if (type.startsWith("text/plain") && !into.text) into.text = decoded;
}

export function parseMail(raw: string): ParsedMail {
  const headers = parseHeaders(splitHead(raw).head);
  const bodies = { text: "", html: "" };
  collectParts(raw, bodies);
  return {
    headers,
    from: decodeHeader(headers.from ?? ""),
    to: decodeHeader(headers.to ?? ""),
    replyTo: decodeHeader(headers["reply-to"] ?? ""),
    subject: decodeHeader(headers.subject ?? ""),
    text: bodies.text,
    html: bodies.html,
  };
}
