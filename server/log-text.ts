// Text bound for a log, with its control characters escaped, so a value from a request (a
// path, a form id, an address, an error's message) cannot end the line and write one of its
// own, or send a terminal its escape sequences. Both hosts write every log line through
// `escapingLog` (node/index.ts around pino, edge/worker.ts around the console), so a room's
// own log calls need not think of it.
//
// Escaped: C0 (U+0000-U+001F), DEL and C1 (U+007F-U+009F), and the line and paragraph
// separators (U+2028, U+2029), which JSON keeps as they are and some viewers break lines at.
// A backslash is left as it is, so escaping twice changes nothing; the price is that a typed
// "\n" reads the same as an escaped newline, which forges no line.

const named: Record<number, string> = { 9: "\\t", 10: "\\n", 13: "\\r" };

const isControl = (code: number) =>
  code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/** `text` with every control character written as an escape (`\n`, `\r`, `\t`, `\u001b`). */
export function escapeControls(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isControl(code)) continue;
    out += text.slice(from, i) + (named[code] ?? `\\u${code.toString(16).padStart(4, "0")}`);
    from = i + 1;
  }
  // Most lines hold none: the text itself, not a copy.
  return from === 0 ? text : out + text.slice(from);
}

/** A log function that escapes each message before `write` gets it. */
export function escapingLog(write: (line: string) => void): (message: string) => void {
  return (message) => write(escapeControls(message));
}
